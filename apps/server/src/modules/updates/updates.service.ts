import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  compareVersions,
  fileTypeMime,
  isVersion,
  Languages,
  ReleaseNoteLimits,
  UpdateErrors,
  type Language,
  type ReleaseNote,
  type ReleaseNoteImage,
  type ReleaseNoteItem,
  type ReleaseNoteRow,
  type ReleaseNoteText,
  type ReleaseNoteTexts,
  type UpdateLogDetail,
  type UpdateLogList,
  type UpdateSeen,
  type UpdateSeenBody,
} from '@archway/contract';
import type { Actor } from '../../platform/auth.ts';
import { audit, auditedTransaction, type RequestContext } from '../../platform/audit/audit.ts';
import type { Db, Tx } from '../../platform/db/client.ts';
import { AppError } from '../../platform/errors.ts';
import type { ReceivedFile } from '../../platform/multipart.ts';
import type { Platform } from '../../platform/platform.ts';
import { sanitizeHtml } from '../../platform/sanitize.ts';
import { StorageNotFound } from '../../platform/storage/storage.ts';
import {
  imagesOf,
  mapItems,
  presentImage,
  presentLogDetail,
  presentLogItem,
  presentNote,
  presentNoteRow,
  storedTexts,
  textIn,
  withoutImage,
} from './updates.presenter.ts';
import * as repo from './updates.repository.ts';

/** The image types a release note accepts (by content). */
export const IMAGE_TYPES = ['png', 'jpg', 'gif', 'webp'] as const;
const EXT = { png: 'png', jpg: 'jpg', gif: 'gif', webp: 'webp' } as const;

interface NoteKey {
  type: number;
  version: string;
}
const objectId = (k: NoteKey) => `${k.type}/${k.version}`;

// ---- language -----------------------------------------------------------------------------------------------------

/** One of the 15 languages for an Accept-Language header's first tag (`de-DE` → de, `zh-TW` → zh-tw, `nb` → no). */
export function languageOfHeader(header: string | undefined): Language | undefined {
  const tag = (header ?? '').split(',')[0]!.split(';')[0]!.trim().toLowerCase();
  if (!tag) return undefined;
  if (tag === 'zh-tw' || tag === 'zh-hant' || tag === 'zh-hk') return 'zh-tw';
  const primary = tag.split('-')[0]!;
  if (primary === 'nb' || primary === 'nn') return 'no';
  return (Languages as readonly string[]).includes(primary) ? (primary as Language) : undefined;
}

/**
 * The language a note is answered in: the `lang` parameter, else Accept-Language when it names one of the 15,
 * else the signed-in user's language, else English (and a note without that language falls back to English).
 */
export async function answerLanguage(
  db: Db,
  actor: Actor | null,
  lang: Language | undefined,
  acceptLanguage: string | undefined,
): Promise<Language> {
  if (lang) return lang;
  const fromHeader = languageOfHeader(acceptLanguage);
  if (fromHeader) return fromHeader;
  const stored = actor ? await repo.userLanguage(db, actor.userId) : null;
  return stored && (Languages as readonly string[]).includes(stored) ? (stored as Language) : 'en';
}

// ---- the documented calls -----------------------------------------------------------------------------------------

const newestFirst = <T extends { version: string }>(rows: T[]) =>
  [...rows].sort((a, b) => compareVersions(b.version, a.version));

/** `GET /UpdateLog/getLogList?type=`: every note of the client, latest version first. */
export async function logList(db: Db, type: number, lang: Language): Promise<UpdateLogList> {
  const rows = newestFirst(await repo.listNotes(db, type));
  return {
    state: rows.length > 0 ? 1 : 0,
    list: rows.map((r) => presentLogItem(r, textIn(storedTexts(r.content), lang))),
    version: rows[0]?.version ?? '',
  };
}

/** The latest version of a client's notes ('' when there is none): what the update dialog compares with updateTips. */
export async function latestVersion(db: Db, type: number): Promise<string> {
  return newestFirst(await repo.listNotes(db, type))[0]?.version ?? '';
}

/**
 * `GET /UpdateLog/seen?type=`: the latest version, the latest this person has been shown, and whether the dialog
 * opens by itself. The first ask of a person (no row yet) stores the latest version: a brand-new person never gets
 * the notes of versions they did not use (they get the first-use guide), and what comes later shows once.
 */
export async function seen(db: Db, actor: Actor, type: number): Promise<UpdateSeen> {
  const version = await latestVersion(db, type);
  const stored = await repo.seenVersion(db, actor.userId, type);
  const seenVersion = stored ?? (await repo.firstSeen(db, actor.userId, type, version));
  const show = version !== '' && (seenVersion === '' || compareVersions(version, seenVersion) > 0);
  return { version, seen: seenVersion, show };
}

/**
 * `PUT /UpdateLog/seen`: the person has been shown `version` (an existing note of the client: else updates.notFound).
 * Never goes back: an older version than the stored one leaves it as it is. Answers as `GET /UpdateLog/seen`.
 */
export async function markSeen(db: Db, actor: Actor, body: UpdateSeenBody): Promise<UpdateSeen> {
  if (!(await repo.findNote(db, body.type, body.version)))
    throw new AppError(UpdateErrors.notFound, 'version');
  const stored = await repo.seenVersion(db, actor.userId, body.type);
  if (!stored || compareVersions(body.version, stored) > 0)
    await repo.setSeen(db, actor.userId, body.type, body.version);
  return seen(db, actor, body.type);
}

/** `GET /UpdateLog/getLogDetail?type=&version=`: the note's items in the language, sanitized again. */
export async function logDetail(
  db: Db,
  type: number,
  version: string,
  lang: Language,
): Promise<UpdateLogDetail> {
  const row = await repo.findNote(db, type, version);
  if (!row) throw new AppError(UpdateErrors.notFound);
  const text = textIn(storedTexts(row.content), lang);
  return presentLogDetail(row, text, mapItems(text.items, sanitizeHtml));
}

/** `GET /UpdateLog/image`: an image of an existing note, with its stored bytes. */
export async function openImage(
  platform: Platform,
  q: { name: string; version: string; releaseType?: number },
): Promise<{ contentType: string; size: number; stream: Readable }> {
  const row = await repo.findPublicImage(platform.db, q.version, q.name, q.releaseType);
  if (!row) throw new AppError(UpdateErrors.imageNotFound);
  const stream = await platform.storage.get(row.storageKey).catch((err: unknown) => {
    if (err instanceof StorageNotFound) throw new AppError(UpdateErrors.imageNotFound);
    throw err;
  });
  return { contentType: row.contentType, size: row.size, stream };
}

// ---- the console --------------------------------------------------------------------------------------------------

/** A console change in one transaction; a refusal is audited too (see auditedTransaction). */
const guarded = <T>(
  db: Db,
  ctx: RequestContext,
  actor: Actor,
  action: string,
  key: NoteKey | null,
  fn: (tx: Tx) => Promise<T>,
): Promise<T> =>
  auditedTransaction(
    db,
    ctx,
    { actor, action, objectType: 'releaseNote', objectId: key ? objectId(key) : null },
    fn,
  );

const allowed = (actor: Actor) => ({
  actorUserId: actor.userId,
  actorCustId: actor.custId,
  objectType: 'releaseNote',
  outcome: 'allowed' as const,
});

/** `GET /api2/admin/updates?type=`: every note (of a type), by type, latest version first. */
export async function listForConsole(db: Db, type?: number): Promise<ReleaseNoteRow[]> {
  const [rows, counts] = await Promise.all([repo.listNotes(db, type), repo.imageCounts(db)]);
  return newestFirst(rows)
    .sort((a, b) => a.type - b.type)
    .map((r) => presentNoteRow(r, counts.get(objectId(r)) ?? 0));
}

const sanitizedTexts = (texts: ReleaseNoteTexts): ReleaseNoteTexts =>
  Object.fromEntries(
    Object.entries(texts).map(([lang, text]) => [
      lang,
      { ...text, items: mapItems(text.items, sanitizeHtml) },
    ]),
  );

/** `GET /api2/admin/updates/{type}/{version}`: the whole note with its images. */
export async function readNote(db: Db, key: NoteKey): Promise<ReleaseNote> {
  const row = await repo.findNote(db, key.type, key.version);
  if (!row) throw new AppError(UpdateErrors.notFound);
  const images = await repo.listImages(db, key.type, key.version);
  return presentNote(row, sanitizedTexts(storedTexts(row.content)), images);
}

/**
 * The texts to store: languages with neither topic nor items left out; each kept one needs a topic; at least one
 * language; every item's HTML sanitized; every image named must be one of the note's (`known`).
 */
function checkedTexts(texts: ReleaseNoteTexts, known: Set<string>): Record<string, ReleaseNoteText> {
  const out: Record<string, ReleaseNoteText> = {};
  for (const lang of Languages) {
    const text = texts[lang];
    if (!text || (!text.topic && text.items.length === 0)) continue;
    if (!text.topic) throw new AppError(UpdateErrors.topicRequired, `texts.${lang}.topic`);
    const unknown = imagesOf(text.items).find((name) => !known.has(name));
    if (unknown) throw new AppError(UpdateErrors.imageUnknown, `texts.${lang}.items`);
    out[lang] = { topic: text.topic, items: mapItems(text.items, sanitizeHtml) };
  }
  if (Object.keys(out).length === 0) throw new AppError(UpdateErrors.textsRequired, 'texts');
  return out;
}

interface NoteInput {
  type: number;
  version: string;
  releaseType: number;
  texts: ReleaseNoteTexts;
}

/** `POST /api2/admin/updates`: a new note (no images yet: they are added to a saved note). */
export async function createNote(
  db: Db,
  ctx: RequestContext,
  actor: Actor,
  body: NoteInput,
): Promise<ReleaseNote> {
  const key = { type: body.type, version: body.version };
  return guarded(db, ctx, actor, 'releaseNote.create', key, async (tx) => {
    if (!isVersion(body.version)) throw new AppError(UpdateErrors.version, 'version');
    const content = checkedTexts(body.texts, new Set());
    const row = await repo.insertNote(tx, {
      ...key,
      releaseType: body.releaseType,
      content,
      updatedBy: actor.userId,
    });
    if (!row) throw new AppError(UpdateErrors.exists, 'version');
    await audit(tx, ctx, {
      ...allowed(actor),
      action: 'releaseNote.create',
      objectId: objectId(key),
      detail: { releaseType: body.releaseType, languages: Object.keys(content) },
    });
    return presentNote(row, content, []);
  });
}

/**
 * `PUT /api2/admin/updates/{type}/{version}`: replaces the note's release type and texts; a different type or
 * version in the body moves the note (and its images) there, refused when a note is there already.
 */
export async function replaceNote(
  db: Db,
  ctx: RequestContext,
  actor: Actor,
  key: NoteKey,
  body: NoteInput,
): Promise<ReleaseNote> {
  return guarded(db, ctx, actor, 'releaseNote.update', key, async (tx) => {
    const current = await repo.findNote(tx, key.type, key.version, { lock: true });
    if (!current) throw new AppError(UpdateErrors.notFound);
    if (!isVersion(body.version)) throw new AppError(UpdateErrors.version, 'version');
    const images = await repo.listImages(tx, key.type, key.version);
    const content = checkedTexts(body.texts, new Set(images.map((i) => i.name)));
    const moved = body.type !== key.type || body.version !== key.version;
    if (moved && (await repo.findNote(tx, body.type, body.version)))
      throw new AppError(UpdateErrors.exists, 'version');
    const row = await repo.updateNote(tx, key, {
      type: body.type,
      version: body.version,
      releaseType: body.releaseType,
      content,
      updatedBy: actor.userId,
    });
    await audit(tx, ctx, {
      ...allowed(actor),
      action: 'releaseNote.update',
      objectId: objectId(key),
      detail: {
        releaseType: body.releaseType,
        languages: Object.keys(content),
        ...(moved ? { movedTo: objectId(body) } : {}),
      },
    });
    return presentNote(row!, content, images);
  });
}

/** `DELETE /api2/admin/updates/{type}/{version}`: the note and its images (the files after the commit). */
export async function deleteNote(
  platform: Platform,
  ctx: RequestContext,
  actor: Actor,
  key: NoteKey,
): Promise<void> {
  const keys = await guarded(platform.db, ctx, actor, 'releaseNote.delete', key, async (tx) => {
    const gone = await repo.deleteNote(tx, key.type, key.version);
    if (!gone.deleted) throw new AppError(UpdateErrors.notFound);
    await audit(tx, ctx, {
      ...allowed(actor),
      action: 'releaseNote.delete',
      objectId: objectId(key),
      detail: { images: gone.keys.length },
    });
    return gone.keys;
  });
  await Promise.all(keys.map((k) => platform.storage.delete(k).catch(() => undefined)));
}

/** A fresh image name: `img-<12 hex>.<ext>`. */
const newImageName = (type: keyof typeof EXT) => `img-${randomBytes(6).toString('hex')}.${EXT[type]}`;

/**
 * `POST /api2/admin/updates/{type}/{version}/images`: reads the upload (`receive`: type-checked by content, size
 * limited) once the note is known to exist, stores it, then records it; if the row cannot be written the file is
 * removed again. Every refusal, the upload's included, is audited. Answers the image (its name goes into an item's
 * `images`).
 */
export async function addImage(
  platform: Platform,
  ctx: RequestContext,
  actor: Actor,
  key: NoteKey,
  receive: () => Promise<ReceivedFile>,
): Promise<ReleaseNoteImage> {
  const action = 'releaseNote.image.add';
  const file = await guarded(platform.db, ctx, actor, action, key, async (tx) => {
    if (!(await repo.findNote(tx, key.type, key.version))) throw new AppError(UpdateErrors.notFound);
    return receive();
  });
  const type = file.type as keyof typeof EXT;
  const name = newImageName(type);
  const storageKey = `release-notes/${randomBytes(16).toString('hex')}`;
  const contentType = fileTypeMime[type];
  const stored = await platform.storage.put(storageKey, file.bytes, { contentType });
  try {
    return await guarded(platform.db, ctx, actor, action, key, async (tx) => {
      const note = await repo.findNote(tx, key.type, key.version, { lock: true });
      if (!note) throw new AppError(UpdateErrors.notFound);
      const images = await repo.listImages(tx, key.type, key.version);
      if (images.length >= ReleaseNoteLimits.imagesPerNote) throw new AppError(UpdateErrors.tooManyImages);
      await repo.insertImage(tx, { ...key, name, storageKey, contentType, size: stored.size });
      await audit(tx, ctx, {
        ...allowed(actor),
        action,
        objectId: objectId(key),
        detail: { name, contentType, size: stored.size },
      });
      return presentImage(note, { name, size: stored.size, contentType });
    });
  } catch (err) {
    await platform.storage.delete(storageKey).catch(() => undefined);
    throw err;
  }
}

/**
 * `DELETE /api2/admin/updates/{type}/{version}/images/{name}`: removes the image and every reference to it in the
 * note's texts (one transaction), then its file.
 */
export async function removeImage(
  platform: Platform,
  ctx: RequestContext,
  actor: Actor,
  key: NoteKey,
  name: string,
): Promise<ReleaseNote> {
  const { note, storageKey } = await guarded(
    platform.db,
    ctx,
    actor,
    'releaseNote.image.delete',
    key,
    async (tx) => {
      const row = await repo.findNote(tx, key.type, key.version, { lock: true });
      if (!row) throw new AppError(UpdateErrors.notFound);
      const image = await repo.deleteImage(tx, key.type, key.version, name);
      if (!image) throw new AppError(UpdateErrors.imageNotFound, 'name');
      const texts = storedTexts(row.content);
      const content: Record<string, ReleaseNoteText> = {};
      for (const [lang, text] of Object.entries(texts))
        content[lang] = { ...text, items: withoutImage(text.items as ReleaseNoteItem[], name) };
      await repo.setNoteContent(tx, key, content, actor.userId);
      await audit(tx, ctx, {
        ...allowed(actor),
        action: 'releaseNote.image.delete',
        objectId: objectId(key),
        detail: { name },
      });
      const images = await repo.listImages(tx, key.type, key.version);
      return {
        note: presentNote({ ...row, updatedAt: new Date() }, sanitizedTexts(content), images),
        storageKey: image.storageKey,
      };
    },
  );
  await platform.storage.delete(storageKey).catch(() => undefined);
  return note;
}
