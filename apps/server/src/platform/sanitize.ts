import { createRequire } from 'node:module';
import type DOMPurifyType from 'isomorphic-dompurify';
import { keepsUrlAttribute, SAFE_HTML_CONFIG } from '@archway/contract';

/**
 * HTML that the product shows "as is" (help answers, release notes): sanitized when it is saved and again when it is
 * served, so that no script, event handler, `javascript:`/`data:` URL, SVG/MathML or style trick ever reaches a
 * browser, whatever is in the database. The allow-list is the contract's (`html-policy.ts`, shared with the web):
 * - links: http(s), mailto and tel, or a path on this site; they open in a new tab without an opener;
 * - images: https, or a path on this site (release-note images are served by `/UpdateLog/image`);
 * - no `style` or `class` attributes, no forms, frames, objects, media or SVG.
 */
type Purifier = typeof DOMPurifyType;
let loaded: Purifier | undefined;

/**
 * DOMPurify with jsdom, loaded on first use: importing jsdom takes seconds, and most server processes and tests never
 * sanitize anything.
 */
function purify(): Purifier {
  if (loaded) return loaded;
  const mod = createRequire(import.meta.url)('isomorphic-dompurify') as Purifier & { default?: Purifier };
  const p = mod.default ?? mod;
  p.addHook('uponSanitizeAttribute', (node, data) => {
    if (!keepsUrlAttribute(node.nodeName, data.attrName, data.attrValue)) data.keepAttr = false;
  });
  p.addHook('afterSanitizeAttributes', (node) => {
    if (node.nodeName === 'A' && node.getAttribute('href')) {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer');
    }
  });
  loaded = p;
  return p;
}

/** The HTML with everything outside the allow-list removed (text kept). */
export function sanitizeHtml(html: string): string {
  return purify().sanitize(html, SAFE_HTML_CONFIG);
}

/** The text of sanitized HTML, whitespace collapsed (what full-text search reads). */
export function htmlText(html: string): string {
  return (
    purify()
      // A space before each tag, so that the words of neighbouring blocks stay apart.
      .sanitize(html.replace(/<(?=\/?[a-z])/gi, ' <'), { ALLOWED_TAGS: [], KEEP_CONTENT: true })
      .replace(/&nbsp;/g, ' ')
      .replace(/&amp;/g, '&')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/\s+/g, ' ')
      .trim()
  );
}
