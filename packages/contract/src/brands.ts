/**
 * Brands (product §2, §6: the special branded builds). `BRAND` (server, run time) or `VITE_BRAND` (web, build time)
 * names one of these. A special brand hides the help popover, the privacy settings and the model builder, and shows
 * its own name and logo (`apps/web/public/brands/<id>.svg`).
 */
export const Brands = {
  archway: { id: 'archway', name: 'Archway', special: false },
  lumident: { id: 'lumident', name: 'Lumident Cloud', special: true },
} as const;
export type BrandId = keyof typeof Brands;
export const BrandIds = Object.keys(Brands) as BrandId[];
export interface Brand {
  id: BrandId;
  name: string;
  special: boolean;
}
export const isBrandId = (value: unknown): value is BrandId =>
  typeof value === 'string' && Object.hasOwn(Brands, value);

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * The web app's index.html in another brand: its title, tab icon and the start-up splash's mark and name (the
 * splash's texts read the name from there). Used by the web build (`VITE_BRAND`) and by the server (`BRAND`) on an
 * unbranded build; a page already in another brand, or the Archway brand itself, is left as it is. Only markup
 * outside `<script>` changes, so the inline scripts keep their CSP hashes.
 */
export function brandIndexHtml(html: string, brand: Brand, base = '/v5/'): string {
  if (!brand.special || !html.includes('data-brand="archway"')) return html;
  const name = escapeHtml(brand.name);
  const logo = `${base}brands/${brand.id}.svg`;
  return html
    .replace(/<title>[^<]*<\/title>/, `<title>${name}</title>`)
    .replace(/(<link rel="icon"[^>]*href=")[^"]*(")/, `$1${logo}$2`)
    .replace(
      /<div class="splash-brand" data-brand="archway">[\s\S]*?<\/div>/,
      `<div class="splash-brand" data-brand="${brand.id}"><img src="${logo}" width="40" height="40" alt="" /><span>${name}</span></div>`,
    );
}
