import { z } from 'zod';
import { Languages, type Language } from './constants.ts';
import { safeString } from './schemas.ts';

/**
 * Update notes (product §2 update-notes icon, §3 "Update log", §4 update dialog, §9 `updateTips`; calls-and-errors
 * §7.7 `GET /UpdateLog/getLogList`, `/UpdateLog/getLogDetail`, `/UpdateLog/image` on the admin service) and the
 * scanner software's download links (product §2 client download icon). The documented field names keep the spec's
 * casing (`Version`, `Topic`, `CreateTime`, `ReleaseType`, `ContentDetail`).
 */

/** The `type` of `/UpdateLog/*`: which client a note is about. 1 the web app (Archway), 2 the scanner client. */
export const ClientType = { web: 1, scanner: 2 } as const;
export const ClientTypes = [ClientType.web, ClientType.scanner] as const;
export type ClientTypeCode = (typeof ClientTypes)[number];

/** `ReleaseType`: 1 a regular release, 2 a patch (fixes only), 3 a beta (a preview). */
export const ReleaseType = { release: 1, patch: 2, beta: 3 } as const;
export const ReleaseTypes = [ReleaseType.release, ReleaseType.patch, ReleaseType.beta] as const;
export type ReleaseTypeCode = (typeof ReleaseTypes)[number];

/** A version: 1 to 4 dot-separated numbers, an optional `-suffix` (`1.10.0`, `2.0`, `1.11.0-beta.1`); ≤ 32 chars. */
export const VERSION_MAX = 32;
export const VERSION_PATTERN = /^\d{1,9}(?:\.\d{1,9}){0,3}(?:-[0-9A-Za-z]+(?:\.[0-9A-Za-z]+)*)?$/;
export const isVersion = (s: string): boolean => s.length <= VERSION_MAX && VERSION_PATTERN.test(s);

/**
 * Orders versions as semantic versions: the numbers one by one (a missing one counts as 0), then a version with a
 * `-suffix` before the same version without one (a beta before its release), then the suffixes as text. "Latest"
 * means the greatest version by this order, not the newest note.
 */
export function compareVersions(a: string, b: string): number {
  const split = (v: string) => {
    const dash = v.indexOf('-');
    const core = dash < 0 ? v : v.slice(0, dash);
    return { nums: core.split('.').map((n) => Number(n) || 0), pre: dash < 0 ? '' : v.slice(dash + 1) };
  };
  const x = split(a);
  const y = split(b);
  for (let i = 0; i < Math.max(x.nums.length, y.nums.length); i++) {
    const d = (x.nums[i] ?? 0) - (y.nums[i] ?? 0);
    if (d !== 0) return d < 0 ? -1 : 1;
  }
  if (x.pre === y.pre) return 0;
  if (!x.pre) return 1;
  if (!y.pre) return -1;
  return x.pre < y.pre ? -1 : 1;
}

/** Limits of one note: items per level, nesting, images. */
export const ReleaseNoteLimits = {
  items: 50,
  subItems: 20,
  imagesPerItem: 10,
  imagesPerNote: 30,
  imageBytes: 5 * 1024 * 1024,
  title: 200,
  topic: 200,
  text: 20_000,
} as const;

/** An image name as the server makes it: `img-<12 hex>.<png|jpg|gif|webp>`. */
export const imageName = safeString(64).min(1);

const itemFields = {
  title: safeString(ReleaseNoteLimits.title).default(''),
  /** HTML, sanitized when saved and again when served. */
  text: z.string().max(ReleaseNoteLimits.text).default(''),
  /** Names of the note's images (`GET /UpdateLog/image?name=`), shown below the text. */
  images: z.array(imageName).max(ReleaseNoteLimits.imagesPerItem).default([]),
};
/** Items nest three levels deep: an item, its `subContent`, and theirs (whose `subContent` is always empty). */
const leafItem = z.object({ ...itemFields, subContent: z.array(z.never()).max(0).default([]) });
const middleItem = z.object({
  ...itemFields,
  subContent: z.array(leafItem).max(ReleaseNoteLimits.subItems).default([]),
});
export const releaseNoteItem = z.object({
  ...itemFields,
  subContent: z.array(middleItem).max(ReleaseNoteLimits.subItems).default([]),
});
export type ReleaseNoteItem = z.infer<typeof releaseNoteItem>;
export type ReleaseNoteItemInput = z.input<typeof releaseNoteItem>;

/** One language's text of a note. */
export const releaseNoteText = z.object({
  topic: safeString(ReleaseNoteLimits.topic).default(''),
  items: z.array(releaseNoteItem).max(ReleaseNoteLimits.items).default([]),
});
export type ReleaseNoteText = z.infer<typeof releaseNoteText>;

/** The texts by language (any of the 15; English is the fallback). */
export const releaseNoteTexts = z.partialRecord(z.enum(Languages), releaseNoteText);
export type ReleaseNoteTexts = Partial<Record<Language, ReleaseNoteText>>;

// ---- the documented calls ---------------------------------------------------------------------------------------

const clientTypeQuery = z.coerce
  .number()
  .int()
  .min(1)
  .max(99)
  .describe('Which client: 1 the web app, 2 the scanner client (other numbers have no notes)');
const langQuery = z
  .enum(Languages)
  .optional()
  .describe(
    "Archway addition: the caller's interface language (the web app sends its stored `lang`); without it the signed-in user's language, then Accept-Language; English when the note has no text in that language",
  );

/** `GET /UpdateLog/getLogList?type=` */
export const updateLogListQuery = z.object({ type: clientTypeQuery, lang: langQuery });

export const updateLogItem = z.object({
  Version: z.string(),
  Topic: z.string(),
  /** "YYYY-MM-DD HH:mm:ss" (UTC), when the note was written. */
  CreateTime: z.string(),
  ReleaseType: z.number().int().describe('1 release, 2 patch, 3 beta'),
});
export type UpdateLogItem = z.infer<typeof updateLogItem>;

export const updateLogList = z.object({
  state: z.number().int().describe('1 when this client has at least one note, else 0'),
  list: z.array(updateLogItem).describe('Every note of this client, latest version first'),
  version: z
    .string()
    .describe(
      "The latest version (greatest by semantic order), '' when there is none: the dialog's updateTips",
    ),
});
export type UpdateLogList = z.infer<typeof updateLogList>;

/**
 * Archway's `GET /UpdateLog/seen?type=` and `PUT /UpdateLog/seen` (issue 33): whether the signed-in person has notes
 * to read, kept on the server per person and client (the spec's local `updateTips` was per browser, so a new browser
 * showed the notes again, and a brand-new person saw them at the first sign-in).
 */
export const updateSeenQuery = z.object({ type: clientTypeQuery });
export const updateSeen = z.object({
  version: z.string().describe("The latest version of this client's notes, '' when there is none"),
  seen: z
    .string()
    .describe(
      'The latest version this person has been shown (set to the latest at their first ask, so a new person never sees older notes)',
    ),
  show: z
    .boolean()
    .describe('True when the latest version is newer than the one seen: the dialog opens by itself once'),
});
export type UpdateSeen = z.infer<typeof updateSeen>;
export const updateSeenBody = z.object({
  type: z.number().int().min(1).max(99),
  version: safeString(100)
    .min(1)
    .describe('The version the person was shown (an existing note of this client)'),
});
export type UpdateSeenBody = z.infer<typeof updateSeenBody>;

/** `GET /UpdateLog/getLogDetail?type=&version=` */
export const updateLogDetailQuery = z.object({
  type: clientTypeQuery,
  version: safeString(100).min(1),
  lang: langQuery,
});

export const updateLogDetail = z.object({
  ContentDetail: z.array(releaseNoteItem),
  ReleaseType: z.number().int(),
  Version: z.string(),
  /** Archway additions, so that a detail stands alone. */
  Topic: z.string(),
  CreateTime: z.string(),
});
export type UpdateLogDetail = z.infer<typeof updateLogDetail>;

/** `GET /UpdateLog/image?name=&version=&releaseType=` */
export const updateLogImageQuery = z.object({
  name: imageName,
  version: safeString(100).min(1),
  releaseType: z.coerce.number().int().optional(),
});

/** Where a note's image is read: on the admin service, no token needed (an `<img>` sends none). */
export const releaseNoteImagePath = (name: string, version: string, releaseType: number): string =>
  `/UpdateLog/image?${new URLSearchParams({ name, version, releaseType: String(releaseType) }).toString()}`;

// ---- the console (`/api2/admin/updates`) -------------------------------------------------------------------------

export const clientTypeCode = z.literal(ClientTypes);
export const releaseTypeCode = z.literal(ReleaseTypes);

/** Create (`POST`) or replace (`PUT /{type}/{version}`, which may also change type and version) a note. */
export const releaseNoteBody = z.object({
  type: clientTypeCode,
  /** Checked by the service (`updates.version`): see {@link VERSION_PATTERN}. */
  version: safeString(100),
  releaseType: releaseTypeCode.default(ReleaseType.release),
  texts: releaseNoteTexts,
});
export type ReleaseNoteBody = z.input<typeof releaseNoteBody>;

export const releaseNoteParams = z.object({
  type: z.coerce.number().int().min(1).max(99),
  version: safeString(100).min(1),
});
export const releaseNoteImageParams = releaseNoteParams.extend({ name: imageName });
export const releaseNoteListQuery = z.object({ type: z.coerce.number().int().min(1).max(99).optional() });

export const releaseNoteImage = z.object({
  name: z.string(),
  size: z.number().int(),
  contentType: z.string(),
  /** `/UpdateLog/image?…` on the admin service. */
  url: z.string(),
});
export type ReleaseNoteImage = z.infer<typeof releaseNoteImage>;

export const releaseNote = z.object({
  type: z.number().int(),
  version: z.string(),
  releaseType: z.number().int(),
  texts: releaseNoteTexts,
  images: z.array(releaseNoteImage),
  createTime: z.string(),
  updateTime: z.string(),
});
export type ReleaseNote = z.infer<typeof releaseNote>;

export const releaseNoteRow = z.object({
  type: z.number().int(),
  version: z.string(),
  releaseType: z.number().int(),
  /** The English topic, else the first language's. */
  topic: z.string(),
  languages: z.array(z.enum(Languages)),
  images: z.number().int(),
  createTime: z.string(),
  updateTime: z.string(),
});
export type ReleaseNoteRow = z.infer<typeof releaseNoteRow>;
export const releaseNoteList = z.array(releaseNoteRow);

// ---- client downloads --------------------------------------------------------------------------------------------

export const ClientPlatforms = ['windows', 'macos', 'linux', 'other'] as const;
export type ClientPlatform = (typeof ClientPlatforms)[number];

export const clientDownload = z.object({
  name: safeString(100).min(1),
  platform: z.enum(ClientPlatforms),
  version: safeString(VERSION_MAX).default(''),
  /** https only (`clientDownload.httpsOnly`). */
  url: safeString(2000).min(1),
  note: safeString(300).optional(),
});
export type ClientDownload = z.infer<typeof clientDownload>;
export type ClientDownloadInput = z.input<typeof clientDownload>;

/** `GET /api/client/downloads`: the links, in the administrator's order. */
export const clientDownloadList = z.array(clientDownload);

/** `GET|PUT /api2/admin/client/downloads`. */
export const clientDownloadsBody = z.object({ list: z.array(clientDownload).max(20) });
export type ClientDownloadsBody = z.input<typeof clientDownloadsBody>;
export const clientDownloadsAnswer = z.object({
  list: z.array(clientDownload),
  /** "YYYY-MM-DD HH:mm:ss" (UTC) of the last change, null when never set. */
  updateTime: z.string().nullable(),
});
export type ClientDownloadsAnswer = z.infer<typeof clientDownloadsAnswer>;
