import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { fileTypeMime, GenericErrors, FileErrors, type Attachment } from '@archway/contract';
import type { Actor } from '../../platform/auth.ts';
import type { Queryable } from '../../platform/db/client.ts';
import { AppError } from '../../platform/errors.ts';
import type { Platform } from '../../platform/platform.ts';
import type { ReceivedFile } from '../../platform/multipart.ts';
import {
  StorageNotFound,
  StorageRangeNotSatisfiable,
  type ByteRange,
} from '../../platform/storage/storage.ts';
import * as repo from './attachments.repository.ts';

export type { AttachmentKind, AttachmentRow } from './attachments.repository.ts';

/**
 * Stores a received (already type-checked) file and records it. The file is put first; if the row cannot be written
 * the file is removed again, so neither exists without the other. `db` may be the caller's transaction.
 */
export async function saveAttachment(
  platform: Platform,
  db: Queryable,
  input: { kind: repo.AttachmentKind; userId: string | null; custId: string | null; file: ReceivedFile },
): Promise<repo.AttachmentRow> {
  const key = `attachments/${input.kind}/${randomUUID()}`;
  const stored = await platform.storage.put(key, input.file.bytes, {
    contentType: fileTypeMime[input.file.type],
  });
  try {
    return await repo.insertAttachment(db, {
      kind: input.kind,
      userId: input.userId,
      custId: input.custId,
      storageKey: key,
      mime: fileTypeMime[input.file.type],
      size: stored.size,
      name: input.file.name,
    });
  } catch (err) {
    await platform.storage.delete(key).catch(() => undefined);
    throw err;
  }
}

/** Removes the row, then the file (a file left by a crash in between is only unreachable bytes). */
export async function deleteAttachment(platform: Platform, db: Queryable, id: string): Promise<void> {
  const row = await repo.deleteAttachmentRow(db, id);
  if (row) await platform.storage.delete(row.storageKey).catch(() => undefined);
}

export const findAttachment = (db: Queryable, id: string) => repo.findAttachment(db, id);
export const setAttachmentCustomer = repo.setAttachmentCustomer;

export const attachmentUrl = (id: string) => `/attachment/${id}`;

export function presentAttachment(row: repo.AttachmentRow): Attachment {
  // Attachments are never WebP (only release-note images are), so the type is one the attachment schema names.
  const type = (Object.entries(fileTypeMime).find(([, mime]) => mime === row.mime)?.[0] ??
    'pdf') as Attachment['type'];
  return { id: row.id, name: row.name, size: row.size, type, url: attachmentUrl(row.id) };
}

/**
 * Who may read an attachment: its uploader and platform administrators; a business licence its organization's
 * members (it shows registration numbers); a comment's image the organizations holding that case; the rest
 * (avatars, logos, share pictures and video) every signed-in user, since partners see them. Anyone else is told it
 * does not exist.
 */
export async function readableAttachment(
  platform: Platform,
  actor: Actor,
  id: string,
): Promise<repo.AttachmentRow> {
  const row = await repo.findAttachment(platform.db, id);
  if (!row) throw new AppError(GenericErrors.objectNotFound);
  if (actor.isAdmin || row.userId === actor.userId) return row;
  if (row.kind === 'comment') {
    if (actor.custId && (await repo.commentImageVisibleTo(platform.db, row.id, actor.custId))) return row;
  } else if (row.kind !== 'licence') return row;
  else if (row.custId && (await repo.isMember(platform.db, actor.userId, row.custId))) return row;
  throw new AppError(GenericErrors.objectNotFound);
}

/** The stored bytes (a byte range of them); a file gone from storage is "the file has expired", not a 500. */
export function openAttachment(
  platform: Platform,
  row: repo.AttachmentRow,
  range?: ByteRange,
): Promise<Readable> {
  return platform.storage.get(row.storageKey, range).catch((err: unknown) => {
    if (err instanceof StorageNotFound || err instanceof StorageRangeNotSatisfiable)
      throw new AppError(FileErrors.expired);
    throw err;
  });
}
