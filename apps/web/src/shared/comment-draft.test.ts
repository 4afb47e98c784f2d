import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  clearCommentImage,
  onCommentImage,
  pendingCommentImage,
  stashCommentImage,
} from './comment-draft.ts';

const png = new Blob(['x'], { type: 'image/png' });

afterEach(() => {
  clearCommentImage('a');
  clearCommentImage('b');
});

describe('comment-draft', () => {
  it('keeps one image for one case until cleared', () => {
    stashCommentImage('a', png);
    expect(pendingCommentImage('a')).toBe(png);
    expect(pendingCommentImage('b')).toBeNull();
    clearCommentImage('b');
    expect(pendingCommentImage('a')).toBe(png);
    clearCommentImage('a');
    expect(pendingCommentImage('a')).toBeNull();
  });

  it('tells a thread already open of an image stashed for a case, until it unsubscribes', () => {
    const listener = vi.fn();
    const stop = onCommentImage(listener);
    stashCommentImage('a', png);
    expect(listener).toHaveBeenCalledWith('a');
    stop();
    stashCommentImage('b', png);
    expect(listener).toHaveBeenCalledTimes(1);
  });
});
