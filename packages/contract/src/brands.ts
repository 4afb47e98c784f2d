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
