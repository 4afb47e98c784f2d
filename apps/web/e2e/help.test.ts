import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { PersonRef } from '../../server/src/testing/factories.ts';
import { startJourney, type Journey } from './server.ts';
import { atWidths, frames, openAs, PHONE, resize } from './support/page.ts';
import { people } from './support/people.ts';
import { readLocale } from '../src/locales/read-locale.ts';

/**
 * The knowledge base of issue 13 in Chromium: a fresh administrator writes a help article in /manager (English, with a
 * script and an event handler that the live preview and the server strip), a fresh lab's technician asks the floating help
 * widget and gets that article first; a question without an answer offers the service desk; the top bar's help popover
 * shows the international contact text in English and the hotline text in Chinese, and opens the widget; on a phone
 * the "…" menu opens it. The manager tab, the article dialog and the widget's answers are photographed at 390, 768 and
 * 1440 px; no page may be wider than the window. The article and the service contacts (shared by the server) are put
 * back as they were at the end.
 */
type Tree = { [key: string]: string | Tree };
const en = readLocale('en') as Tree;
const zh = readLocale('zh') as Tree;
const text = (tree: Tree, key: string) =>
  key.split('.').reduce<string | Tree>((node, part) => (node as Tree)[part]!, tree) as string;
const SHOTS = '/tmp/shots-help';

const ARTICLE = {
  title: 'Sterilizing the scanner tip',
  content:
    '<h3>Autoclave</h3><p>Put the <strong>scanner tip</strong> in the autoclave at 134 °C for 4 minutes.</p>' +
    '<img src="x" onerror="window.__xss = 1"><script>window.__xss = 2</script>' +
    '<p><a href="javascript:window.__xss = 3">unsafe link</a></p>',
};

describe('the help widget and its articles in Chromium', () => {
  let journey: Journey;
  let page: Page;
  let base = '';
  const tooWide: string[] = [];
  let admin: PersonRef;
  let technician: PersonRef;
  /** The service contacts before this journey, put back at its end. */
  let contactsBefore: unknown;

  beforeAll(async () => {
    journey = await startJourney({ shotsDir: SHOTS });
    ({ page, base } = journey);
    const p = people(journey.app);
    admin = await p.admin();
    technician = await p.person(await p.lab());
    contactsBefore = (await admin.call('GET', '/api2/admin/service/contacts')).body.data;
  });
  afterAll(async () => {
    await journey?.close();
    if (!admin) return;
    expect((await admin.call('PUT', '/api2/admin/service/contacts', contactsBefore)).status).toBe(200);
    const articles = (await admin.call('GET', '/api2/admin/help/articles')).body.data.records as {
      id: string;
      title: string;
    }[];
    for (const article of articles.filter((a) => a.title === ARTICLE.title))
      expect((await admin.call('DELETE', `/api2/admin/help/articles/${article.id}`)).status).toBe(200);
  });

  /** A dialog, drawer or popover is fixed to the window: photograph the window, not the whole page. */
  const shot = (name: string) => page.screenshot({ path: path.join(SHOTS, `help-${name}.png`) });
  /** Photographs the window at every width, noting any that scrolls sideways; `ready` waits for the view. */
  const atEveryWidth = async (name: string, ready?: () => Promise<unknown>) =>
    tooWide.push(...(await atWidths(page, SHOTS, `help-${name}`, ready)));
  /** Opens the top bar's help popover unless it is open (a full-page screenshot may close it). */
  async function openPopover() {
    if (await page.getByTestId('help-popover').isVisible()) return;
    await page.getByTestId('help-popover-button').click();
    await page.getByTestId('help-popover').waitFor();
  }
  const xss = () => page.evaluate(() => (window as unknown as { __xss?: number }).__xss ?? null);
  async function ask(question: string) {
    const box = page.getByTestId('help-panel').locator('input');
    await box.fill(question);
    await box.press('Enter');
  }
  /** Whether the help panel is open (its floating button stays, under the panel's mask). */
  let widgetOpen = false;
  async function openWidget() {
    if (!widgetOpen) await page.getByTestId('help-float').click();
    widgetOpen = true;
    await page.getByTestId('help-panel').waitFor();
  }
  async function closeWidget() {
    if (!widgetOpen) return;
    await page.keyboard.press('Escape');
    widgetOpen = false;
    await page.getByTestId('help-panel').waitFor({ state: 'hidden' });
  }

  it(
    'the administrator writes an article; a lab asks the widget and gets it; the popover shows its contacts',
    { timeout: 600_000 },
    async () => {
      // The service desk's e-mail, which the popover shows (set as the administrator, through the API).
      const desk = { text: '', phone: '+49 30 1234567', email: 'help@archway.example' };
      const saved = await admin.call('PUT', '/api2/admin/service/contacts', {
        preSales: desk,
        afterSales: desk,
      });
      expect(saved.status).toBe(200);

      // /manager → Help articles: the demo articles are listed; a new one is written in English.
      await openAs(page, base, admin, '/v5/manager');
      await page.getByTestId('tab-help').click();
      const table = page.getByTestId('help-articles-table');
      await table.getByText('Binding a scanner to your organization').waitFor();
      await atEveryWidth('manager', () =>
        table.getByText('Binding a scanner to your organization').waitFor(),
      );
      await page.getByTestId('help-article-new').click();
      const dialog = page.getByTestId('help-article-dialog').locator('.ant-modal');
      await dialog.waitFor();
      // Saving empty is refused at the fields.
      await page.getByTestId('help-article-save').click();
      await dialog.getByText(text(en, 'help.articles.dialog.titleRequired')).waitFor();
      await page.getByTestId('help-title-en').fill(ARTICLE.title);
      await page.getByTestId('help-content-en').fill(ARTICLE.content);
      // The live preview is sanitized: formatting stays, the handler, the script and the unsafe link go.
      const preview = page.getByTestId('help-preview-en');
      await preview.locator('strong', { hasText: 'scanner tip' }).waitFor();
      expect(await preview.locator('script, [onerror]').count()).toBe(0);
      expect(await preview.locator('a').getAttribute('href')).toBeNull();
      expect(await xss()).toBeNull();
      await atEveryWidth('dialog', () => preview.locator('strong', { hasText: 'scanner tip' }).waitFor());
      await page.getByTestId('help-article-save').click();
      await journey.toast(text(en, 'help.articles.saved'));
      await table.getByText(ARTICLE.title).waitFor();

      // A lab technician asks the widget.
      await openAs(page, base, technician);
      await page.getByTestId('help-float').waitFor();
      // The help popover in the top bar: the international e-mail text, and a button opening the widget.
      await openPopover();
      const popover = page.getByTestId('help-popover');
      expect(await popover.getByTestId('help-contacts').getAttribute('data-variant')).toBe('intl');
      await popover.getByText(text(en, 'help.contact.email'), { exact: true }).waitFor();
      await popover.getByText(text(en, 'help.contact.emailHours')).waitFor();
      expect(await popover.getByTestId('help-contact-email').getAttribute('href')).toBe(
        'mailto:help@archway.example',
      );
      await shot('popover-1440');
      await openPopover();
      await popover.getByTestId('help-open-widget').click();
      widgetOpen = true;
      await page.getByTestId('help-panel').waitFor();

      await ask('How do I sterilize the scanner tip?');
      const answers = page.getByTestId('help-answers');
      await answers.waitFor();
      await expect
        .poll(() => answers.getByTestId('help-answer-title').first().innerText())
        .toContain(ARTICLE.title);
      const content = answers.getByTestId('help-answer-content').first();
      await content.locator('strong', { hasText: 'scanner tip' }).waitFor();
      await content.locator('h3', { hasText: 'Autoclave' }).waitFor();
      expect(await content.locator('script, [onerror], img[src]').count()).toBe(0);
      expect(await xss()).toBeNull();
      await atEveryWidth('answer', async () => {
        await openWidget();
        await answers.waitFor();
      });

      // A suggested question is answered by a demo article.
      await ask(text(en, 'help.suggestions.receivers'));
      await expect
        .poll(() => answers.getByTestId('help-answer-title').first().innerText())
        .toContain('Choosing who receives your scans');

      // No answer: the empty state offers the service desk.
      await ask('quantum entanglement of penguins');
      const none = page.getByTestId('help-no-answer');
      await none.waitFor();
      await none.getByTestId('help-contact-email').waitFor();
      await atEveryWidth('no-answer', async () => {
        await openWidget();
        await none.waitFor();
      });
      await closeWidget();

      // On a phone the top bar's "…" menu opens the widget; the floating button stays clear of the page's end.
      await resize(page, PHONE);
      await page.getByTestId('top-bar-more').click();
      await page.locator('.ant-dropdown-menu-item', { hasText: text(en, 'help.title') }).click();
      widgetOpen = true;
      await page.getByTestId('help-panel').waitFor();
      await page.getByTestId('help-panel').getByTestId('help-contacts').waitFor();
      await shot('phone-menu-390');
      await closeWidget();
      // Scrolled through the page, content comes under the button's corner: it folds into a tab at the edge that is
      // still a touch target (at least 24 px wide and 44 px high, WCAG target size) and covers no content.
      const float = page.getByTestId('help-float');
      const pageHeight = await page.evaluate(() => document.documentElement.scrollHeight);
      for (let y = 0; y < pageHeight && (await float.getAttribute('data-folded')) !== 'yes'; y += 120) {
        await page.evaluate(() => window.scrollBy(0, 120));
        await frames(page);
      }
      expect(await float.getAttribute('data-folded')).toBe('yes');
      await expect
        .poll(async () => {
          const box = await float.boundingBox();
          return box && box.width >= 24 && box.height >= 44 && Math.round(box.x + box.width) === PHONE.width;
        })
        .toBe(true);
      const covered = () =>
        page.evaluate(() => {
          const tab = document.querySelector('[data-help-float]')!.getBoundingClientRect();
          const under = document.querySelectorAll(
            '.ant-layout-content :is(.ant-pagination, canvas, button, input, a[href], .ant-select, [role=button], td, p, img, label, .ant-typography)',
          );
          return [...under]
            .filter((el) => !el.closest('[data-help-float]'))
            .map((el) => el.getBoundingClientRect())
            .filter((r) => r.width && r.height && r.left < tab.right && tab.left < r.right)
            .filter((r) => r.top < tab.bottom && tab.top < r.bottom).length;
        });
      await expect.poll(covered, { message: 'content under the folded help tab at 390' }).toBe(0);
      await shot('folded-tab-390');
      // The tab opens the help like the button.
      await float.click();
      widgetOpen = true;
      await page.getByTestId('help-panel').waitFor();
      await closeWidget();
      await page.evaluate(() => window.scrollTo(0, 0));
      // Closed again, the floating button leaves the page no wider than the window.
      expect(
        await atWidths(page, SHOTS, 'help-home', () => page.getByTestId('help-float').waitFor()),
      ).toEqual([]);

      // In Chinese the popover shows the service hotline and its hours.
      await page.evaluate(() => localStorage.setItem('lang', 'zh'));
      await page.reload();
      await page.getByTestId('org-name').waitFor();
      await openPopover();
      expect(await popover.getByTestId('help-contacts').getAttribute('data-variant')).toBe('zh');
      await popover.getByText(text(zh, 'help.contact.hotline'), { exact: true }).waitFor();
      await popover.getByText(text(zh, 'help.contact.hours')).waitFor();
      expect(await popover.getByTestId('help-contact-phone').getAttribute('href')).toBe('tel:+49301234567');
      await shot('popover-zh-1440');
      await openPopover();
      await popover.getByTestId('help-open-widget').click();
      widgetOpen = true;
      await ask('如何绑定扫描仪');
      await expect
        .poll(() => answers.getByTestId('help-answer-title').first().innerText())
        .toContain('将扫描仪绑定到您的机构');
      await shot('answer-zh-1440');
      await page.evaluate(() => localStorage.setItem('lang', 'en'));

      expect(tooWide).toEqual([]);
      expect(journey.pageErrors).toEqual([]);
    },
  );
});
