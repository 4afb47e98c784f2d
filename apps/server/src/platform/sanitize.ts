import DOMPurify from 'isomorphic-dompurify';

/**
 * HTML that the product shows "as is" (help answers, release notes): sanitized when it is saved and again when it is
 * served, so that no script, event handler, `javascript:`/`data:` URL, SVG/MathML or style trick ever reaches a
 * browser, whatever is in the database. A fixed allow-list of plain formatting, lists, tables, links and images:
 * - links: http(s), mailto and tel, or a path on this site; they open in a new tab without an opener;
 * - images: https, or a path on this site (release-note images are served by `/UpdateLog/image`);
 * - no `style` or `class` attributes, no forms, frames, objects, media or SVG.
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
const ALLOWED_ATTR = ['href', 'src', 'alt', 'title', 'width', 'height', 'colspan', 'rowspan'];
const SAFE_LINK = /^(?:https?:|mailto:|tel:|\/(?!\/)|#)/i;
const SAFE_IMAGE = /^(?:https:|\/(?!\/))/i;

const purify = DOMPurify;
purify.addHook('uponSanitizeAttribute', (node, data) => {
  if (data.attrName !== 'href' && data.attrName !== 'src') return;
  const value = data.attrValue.trim();
  const ok =
    data.attrName === 'src' && node.nodeName === 'IMG' ? SAFE_IMAGE.test(value) : SAFE_LINK.test(value);
  if (!ok) data.keepAttr = false;
});
purify.addHook('afterSanitizeAttributes', (node) => {
  if (node.nodeName === 'A' && node.getAttribute('href')) {
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer');
  }
});

/** The HTML with everything outside the allow-list removed (text kept). */
export function sanitizeHtml(html: string): string {
  return purify.sanitize(html, {
    ALLOWED_TAGS,
    ALLOWED_ATTR: [...ALLOWED_ATTR, 'target', 'rel'],
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
    ALLOW_UNKNOWN_PROTOCOLS: false,
  });
}

/** The text of sanitized HTML, whitespace collapsed (what full-text search reads). */
export function htmlText(html: string): string {
  return (
    purify
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
