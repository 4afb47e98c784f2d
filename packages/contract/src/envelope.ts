import { z } from 'zod';

/** The documented success envelope `{success, errorCode, errorMessage, data}`. */
export const envelope = <T extends z.ZodTypeAny>(data: T) =>
  z.object({
    success: z.boolean(),
    errorCode: z.number().int(),
    errorMessage: z.string(),
    data,
  });

/**
 * On a refusal, `data` carries the catalogue key (for the web's translation), for validation errors
 * the offending field, and for a call on several items that all failed, each item's outcome (`results`).
 * Archway decision: the spec does not show `data` on errors.
 */
export const errorData = z.looseObject({ key: z.string(), field: z.string().optional() }).nullable();
export const errorEnvelope = envelope(errorData);

export type Envelope<T> = { success: boolean; errorCode: number; errorMessage: string; data: T };
export type ErrorEnvelope = z.infer<typeof errorEnvelope>;
