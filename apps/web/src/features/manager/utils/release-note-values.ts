import { ClientType, type Language, type ReleaseNoteBody } from '@archway/contract';

/** One item of a release note as the editor's form holds it (every field may still be missing). */
export interface ItemValue {
  title?: string;
  text?: string;
  images?: string[];
  subContent?: ItemValue[];
}

/** The release-note editor's form. */
export interface Values {
  type: number;
  version: string;
  releaseType: number;
  texts: Partial<Record<Language, { topic?: string; items?: ItemValue[] }>>;
}

/** Items nest three levels: an item, its sub-items, and theirs. */
export const MAX_DEPTH = 2;

export const emptyItem = (): ItemValue => ({ title: '', text: '', images: [], subContent: [] });

/** A new note: the web client, English with one empty item. */
export const NEW_NOTE: Values = {
  type: ClientType.web,
  version: '',
  releaseType: 1,
  texts: { en: { topic: '', items: [emptyItem()] } },
};

/** The items as the server takes them: trimmed titles, no undefined, no sub-items below the third level. */
export const cleanItems = (
  items: ItemValue[] | undefined,
  depth = 0,
): NonNullable<ReleaseNoteBody['texts']['en']>['items'] =>
  (items ?? []).map((item) => ({
    title: item.title?.trim() ?? '',
    text: item.text ?? '',
    images: item.images ?? [],
    subContent: depth < MAX_DEPTH ? (cleanItems(item.subContent, depth + 1) as never) : [],
  }));

/** The items without `name` among their images (after the image was deleted). */
export const withoutImage = (items: ItemValue[] | undefined, name: string): ItemValue[] =>
  (items ?? []).map((item) => ({
    ...item,
    images: (item.images ?? []).filter((n) => n !== name),
    subContent: withoutImage(item.subContent, name),
  }));
