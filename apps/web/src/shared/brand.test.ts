import { afterEach, describe, expect, it, vi } from 'vitest';

const served = vi.hoisted(() => ({ settings: null as { brand?: unknown } | null }));
vi.mock('./auth/identity.ts', () => ({ identitySettings: () => served.settings }));

const { applyBrandToDocument, brandLogoUrl, currentBrand, isSpecialBrand } = await import('./brand.ts');

describe('currentBrand (product §2, §6)', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    served.settings = null;
  });

  it('is Archway when neither the build nor the server names one', () => {
    expect(currentBrand().id).toBe('archway');
    expect(isSpecialBrand()).toBe(false);
  });

  it("takes the server's brand at run time (BRAND in identitySettings.json)", () => {
    served.settings = { brand: 'lumident' };
    expect(currentBrand()).toEqual({ id: 'lumident', name: 'Lumident Cloud', special: true });
    expect(isSpecialBrand()).toBe(true);
    served.settings = { brand: 'archway' };
    expect(isSpecialBrand()).toBe(false);
  });

  it("prefers the build's brand (VITE_BRAND) over the server's", () => {
    vi.stubEnv('VITE_BRAND', 'lumident');
    served.settings = { brand: 'archway' };
    expect(currentBrand().id).toBe('lumident');
    vi.stubEnv('VITE_BRAND', 'archway');
    served.settings = { brand: 'lumident' };
    expect(currentBrand().id).toBe('archway');
    expect(isSpecialBrand()).toBe(false);
  });

  it('ignores an unknown brand from either side', () => {
    vi.stubEnv('VITE_BRAND', 'acme');
    served.settings = { brand: 'toString' };
    expect(currentBrand().id).toBe('archway');
    served.settings = { brand: 'lumident' };
    expect(currentBrand().id).toBe('lumident');
  });

  it("names the brand's logo beside the app", () => {
    served.settings = { brand: 'lumident' };
    expect(brandLogoUrl()).toBe(`${import.meta.env.BASE_URL}brands/lumident.svg`);
  });

  it('puts the brand on the document: title, and the tab icon of a special brand', () => {
    served.settings = { brand: 'lumident' };
    const icon = { href: '/v5/favicon.svg' };
    const doc = { title: 'Archway', querySelector: () => icon } as unknown as Document;
    applyBrandToDocument(doc);
    expect(doc.title).toBe('Lumident Cloud');
    expect(icon.href).toBe(`${import.meta.env.BASE_URL}brands/lumident.svg`);
  });
});
