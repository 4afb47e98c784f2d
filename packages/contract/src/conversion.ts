import { z } from 'zod';
import { flag } from './cases.ts';

/**
 * Online conversion (product §4, calls-and-errors §7.4). The targets the dialog lists: PLY texture (binary PLY with
 * the true per-vertex colour, the smaller file), PLY colour (shown, no longer selectable: the server refuses it) and
 * STL (binary, no colour: the lab's software shows it in plaster).
 */
export const ConversionTypes = ['plyTexture', 'plyColor', 'stl'] as const;
export type ConversionType = (typeof ConversionTypes)[number];
/** The targets a caller may choose. */
export const SelectableConversionTypes = ['plyTexture', 'stl'] as const satisfies readonly ConversionType[];
/** The file extension each target writes. */
export const conversionExt = { plyTexture: 'ply', plyColor: 'ply', stl: 'stl' } as const;

/**
 * `GET /api/caseRedis/convert/{id}?type=&flush=`: without `flush`, reports the latest conversion of the case to
 * `type` and starts one when there is none; with `flush=1`, starts a fresh one (replacing an earlier result of that
 * type). `type` is optional in the schema so that its absence gets the catalogue's `case.conversionNoFormat`.
 */
export const convertQuery = z.object({
  type: z.string().max(20).optional(),
  flush: flag.optional(),
});

export const ConversionStates = ['queued', 'running', 'done', 'failed'] as const;
export type ConversionState = (typeof ConversionStates)[number];

/** A converted file of the case (downloadable like the others, at `url`). */
export const convertedFile = z.object({
  id: z.string(),
  name: z.string(),
  size: z.number().int(),
  format: z.string(),
  url: z.string(),
  /** Triangles in the file. */
  triangles: z.number().int(),
});
export type ConvertedFile = z.infer<typeof convertedFile>;

/** A conversion job as the caller sees it. */
export const conversion = z.object({
  /** The job. */
  id: z.string(),
  caseId: z.string(),
  type: z.enum(ConversionTypes),
  state: z.enum(ConversionStates),
  /** 0 … 1. */
  progress: z.number(),
  /** When `state` is `failed`: the catalogue key and code of why (e.g. `case.processingFailed`). */
  error: z.object({ key: z.string(), code: z.number().int() }).nullable(),
  /** When `state` is `done`: the files written, one per scan file of the case. */
  files: z.array(convertedFile),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type Conversion = z.infer<typeof conversion>;

/**
 * `POST /api/case/convert/result`: the record of the case's latest conversion (to `type` when given, else to any
 * type) in whatever state it is, with the files it added to the case once done; null when there is none. The
 * worker records a result itself, in the transaction that marks its job done, so that no result depends on a
 * browser staying open; this call reads it back (the dialog opens on it, and sees a running job's progress).
 */
export const convertResultBody = z.object({
  id: z.string(),
  type: z.string().max(20).optional(),
});
