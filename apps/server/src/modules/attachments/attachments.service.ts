import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { fileTypeMime, GenericErrors, FileErrors, type Attachment } from '@archway/contract';
import type { Actor } from '../../platform/auth.ts';
import type { Queryable } from '../../platform/db/client.ts';
import { AppError } from '../../platform/errors.ts';
import type { Platform } from '../../platform/platform.ts';
import type { ReceivedFile } from '../../platform/multipart.ts';
import {
  StorageNotFound,
  StorageRangeNotSatisfiable,
  type ByteRange,
} from '../../platform/storage/storage.ts';
import { mayReadAttachment } from './attachments.access.ts';
import * as repo from './attachments.repository.ts';

export type { AttachmentKind, AttachmentRow } from './attachments.repository.ts';

/**
 * Stores a received (already type-checked) file and records it. The file is put first; if the row cannot be written
 * the file is removed again, so neither exists without the other. `db` may be the caller's transaction.
 */
export async function saveAttachment(
  platform: Platform,
  db: Queryable,
  input: { kind: repo.AttachmentKind; userId: string | null; custId: string | null; file: ReceivedFile },
): Promise<repo.AttachmentRow> {
  const key = `attachments/${input.kind}/${randomUUID()}`;
  const stored = await platform.storage.put(key, input.file.bytes, {
    contentType: fileTypeMime[input.file.type],
  });
  try {
    return await repo.insertAttachment(db, {
      kind: input.kind,
      userId: input.userId,
      custId: input.custId,
      storageKey: key,
      mime: fileTypeMime[input.file.type],
      size: stored.size,
      name: input.file.name,
    });
  } catch (err) {
    await platform.storage.delete(key).catch(() => undefined);
    throw err;
  }
}

/** Removes the row, then the file (a file left by a crash in between is only unreachable bytes). */
export async function deleteAttachment(platform: Platform, db: Queryable, id: string): Promise<void> {
  const row = await repo.deleteAttachmentRow(db, id);
  if (row) await platform.storage.delete(row.storageKey).catch(() => undefined);
}

export const findAttachment = (db: Queryable, id: string) => repo.findAttachment(db, id);
/** Storage keys of an organization's attachments (its rows go with it by the foreign key; the files after). */
export const storageKeysOfCustomer = (db: Queryable, custId: string) =>
  repo.storageKeysOfCustomer(db, custId);
export const setAttachmentCustomer = repo.setAttachmentCustomer;

export const attachmentUrl = (id: string) => `/attachment/${id}`;

export function presentAttachment(row: repo.AttachmentRow): Attachment {
  // Attachments are never WebP (only release-note images are), so the type is one the attachment schema names.
  const type = (Object.entries(fileTypeMime).find(([, mime]) => mime === row.mime)?.[0] ??
    'pdf') as Attachment['type'];
  return { id: row.id, name: row.name, size: row.size, type, url: attachmentUrl(row.id) };
}

/** The attachment when the caller may read it (attachments.access `mayReadAttachment`); else "not found". */
export async function readableAttachment(
  platform: Platform,
  actor: Actor,
  id: string,
): Promise<repo.AttachmentRow> {
  const row = await repo.findAttachment(platform.db, id);
  if (!row || !(await mayReadAttachment(platform.db, actor, row)))
    throw new AppError(GenericErrors.objectNotFound);
  return row;
}

/** The stored bytes (a byte range of them); a file gone from storage is "the file has expired", not a 500. */
export function openAttachment(
  platform: Platform,
  row: repo.AttachmentRow,
  range?: ByteRange,
): Promise<Readable> {
  return platform.storage.get(row.storageKey, range).catch((err: unknown) => {
    if (err instanceof StorageNotFound || err instanceof StorageRangeNotSatisfiable)
      throw new AppError(FileErrors.expired);
    throw err;
  });
}
