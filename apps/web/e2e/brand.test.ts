import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { PersonRef } from '../../server/src/testing/factories.ts';
import { startJourney, type Journey } from './server.ts';
import { atWidths, openAs, signOut } from './support/page.ts';
import { people } from './support/people.ts';
import { readLocale } from '../src/locales/read-locale.ts';

/**
 * The special branded builds (product §2, §6) in Chromium. The same build of the web app is served by a server
 * with `BRAND=lumident` (run time) and by one with the default brand: Lumident Cloud shows its name and logo on the
 * sign-in page, in the side menu, in the phone's top bar and in the document title, and has no help popover, no
 * privacy entry in the settings drawer and no model builder (no menu entry; its path leads home). The default brand
 * shows all three. Screens at 390, 768 and 1440 px (no page wider than the window): the responsive journey sees the
 * default brand only. A fresh clinic's owner, signed in by token, on each server.
 */
type Texts = Record<string, Record<string, unknown>>;
const en = readLocale('en') as Texts;
const text = (key: string) =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], en) as string;
const SHOTS = '/tmp/shots-brand';

/** Photographs the page at the three widths (`ready` checks each), none wider than the window. */
async function noWiderThanWindow(
  journey: Journey,
  name: string,
  ready?: (width: number) => Promise<unknown>,
) {
  expect(await atWidths(journey.page, SHOTS, name, ready)).toEqual([]);
}

/** The brand logo images on the page: each loaded, each the brand's file. */
async function logos(page: Page) {
  return page
    .getByTestId('brand-logo')
    .evaluateAll((images) =>
      (images as HTMLImageElement[])
        .filter((img) => img.getClientRects().length > 0)
        .map((img) => ({ src: new URL(img.src).pathname, loaded: img.complete && img.naturalWidth > 0 })),
    );
}

const menuEntry = (page: Page, key: string) =>
  page.locator('.ant-layout-sider .ant-menu-item', { hasText: text(key) });

async function openSettings(page: Page) {
  await page.getByTestId('open-settings').click();
  await page.locator('.settings-drawer').getByTestId('settings-sections').waitFor();
}
const settingsEntry = (page: Page, key: string) =>
  page.locator('.settings-drawer').getByTestId('settings-sections').getByText(text(key), { exact: true });

describe('a special branded build (BRAND=lumident at run time)', () => {
  let journey: Journey;
  let page: Page;
  let base = '';
  let clinic: PersonRef;

  beforeAll(async () => {
    journey = await startJourney({ shotsDir: SHOTS, env: { BRAND: 'lumident' } });
    ({ page, base } = journey);
    clinic = (await people(journey.app).clinic()).owner;
  });
  afterAll(async () => {
    await journey?.close();
  });

  it('serves its page in its own brand before any script runs', async () => {
    const html = await (await fetch(`${base}/v5/`)).text();
    expect(html).toContain('<title>Lumident Cloud</title>');
    expect(html).toContain('/v5/brands/lumident.svg');
    expect(html).not.toMatch(/<title>Archway|<span>Archway<\/span>/);
  });

  it('shows its name and logo on the sign-in page', async () => {
    if (page.url().startsWith(base)) await signOut(page);
    await page.goto(`${base}/v5/login`);
    const card = page.getByTestId('sign-in-card');
    await card.waitFor();
    await expect.poll(() => card.getByTestId('brand-name').textContent()).toBe('Lumident Cloud');
    await expect.poll(() => logos(page)).toEqual([{ src: '/v5/brands/lumident.svg', loaded: true }]);
    expect(await page.title()).toBe('Lumident Cloud');
    expect(await page.locator('body').innerText()).not.toContain('Archway');
    await noWiderThanWindow(journey, 'lumident-sign-in', () => card.getByTestId('brand-name').waitFor());
  });

  it('has no help popover, no privacy settings and no model builder, with its name and logo in the app', async () => {
    await openAs(page, base, clinic);
    await expect
      .poll(() => page.locator('.ant-layout-sider').getByTestId('brand-name').textContent())
      .toBe('Lumident Cloud');
    await expect.poll(() => logos(page)).toEqual([{ src: '/v5/brands/lumident.svg', loaded: true }]);
    await expect.poll(() => page.title()).toMatch(/ · Lumident Cloud$/);
    // The side menu shows the whole name, not cut.
    const cut = await page
      .locator('.ant-layout-sider')
      .getByTestId('brand-name')
      .evaluate((el) => el.scrollWidth > el.clientWidth);
    expect(cut).toBe(false);
    // The menu has its usual entries, but not the model builder.
    await menuEntry(page, 'routes.device').waitFor();
    expect(await menuEntry(page, 'routes.caseBuilder').count()).toBe(0);
    // No help popover in the top bar.
    await page.getByTestId('open-settings').waitFor();
    expect(await page.getByTestId('help-popover-button').count()).toBe(0);
    // The settings drawer has no user secret / privacy entry, even when a link asks for it.
    await openSettings(page);
    await settingsEntry(page, 'preferences.sections.mail').waitFor();
    expect(await settingsEntry(page, 'preferences.sections.privacy').count()).toBe(0);
    await page.keyboard.press('Escape');
    await page.goto(`${base}/v5/home?settings=privacy`);
    await page.locator('.settings-drawer').getByTestId('settings-sections').waitFor();
    expect(await settingsEntry(page, 'preferences.sections.privacy').count()).toBe(0);
    // It opens on the default entry instead.
    expect(await page.locator('.settings-drawer').locator('.ant-menu-item-selected').textContent()).toBe(
      text('preferences.sections.mail'),
    );
    // The builder's path leads home, without showing the builder.
    await page.goto(`${base}/v5/caseBuilder`);
    await page.waitForURL(/\/v5\/home$/);
    await page.getByTestId('org-name').waitFor();
    expect(await page.locator('.builder-page').count()).toBe(0);
    expect(await page.getByTestId('page-title').textContent()).not.toBe(text('routes.caseBuilder'));
    expect(journey.pageErrors).toEqual([]);
  });

  it('keeps its brand at every width (the phone shows its mark in the top bar)', async () => {
    await openAs(page, base, clinic);
    await noWiderThanWindow(journey, 'lumident-home', async (width) => {
      // The logos of this width's layout, once their images have loaded.
      const lumident = { src: '/v5/brands/lumident.svg', loaded: true };
      await expect
        .poll(
          async () => {
            const shown = await logos(page);
            return shown.length > 0 && shown.every((logo) => logo.src === lumident.src && logo.loaded);
          },
          { timeout: 10_000 },
        )
        .toBe(true);
      const shown = await logos(page);
      expect(shown.length, `a logo at ${width}`).toBeGreaterThan(0);
      for (const logo of shown) expect(logo).toEqual(lumident);
      if (width < 768) {
        // The menu drawer: its logo and name, and still no model builder.
        await page.getByTestId('menu-toggle').click();
        const drawer = page.locator('.menu-drawer');
        await drawer.locator('.ant-menu').waitFor();
        expect(await drawer.getByTestId('brand-name').textContent()).toBe('Lumident Cloud');
        expect(await drawer.locator('.ant-menu-item', { hasText: text('routes.caseBuilder') }).count()).toBe(
          0,
        );
        await journey.shot(`lumident-menu-${width}`);
        await page.keyboard.press('Escape');
        await drawer.locator('.ant-drawer-content').waitFor({ state: 'hidden' });
        // The overflow menu has no help entry either.
        await page.getByTestId('top-bar-more').click();
        await page.locator('.ant-dropdown-menu').waitFor();
        expect(await page.locator('.ant-dropdown-menu').innerText()).not.toContain(text('help.title'));
        await page.keyboard.press('Escape');
        await page.locator('.ant-dropdown-menu').waitFor({ state: 'hidden' });
      }
    });
    expect(journey.pageErrors).toEqual([]);
  });
});

describe('the default brand (Archway) on the same build', () => {
  let journey: Journey;
  let page: Page;
  let base = '';

  beforeAll(async () => {
    journey = await startJourney({ shotsDir: SHOTS });
    ({ page, base } = journey);
  });
  afterAll(async () => {
    await journey?.close();
  });

  it('shows Archway, the help popover, the privacy settings and the model builder', async () => {
    await page.goto(`${base}/v5/login`);
    await page.getByTestId('sign-in-card').waitFor();
    await expect
      .poll(() => page.getByTestId('sign-in-card').getByTestId('brand-name').textContent())
      .toBe('Archway');
    await expect.poll(() => logos(page)).toEqual([{ src: '/v5/brands/archway.svg', loaded: true }]);
    await journey.shot('archway-sign-in-1440');
    await openAs(page, base, (await people(journey.app).clinic()).owner);
    await expect.poll(() => page.title()).toMatch(/ · Archway$/);
    await expect.poll(() => menuEntry(page, 'routes.caseBuilder').count()).toBe(1);
    await page.getByTestId('help-popover-button').waitFor();
    await openSettings(page);
    await settingsEntry(page, 'preferences.sections.privacy').waitFor();
    await page.keyboard.press('Escape');
    await page.goto(`${base}/v5/caseBuilder`);
    await page.locator('.builder-page').waitFor();
    expect(page.url()).toMatch(/\/v5\/caseBuilder$/);
    await noWiderThanWindow(journey, 'archway-builder', () => page.locator('.builder-page').waitFor());
    expect(journey.pageErrors).toEqual([]);
  });
});
