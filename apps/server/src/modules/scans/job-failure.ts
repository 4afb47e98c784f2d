import type { ErrorDef } from '@archway/contract';

/** Why a scan job failed, as the catalogue says it: the runner fails the job at once (no retry). */
export class JobFailure extends Error {
  constructor(readonly def: ErrorDef) {
    super(def.key);
  }
}
