import { describe, expect, it } from 'vitest';
import { imageRefusal, videoRefusal } from './file-checks.ts';

const MB = 1024 * 1024;

describe('upload checks before sending (product §5)', () => {
  it('images: jpeg, jpg or png, at most 20 MB', () => {
    expect(imageRefusal({ type: 'image/png', name: 'a.png', size: MB })).toBeNull();
    expect(imageRefusal({ type: '', name: 'a.JPG', size: 20 * MB })).toBeNull();
    expect(imageRefusal({ type: 'image/gif', name: 'a.gif', size: 10 })).toBe(
      'errors.report.reportPreviewImgStyle',
    );
    expect(imageRefusal({ type: 'image/png', name: 'a.png', size: 20 * MB + 1 })).toBe(
      'errors.report.reportPreviewImgSize',
    );
  });
  it('video: mp4, at most 20 MB', () => {
    expect(videoRefusal({ type: 'video/mp4', name: 'v.mp4', size: MB })).toBeNull();
    expect(videoRefusal({ type: 'video/quicktime', name: 'v.mov', size: MB })).toBe(
      'errors.report.reportPreviewVideoStyle',
    );
    expect(videoRefusal({ type: 'video/mp4', name: 'v.mp4', size: 21 * MB })).toBe(
      'errors.report.reportPreviewVideoSize',
    );
  });
});
