import { useMemo, type CSSProperties } from 'react';
import DOMPurify from 'dompurify';
import { keepsUrlAttribute, SAFE_HTML_CONFIG } from '@archway/contract';

/**
 * HTML the product shows "as is" (help answers, release notes) is sanitized by the server when it is saved and when it
 * is served, and once more here before it reaches the page, with the same allow-list (the contract's `html-policy.ts`:
 * lists, tables, links on http(s)/mailto/tel or this site opening in a new tab, images on https or this site; no
 * script, event handler, style, class, form, frame, media or SVG).
 */
let hooked = false;
function purifier() {
  if (!hooked) {
    hooked = true;
    DOMPurify.addHook('uponSanitizeAttribute', (node, data) => {
      if (!keepsUrlAttribute(node.nodeName, data.attrName, data.attrValue)) data.keepAttr = false;
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
  return purifier().sanitize(html, SAFE_HTML_CONFIG);
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
