import { useMemo, type CSSProperties } from 'react';
import DOMPurify from 'dompurify';

/**
 * HTML the product shows "as is" (help answers, release notes) is sanitized by the server when it is saved and when it
 * is served, and once more here before it reaches the page: the same allow-list as the server's (plain formatting,
 * lists, tables, links on http(s)/mailto/tel or this site opening in a new tab, images on https or this site; no
 * script, event handler, style, class, form, frame, media or SVG).
 */
const ALLOWED_TAGS = [
  'a',
  'b',
  'blockquote',
  'br',
  'code',
  'em',
  'h1',
  'h2',
  'h3',
  'h4',
  'hr',
  'i',
  'img',
  'kbd',
  'li',
  'ol',
  'p',
  'pre',
  's',
  'span',
  'strong',
  'sub',
  'sup',
  'table',
  'tbody',
  'td',
  'th',
  'thead',
  'tr',
  'u',
  'ul',
];
const ALLOWED_ATTR = [
  'href',
  'src',
  'alt',
  'title',
  'width',
  'height',
  'colspan',
  'rowspan',
  'target',
  'rel',
];
const SAFE_LINK = /^(?:https?:|mailto:|tel:|\/(?!\/)|#)/i;
const SAFE_IMAGE = /^(?:https:|\/(?!\/))/i;

let hooked = false;
function purifier() {
  if (!hooked) {
    hooked = true;
    DOMPurify.addHook('uponSanitizeAttribute', (node, data) => {
      if (data.attrName !== 'href' && data.attrName !== 'src') return;
      const value = data.attrValue.trim();
      const ok =
        data.attrName === 'src' && node.nodeName === 'IMG' ? SAFE_IMAGE.test(value) : SAFE_LINK.test(value);
      if (!ok) data.keepAttr = false;
    });
    DOMPurify.addHook('afterSanitizeAttributes', (node) => {
      if (node.nodeName === 'A' && node.getAttribute('href')) {
        node.setAttribute('target', '_blank');
        node.setAttribute('rel', 'noopener noreferrer');
      }
    });
  }
  return DOMPurify;
}

/** The HTML with everything outside the allow-list removed (text kept). */
export function sanitizeHtml(html: string): string {
  return purifier().sanitize(html, {
    ALLOWED_TAGS,
    ALLOWED_ATTR,
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
    ALLOW_UNKNOWN_PROTOCOLS: false,
  });
}

/** Images and tables of sanitized HTML stay within its block (React 19 hoists and de-duplicates this sheet). */
const SHEET = [
  '.safe-html img{max-width:100%;height:auto}',
  '.safe-html table{border-collapse:collapse;margin:0 0 8px}',
  '.safe-html th,.safe-html td{border:1px solid rgba(5,5,5,.12);padding:4px 8px;text-align:start}',
  '.safe-html p{margin:0 0 8px}',
  '.safe-html ol,.safe-html ul{margin:0 0 8px;padding-inline-start:22px}',
  '.safe-html li{margin:2px 0}',
  '.safe-html>:last-child{margin-bottom:0}',
].join('');

/** Sanitized HTML in a block whose images and tables stay within its width. */
export function SafeHtml({
  html,
  className,
  style,
  ...rest
}: {
  html: string;
  className?: string;
  style?: CSSProperties;
  'data-testid'?: string;
}) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  return (
    <>
      <style href="archway-safe-html" precedence="default">
        {SHEET}
      </style>
      <div
        className={['safe-html', className].filter(Boolean).join(' ')}
        style={{ overflowWrap: 'anywhere', maxWidth: '100%', overflowX: 'auto', ...style }}
        // The one place the app renders HTML: sanitized just above.
        dangerouslySetInnerHTML={{ __html: clean }}
        {...rest}
      />
    </>
  );
}
