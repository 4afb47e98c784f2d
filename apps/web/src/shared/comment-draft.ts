/**
 * An image waiting to be commented with: the case page's 3D viewer (features/cases) hands its screenshot here and
 * shows the case's thread (features/comments), which shows it as the message's attachment until it is sent or removed. Kept
 * in memory only, one at a time.
 */
let draft: { caseId: string; image: Blob } | null = null;
const listeners = new Set<(caseId: string) => void>();

export function stashCommentImage(caseId: string, image: Blob): void {
  draft = { caseId, image };
  for (const listener of listeners) listener(caseId);
}

/**
 * Calls `listener` with the case of each image stashed from now on (a thread already open takes it as well as one
 * opening later); returns the unsubscribe.
 */
export function onCommentImage(listener: (caseId: string) => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The image waiting for this case (null when none). */
export const pendingCommentImage = (caseId: string): Blob | null =>
  draft && draft.caseId === caseId ? draft.image : null;

/** Forgets the waiting image of this case (sent or removed). */
export function clearCommentImage(caseId: string): void {
  if (draft?.caseId === caseId) draft = null;
}
