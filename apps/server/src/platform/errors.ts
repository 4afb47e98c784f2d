import type { ErrorDef } from '@archway/contract';

/** The one way a service refuses: a catalogue entry, optionally naming the offending field. */
export class AppError extends Error {
  constructor(
    readonly def: ErrorDef,
    readonly field?: string,
  ) {
    super(def.message);
    this.name = 'AppError';
  }
}
