import type { ErrorDef } from '@archway/contract';

/**
 * The one way a service refuses: a catalogue entry, optionally naming the offending field, and
 * optionally details for the caller (e.g. each item's outcome when a call on several items all failed).
 */
export class AppError extends Error {
  constructor(
    readonly def: ErrorDef,
    readonly field?: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(def.message);
    this.name = 'AppError';
  }
}
