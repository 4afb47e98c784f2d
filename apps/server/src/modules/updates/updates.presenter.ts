import {
  Languages,
  releaseNoteImagePath,
  releaseNoteText,
  type Language,
  type ReleaseNote,
  type ReleaseNoteImage,
  type ReleaseNoteItem,
  type ReleaseNoteRow,
  type ReleaseNoteText,
  type ReleaseNoteTexts,
  type UpdateLogDetail,
  type UpdateLogItem,
} from '@archway/contract';

/** The rows this presenter reads (the repository's, without importing it). */
export interface NoteRow {
  type: number;
  version: string;
  releaseType: number;
  content: Record<string, unknown>;
  createdAt: Date;
  updatedAt: Date;
}
export interface ImageRow {
  name: string;
  size: number;
  contentType: string;
}

/** "YYYY-MM-DD HH:mm:ss" (UTC), as every date leaves the server. */
export const formatTime = (d: Date): string => d.toISOString().slice(0, 19).replace('T', ' ');

/** The stored texts, read tolerantly: a language whose entry does not parse is left out. */
export function storedTexts(content: Record<string, unknown>): ReleaseNoteTexts {
  const out: ReleaseNoteTexts = {};
  for (const lang of Languages) {
    const parsed = releaseNoteText.safeParse(content[lang]);
    if (content[lang] !== undefined && parsed.success) out[lang] = parsed.data;
  }
  return out;
}

/** The text in `lang`, else English, else the first language the note has (an empty text when it has none). */
export function textIn(texts: ReleaseNoteTexts, lang: Language): ReleaseNoteText {
  return texts[lang] ?? texts.en ?? Languages.map((l) => texts[l]).find(Boolean) ?? { topic: '', items: [] };
}

/** Every item's `text` passed through `clean`, at every level. */
export function mapItems(items: ReleaseNoteItem[], clean: (html: string) => string): ReleaseNoteItem[] {
  return items.map((item) => ({
    ...item,
    text: clean(item.text),
    subContent: mapItems(item.subContent as ReleaseNoteItem[], clean) as ReleaseNoteItem['subContent'],
  }));
}

/** Every image name an item list names, at every level. */
export function imagesOf(items: ReleaseNoteItem[]): string[] {
  return items.flatMap((item) => [...item.images, ...imagesOf(item.subContent as ReleaseNoteItem[])]);
}

/** The items without references to `name`. */
export function withoutImage(items: ReleaseNoteItem[], name: string): ReleaseNoteItem[] {
  return items.map((item) => ({
    ...item,
    images: item.images.filter((n) => n !== name),
    subContent: withoutImage(item.subContent as ReleaseNoteItem[], name) as ReleaseNoteItem['subContent'],
  }));
}

/** A list item of `GET /UpdateLog/getLogList`. */
export const presentLogItem = (row: NoteRow, text: ReleaseNoteText): UpdateLogItem => ({
  Version: row.version,
  Topic: text.topic,
  CreateTime: formatTime(row.createdAt),
  ReleaseType: row.releaseType,
});

/** `GET /UpdateLog/getLogDetail`; `items` are already sanitized. */
export const presentLogDetail = (
  row: NoteRow,
  text: ReleaseNoteText,
  items: ReleaseNoteItem[],
): UpdateLogDetail => ({
  ContentDetail: items,
  ReleaseType: row.releaseType,
  Version: row.version,
  Topic: text.topic,
  CreateTime: formatTime(row.createdAt),
});

export const presentImage = (note: NoteRow, image: ImageRow): ReleaseNoteImage => ({
  name: image.name,
  size: image.size,
  contentType: image.contentType,
  url: releaseNoteImagePath(image.name, note.version, note.releaseType),
});

/** The console's whole note; `texts` are already sanitized. */
export const presentNote = (row: NoteRow, texts: ReleaseNoteTexts, images: ImageRow[]): ReleaseNote => ({
  type: row.type,
  version: row.version,
  releaseType: row.releaseType,
  texts,
  images: images.map((i) => presentImage(row, i)),
  createTime: formatTime(row.createdAt),
  updateTime: formatTime(row.updatedAt),
});

/** A row of the console's list. */
export function presentNoteRow(row: NoteRow, images: number): ReleaseNoteRow {
  const texts = storedTexts(row.content);
  return {
    type: row.type,
    version: row.version,
    releaseType: row.releaseType,
    topic: textIn(texts, 'en').topic,
    languages: Languages.filter((l) => texts[l]),
    images,
    createTime: formatTime(row.createdAt),
    updateTime: formatTime(row.updatedAt),
  };
}
