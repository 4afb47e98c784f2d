import { describe, expect, it } from 'vitest';
import { Brands, brandIndexHtml, isBrandId } from './brands.ts';

const page = `<!doctype html><html><head>
<link rel="icon" type="image/svg+xml" href="/v5/favicon.svg" />
<title>Archway</title></head><body>
<div id="splash"><div class="splash-brand" data-brand="archway">
  <svg width="40" height="40"><path d="M0 0" /></svg>
  <span>Archway</span>
</div><div class="splash-spinner"></div></div>
<script>var name = 'Archway';</script>
</body></html>`;

describe('brands', () => {
  it('knows its ids exactly', () => {
    expect(isBrandId('lumident')).toBe(true);
    expect(isBrandId('Lumident')).toBe(false);
    expect(isBrandId('constructor')).toBe(false);
    expect(isBrandId(undefined)).toBe(false);
  });

  it('brands index.html: title, tab icon and splash; scripts untouched', () => {
    const html = brandIndexHtml(page, Brands.lumident);
    expect(html).toContain('<title>Lumident Cloud</title>');
    expect(html).toContain('href="/v5/brands/lumident.svg"');
    expect(html).toContain(
      '<div class="splash-brand" data-brand="lumident"><img src="/v5/brands/lumident.svg" width="40" height="40" alt="" /><span>Lumident Cloud</span></div>',
    );
    expect(html).not.toContain('<svg');
    expect(html).toContain("<script>var name = 'Archway';</script>");
    expect(html).toContain('<div class="splash-spinner"></div>');
  });

  it('leaves the Archway brand, and a page already branded, as they are', () => {
    expect(brandIndexHtml(page, Brands.archway)).toBe(page);
    const once = brandIndexHtml(page, Brands.lumident);
    expect(brandIndexHtml(once, Brands.lumident)).toBe(once);
  });

  it('escapes the name', () => {
    const html = brandIndexHtml(page, { id: 'lumident', name: 'A & <B>', special: true });
    expect(html).toContain('<title>A &amp; &lt;B&gt;</title>');
  });
});
