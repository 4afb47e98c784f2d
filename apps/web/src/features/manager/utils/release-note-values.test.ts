import { describe, expect, it } from 'vitest';
import { cleanItems, withoutImage, type ItemValue } from './release-note-values.ts';

describe('release note values', () => {
  it('cleans items as the server takes them: titles trimmed, missing fields filled, nothing below the third level', () => {
    const deep: ItemValue = {
      title: ' a ',
      subContent: [{ title: 'b', subContent: [{ text: 'c', subContent: [{ title: 'too deep' }] }] }],
    };
    expect(cleanItems([deep])).toEqual([
      {
        title: 'a',
        text: '',
        images: [],
        subContent: [
          {
            title: 'b',
            text: '',
            images: [],
            subContent: [{ title: '', text: 'c', images: [], subContent: [] }],
          },
        ],
      },
    ]);
    expect(cleanItems(undefined)).toEqual([]);
  });

  it('takes a deleted image out of every item at every level, and leaves the others', () => {
    const items: ItemValue[] = [
      {
        title: 'a',
        images: ['x.png', 'y.png'],
        subContent: [{ images: ['x.png'], subContent: [{ images: ['x.png'] }] }],
      },
    ];
    const left = withoutImage(items, 'x.png');
    expect(left[0]!.images).toEqual(['y.png']);
    expect(left[0]!.subContent![0]!.images).toEqual([]);
    expect(left[0]!.subContent![0]!.subContent![0]!.images).toEqual([]);
    expect(left[0]!.title).toBe('a');
  });
});
