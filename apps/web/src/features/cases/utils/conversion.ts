import {
  ConversionTypes,
  SelectableConversionTypes,
  type Conversion,
  type ConversionType,
} from '@archway/contract';

/** A target the caller may choose (PLY colour is listed but no longer selectable). */
export type ConvertTarget = (typeof SelectableConversionTypes)[number];

/** How often a queued or running conversion is asked for its progress. */
export const CONVERSION_POLL_MS = 1000;

/** The dialog's choices in the order of product §1: each with whether it can be chosen. */
export const CONVERT_OPTIONS: readonly { type: ConversionType; selectable: boolean }[] = ConversionTypes.map(
  (type) => ({ type, selectable: isSelectable(type) }),
);

/**
 * What the dialog offers: only the formats that can be chosen (issue 33: no option that cannot be chosen); the
 * retired ones are named once in a line below them, saying why.
 */
export const CONVERT_CHOICES: readonly ConvertTarget[] = CONVERT_OPTIONS.flatMap(({ type }) =>
  isSelectable(type) ? [type] : [],
);
export const RETIRED_FORMATS: readonly ConversionType[] = CONVERT_OPTIONS.flatMap(({ type, selectable }) =>
  selectable ? [] : [type],
);

export function isSelectable(type: string): type is ConvertTarget {
  return (SelectableConversionTypes as readonly string[]).includes(type);
}

/** Still going: the dialog keeps asking for its progress. */
export const isActive = (c: Pick<Conversion, 'state'> | null | undefined): boolean =>
  c?.state === 'queued' || c?.state === 'running';

/** The progress bar's percentage: whole numbers, 100 only once done. */
export function conversionPercent(c: Pick<Conversion, 'state' | 'progress'>): number {
  if (c.state === 'done') return 100;
  const p = Number.isFinite(c.progress) ? c.progress : 0;
  return Math.min(99, Math.max(0, Math.floor(p * 100)));
}

/** The progress bar's look for a state. */
export function progressStatus(state: Conversion['state']): 'active' | 'success' | 'exception' | 'normal' {
  if (state === 'done') return 'success';
  if (state === 'failed') return 'exception';
  return state === 'running' ? 'active' : 'normal';
}

/** The translation key of why a conversion failed (the catalogue's), or the generic "processing failed". */
export const failureKey = (c: Pick<Conversion, 'error'>): string =>
  c.error?.key ? `errors.${c.error.key}` : 'errors.case.processingFailed';

/**
 * What the dialog shows below the choices: nothing yet, the server's refusal, waiting for the first answer, or the
 * job (queued, running, done, failed).
 */
export type ConversionPhase =
  | { kind: 'idle' }
  | { kind: 'starting' }
  | { kind: 'refused'; messageKey: string }
  | { kind: 'job'; job: Conversion };

export function conversionPhase(input: {
  /** The target the person asked to convert to; null until Convert is pressed. */
  started: ConvertTarget | null;
  job: Conversion | undefined;
  /** The last call's refusal: its translation key (`errors.<catalogue key>`), when it failed. */
  refusalKey: string | null;
}): ConversionPhase {
  if (!input.started) return { kind: 'idle' };
  if (input.refusalKey) return { kind: 'refused', messageKey: input.refusalKey };
  if (input.job && input.job.type === input.started) return { kind: 'job', job: input.job };
  return { kind: 'starting' };
}

/**
 * Convert is pressed with a chosen target, unless a conversion runs (the server would refuse a second one) or the
 * very same result is shown already.
 */
export function canConvert(choice: ConversionType | null, phase: ConversionPhase): boolean {
  if (!choice || !isSelectable(choice)) return false;
  if (phase.kind === 'starting') return false;
  if (phase.kind === 'job') {
    if (isActive(phase.job)) return false;
    if (phase.job.type === choice && phase.job.state === 'done') return false;
  }
  return true;
}

/** Convert again from scratch (`flush=1`): the shown conversion to the same target failed. */
export const needsFlush = (choice: ConversionType | null, phase: ConversionPhase): boolean =>
  phase.kind === 'job' && phase.job.type === choice && phase.job.state === 'failed';
