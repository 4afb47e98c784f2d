import { describe, expect, it } from 'vitest';
import { htmlText, sanitizeHtml } from './sanitize.ts';

/** XSS vectors (OWASP's cheat sheet families): each must come out without anything that runs. */
const VECTORS = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=//x.example/x.js></SCRIPT>',
  '<img src=x onerror=alert(1)>',
  '<img src="javascript:alert(1)">',
  '<img src="data:image/svg+xml;base64,PHN2Zz48c2NyaXB0PmFsZXJ0KDEpPC9zY3JpcHQ+PC9zdmc+">',
  '<a href="javascript:alert(1)">x</a>',
  '<a href="  JaVaScRiPt:alert(1)">x</a>',
  '<a href="java&#x09;script:alert(1)">x</a>',
  '<a href="&#106;avascript:alert(1)">x</a>',
  '<a href="data:text/html,<script>alert(1)</script>">x</a>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<body onload=alert(1)>',
  '<svg onload=alert(1)><circle r=1 /></svg>',
  '<svg><script>alert(1)</script></svg>',
  '<svg><a xlink:href="javascript:alert(1)"><text>x</text></a></svg>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="javascript:alert(1)">',
  '<form action="javascript:alert(1)"><button>x</button></form>',
  '<input autofocus onfocus=alert(1)>',
  '<details open ontoggle=alert(1)>',
  '<div style="background:url(javascript:alert(1))">x</div>',
  '<p style="position:fixed;top:0;left:0;width:100%;height:100%">cover</p>',
  '<style>body{display:none}</style>',
  '<link rel=stylesheet href=//x.example/x.css>',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<base href="javascript:alert(1)//">',
  '<p class="ant-modal-mask">x</p>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<a href="//evil.example">x</a>',
  '<img src="http://tracker.example/x.png">',
];

const RUNS =
  /<script|<svg|<math|<iframe|<object|<embed|<form|<input|<style|<link|<meta|<base|\son\w+=|javascript:|vbscript:|data:|style=|class=|\/\/evil|http:\/\//i;

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
