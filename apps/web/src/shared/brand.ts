import { Brands, isBrandId, type Brand } from '@archway/contract';
import { identitySettings } from './auth/identity.ts';

/**
 * The brand this app shows (product §2, §6): the build's own (`VITE_BRAND`) first, then the server's (`BRAND`, read
 * from identitySettings.json at start-up), else Archway. A special brand hides the help popover, the privacy
 * settings and the model builder.
 */
export function currentBrand(): Brand {
  const built: unknown = import.meta.env.VITE_BRAND;
  if (isBrandId(built)) return Brands[built];
  const served: unknown = (identitySettings() as { brand?: unknown } | null)?.brand;
  if (isBrandId(served)) return Brands[served];
  return Brands.archway;
}

/** True in a special branded build (what it hides: help popover, privacy settings, model builder). */
export const isSpecialBrand = (): boolean => currentBrand().special;

/** The brand's logo, `apps/web/public/brands/<id>.svg`, served beside the app. */
export const brandLogoUrl = (brand: Brand = currentBrand()): string =>
  `${import.meta.env.BASE_URL}brands/${brand.id}.svg`;

/**
 * Puts the brand on the document once the server's brand is known (start-up): the title and the tab's icon. The
 * signed-in layout then titles each page `<page> · <brand>`.
 */
export function applyBrandToDocument(doc: Document = document): void {
  const brand = currentBrand();
  doc.title = brand.name;
  if (!brand.special) return;
  const icon = doc.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (icon) icon.href = brandLogoUrl(brand);
}
