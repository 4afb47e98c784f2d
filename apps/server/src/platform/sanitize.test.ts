import { describe, expect, it } from 'vitest';
import { XSS_RUNS, XSS_VECTORS } from '../testing/xss-vectors.ts';
import { htmlText, sanitizeHtml } from './sanitize.ts';

const VECTORS = XSS_VECTORS;
const RUNS = XSS_RUNS;

describe('sanitizeHtml', () => {
  it.each(VECTORS)('leaves nothing that runs of %s', (vector) => {
    const clean = sanitizeHtml(`<p>before</p>${vector}<p>after</p>`);
    expect(clean).not.toMatch(RUNS);
    expect(clean).toContain('<p>before</p>');
    expect(sanitizeHtml(clean)).toBe(clean);
  });

  it('keeps formatting, safe links (new tab, no opener) and images on https or this site', () => {
    const html =
      '<h2>Bind</h2><p><strong>1.</strong> Open <a href="https://archway.example/help">help</a> or <a href="/v5/device">My devices</a>.</p><ul><li>one</li></ul><img src="/UpdateLog/image?name=a.png&amp;version=1&amp;releaseType=1" alt="a"><img src="https://cdn.example/b.png">';
    const clean = sanitizeHtml(html);
    expect(clean).toContain('<h2>Bind</h2>');
    expect(clean).toContain(
      '<a href="https://archway.example/help" target="_blank" rel="noopener noreferrer">help</a>',
    );
    expect(clean).toContain('<a href="/v5/device" target="_blank" rel="noopener noreferrer">');
    expect(clean).toContain('<li>one</li>');
    expect(clean).toContain('src="/UpdateLog/image?name=a.png&amp;version=1&amp;releaseType=1"');
    expect(clean).toContain('src="https://cdn.example/b.png"');
  });

  it('gives the text for search', () => {
    expect(
      htmlText('<h2>Bind a scanner</h2><p>Open&nbsp;<b>My devices</b> &amp; enter</p><script>x()</script>'),
    ).toBe('Bind a scanner Open My devices & enter');
  });
});
