import {
  ClientDownloadErrors,
  clientDownload,
  type ClientDownload,
  type ClientDownloadsAnswer,
} from '@archway/contract';
import type { Actor } from '../../platform/auth.ts';
import { audit, type RequestContext } from '../../platform/audit/audit.ts';
import type { Db } from '../../platform/db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { readSetting, writeSetting } from '../../platform/settings/settings.ts';
import { formatTime } from './updates.presenter.ts';

/** The platform_settings row holding the links: `{ list: ClientDownload[] }`. */
const KEY = 'clientDownloads';

/** The stored links, read tolerantly (an entry that no longer parses is left out). */
async function stored(db: Db): Promise<{ list: ClientDownload[]; updatedAt: Date | null }> {
  const row = await readSetting(db, KEY);
  const raw = Array.isArray(row?.value.list) ? (row.value.list as unknown[]) : [];
  const list = raw.flatMap((entry) => {
    const parsed = clientDownload.safeParse(entry);
    return parsed.success && isHttps(parsed.data.url) ? [withoutEmptyNote(parsed.data)] : [];
  });
  return { list, updatedAt: row?.updatedAt ?? null };
}

const withoutEmptyNote = ({ note, ...rest }: ClientDownload): ClientDownload =>
  note ? { ...rest, note } : rest;

/** An absolute https:// address with a host (no credentials in it). */
export function isHttps(url: string): boolean {
  try {
    const u = new URL(url);
    return u.protocol === 'https:' && !!u.hostname && !u.username && !u.password;
  } catch {
    return false;
  }
}

/** `GET /api/client/downloads`: the links every signed-in user sees. */
export async function downloads(db: Db): Promise<ClientDownload[]> {
  return (await stored(db)).list;
}

/** `GET /api2/admin/client/downloads`. */
export async function readDownloads(db: Db): Promise<ClientDownloadsAnswer> {
  const { list, updatedAt } = await stored(db);
  return { list, updateTime: updatedAt ? formatTime(updatedAt) : null };
}

/** `PUT /api2/admin/client/downloads`: replaces the links (https only), audited in the same transaction. */
export async function writeDownloads(
  db: Db,
  ctx: RequestContext,
  actor: Actor,
  list: ClientDownload[],
): Promise<ClientDownloadsAnswer> {
  const bad = list.findIndex((d) => !isHttps(d.url));
  if (bad >= 0) {
    await audit(db, ctx, {
      actorUserId: actor.userId,
      actorCustId: actor.custId,
      action: 'client.downloads',
      objectType: 'platformSetting',
      objectId: KEY,
      outcome: 'refused',
      detail: {
        code: ClientDownloadErrors.httpsOnly.code,
        key: ClientDownloadErrors.httpsOnly.key,
        index: bad,
      },
    });
    throw new AppError(ClientDownloadErrors.httpsOnly, `list.${bad}.url`);
  }
  const clean = list.map(withoutEmptyNote);
  const updatedAt = await db.transaction(async (tx) => {
    const at = await writeSetting(tx, KEY, { list: clean });
    await audit(tx, ctx, {
      actorUserId: actor.userId,
      actorCustId: actor.custId,
      action: 'client.downloads',
      objectType: 'platformSetting',
      objectId: KEY,
      outcome: 'allowed',
      detail: { links: clean.length, urls: clean.map((d) => d.url) },
    });
    return at;
  });
  return { list: clean, updateTime: formatTime(updatedAt) };
}
