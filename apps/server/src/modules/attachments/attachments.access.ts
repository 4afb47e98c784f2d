import type { Actor } from '../../platform/auth.ts';
import type { Queryable } from '../../platform/db/client.ts';
import type { AttachmentKind, AttachmentRow } from './attachments.repository.ts';

/**
 * The rule of a kind of attachment that the module using it keeps private, registered by that module at start
 * (attachments sits below every module that stores files, so it cannot ask them): who else may read one, and
 * which of a batch are still in use (the unused ones are removed by attachments.jobs after a day).
 */
export interface PrivateKind {
  /** Whether `actor` (neither the uploader nor an administrator) may read `row`. */
  mayRead: (db: Queryable, actor: Actor, row: AttachmentRow) => Promise<boolean>;
  /** Of these ids, the ones still in use (named by what they were uploaded for). */
  inUse?: (db: Queryable, ids: readonly string[]) => Promise<ReadonlySet<string>>;
}

const privateKinds = new Map<AttachmentKind, PrivateKind>();

/** Registers the rule of a private kind (the orgs module: licences). The same kind registered again replaces it. */
export const registerPrivateKind = (kind: AttachmentKind, rule: PrivateKind) =>
  void privateKinds.set(kind, rule);

/** The rule of a kind, when a module registered one. */
export const privateKind = (kind: AttachmentKind) => privateKinds.get(kind);

/**
 * Who may read an attachment: its uploader and platform administrators; a private kind as the module using it says
 * (orgs.access `licenceRule`: a business licence its organization's members, since it shows registration numbers;
 * comments.access `mayReadCommentImage`: a comment's image the organizations holding that case, not emptied from
 * their bin); the rest (avatars, logos, share pictures and video) every signed-in user, since partners see them. A
 * private kind nobody registered a rule for is read by no one else.
 */
export async function mayReadAttachment(db: Queryable, actor: Actor, row: AttachmentRow): Promise<boolean> {
  if (actor.isAdmin || row.userId === actor.userId) return true;
  if (!PRIVATE.has(row.kind)) return true;
  const rule = privateKinds.get(row.kind);
  return rule ? rule.mayRead(db, actor, row) : false;
}

/** The kinds only their uploader, administrators and whom their module's rule names may read. */
const PRIVATE: ReadonlySet<AttachmentKind> = new Set(['licence', 'comment']);
