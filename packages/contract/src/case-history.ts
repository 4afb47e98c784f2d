import { z } from 'zod';

/**
 * What happened to a case, as its page's History shows it (issue 32). Read from what the server already records
 * (the case, its copies and the audit log), never from the web's memory. Which events a caller sees is the server's
 * rule (cases.access `historyVisible`; docs/decisions.md, "A case's history and who sees it").
 */
export const CaseEventKinds = [
  /** The case was uploaded (`device`: the scanner's serial number, when it came from one). */
  'uploaded',
  /** A copy reached a receiving organization (`org`: that organization; `by` null). */
  'received',
  /** The case's files were downloaded (one person's download calls within a minute are one event). */
  'downloaded',
  /** A conversion was asked for (`type`: the target format). */
  'converted',
  /** A model was built from the scans. */
  'modelBuilt',
  /** The lab's progress status changed (`status`: the new one, 1–5). */
  'status',
  /** The sender cancelled the case. */
  'cancelled',
  /** A comment was posted (no detail: the text is in the case's comment list). */
  'commented',
  /** The case was forwarded to a third party (`to`: its name). */
  'forwarded',
  /** A 3D share link was made. */
  'shared',
  /** A share link was opened by its recipient (`by` and `org` null, `own` false; reads within a minute are one). */
  'shareRead',
  /** A share link was revoked. */
  'shareRevoked',
  /** The caller's copy went to the recycle bin. */
  'recycled',
  /** The caller's copy came back from the recycle bin. */
  'restored',
] as const;
export const caseEventKind = z.enum(CaseEventKinds);
export type CaseEventKind = z.infer<typeof caseEventKind>;

export const caseEvent = z.object({
  /** ISO 8601 with offset (UTC). */
  at: z.string(),
  kind: caseEventKind,
  /** Who did it: a person's display name, or null for the system or a share's recipient. */
  by: z.string().nullable(),
  /** The organization that did it (null for a share's recipient). */
  org: z.string().nullable(),
  /** True when the caller's own organization did it (never for a share's recipient). */
  own: z.boolean(),
  /** The kind's details (see CaseEventKinds), all optional strings or numbers. */
  detail: z.record(z.string(), z.union([z.string(), z.number()])),
});
export type CaseEvent = z.infer<typeof caseEvent>;

/** `GET /api/case/history?id=`: newest first, at most the newest 500 events. */
export const caseHistory = z.object({ list: z.array(caseEvent) });
export type CaseHistory = z.infer<typeof caseHistory>;
