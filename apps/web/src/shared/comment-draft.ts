/**
 * An image waiting to be commented with: the 3D preview (features/cases) hands its screenshot here and opens the
 * case's thread (features/comments), which shows it as the message's attachment until it is sent or removed. Kept
 * in memory only, one at a time.
 */
let draft: { caseId: string; image: Blob } | null = null;

export function stashCommentImage(caseId: string, image: Blob): void {
  draft = { caseId, image };
}

/** The image waiting for this case (null when none). */
export const pendingCommentImage = (caseId: string): Blob | null =>
  draft && draft.caseId === caseId ? draft.image : null;

/** Forgets the waiting image of this case (sent or removed). */
export function clearCommentImage(caseId: string): void {
  if (draft?.caseId === caseId) draft = null;
}
