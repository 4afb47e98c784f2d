import type { Queryable } from '../../platform/db/client.ts';
import * as repo from './cases.repository.ts';

/**
 * A case's files and preview image as the modules above cases read and write them (scans: conversions, the
 * preview image, model builds and comparisons). The tables are the case module's: other modules reach them here,
 * never through its repository.
 */

export type CaseFile = repo.CaseFileRecord;
export type NewCaseFile = Parameters<typeof repo.replaceConverted>[3][number];

/** The case's own scans (not earlier conversions' results), oldest first. */
export const originalFiles = (db: Queryable, caseId: string) => repo.originalFiles(db, caseId);

/** The files a conversion to `type` (or a model build, `model`) wrote. */
export const convertedFiles = (db: Queryable, caseId: string, type: string) =>
  repo.convertedFiles(db, caseId, type);

/** One case file by its id, whichever case it belongs to (the caller checks its rights on that case). */
export const fileById = (db: Queryable, id: string) => repo.fileById(db, id);

/** Replaces the files of the case's earlier conversion to `type`; answers the old ones' storage keys. */
export const replaceConvertedFiles = (db: Queryable, caseId: string, type: string, files: NewCaseFile[]) =>
  repo.replaceConverted(db, caseId, type, files);

/** Sets the case's preview image; answers the one it replaces (to remove from storage). */
export const setCaseThumbnail = (db: Queryable, caseId: string, key: string) =>
  repo.setThumbnail(db, caseId, key);

/** The organizations that hold a copy of the case (box or bin, not emptied): whose open lists show its image. */
export const caseHolders = (db: Queryable, caseId: string) => repo.caseHolders(db, caseId);
