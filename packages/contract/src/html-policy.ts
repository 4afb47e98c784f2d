/**
 * The one allow-list for HTML that the product shows "as is" (help answers, release notes). The server sanitizes with
 * it when such HTML is saved and again when it is served (isomorphic-dompurify), and the web once more before it
 * reaches the page (dompurify): plain formatting, lists, tables, links and images; no script, event handler, style,
 * class, form, frame, media, SVG or MathML.
 */
export const SAFE_HTML_TAGS = [
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
/** `target` and `rel` are set by the sanitizer itself on every link (a new tab without an opener). */
export const SAFE_HTML_ATTRIBUTES = [
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
/** Links: http(s), mailto and tel, or a path on this site. */
const SAFE_LINK = /^(?:https?:|mailto:|tel:|\/(?!\/)|#)/i;
/** Images: https, or a path on this site (release-note images are served by `/UpdateLog/image`). */
const SAFE_IMAGE = /^(?:https:|\/(?!\/))/i;

/** Whether a URL attribute (`href`, `src`) of an element may stay; other attributes are not URLs and may. */
export function keepsUrlAttribute(nodeName: string, attrName: string, value: string): boolean {
  if (attrName !== 'href' && attrName !== 'src') return true;
  const url = value.trim();
  return attrName === 'src' && nodeName.toUpperCase() === 'IMG' ? SAFE_IMAGE.test(url) : SAFE_LINK.test(url);
}

/** The DOMPurify configuration of the allow-list. */
export const SAFE_HTML_CONFIG = {
  ALLOWED_TAGS: SAFE_HTML_TAGS,
  ALLOWED_ATTR: SAFE_HTML_ATTRIBUTES,
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  ALLOW_UNKNOWN_PROTOCOLS: false,
};
