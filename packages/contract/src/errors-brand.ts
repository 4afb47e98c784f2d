/**
 * The catalogue's table for the special branded builds (product §2, §6; support and back office issue): what such a
 * server refuses because its edition has no such screen. Codes are Archway's, in the table of the call refused.
 */
import { def } from './error-def.ts';

export const BrandErrors = {
  /** `POST /api/case/model/{id}` on a special brand (the model builder's table: -1 … -5 are ModelErrors). */
  modelBuilder: def(-6, 'brand.modelBuilder', 403, 'The model builder is not part of this edition'),
} as const;
