import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { CaseType } from '@archway/contract';
import type { DeviceRef, OrgRef } from '../../server/src/testing/factories.ts';
import { startJourney, type Journey } from './server.ts';
import { DESKTOP, openAs, PHONE, resize } from './support/page.ts';
import { people, type People, suffix } from './support/people.ts';
import { readLocale } from '../src/locales/read-locale.ts';

/**
 * The device journey of issue 3 in a real browser against a real server: a brand-new lab's owner opens the app, the
 * first-use guide opens by itself, binds a registered scanner, adds a clinic as receiver for restoration and
 * finishes; the lab binds a second device on /device and lets a member use the first. A clinic made receiver of one
 * of a lab's devices sees nothing else of the lab's (and only looks at that one), in English and in German; the
 * administrator imports devices into the registry with a per-row report; an owner lends, changes, extends, recalls,
 * restores, edits, transfers and unbinds. Each test makes its own organizations and devices.
 */
type Texts = Record<string, Record<string, unknown>>;
const load = (lang: string) => readLocale(lang) as Texts;
const en = load('en');
const de = load('de');
/** The text of a key in a locale file. */
const text = (texts: Texts, key: string) =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], texts) as string;

describe('devices and the first-use guide in Chromium', () => {
  let journey: Journey;
  let page: Page;
  const toast = (text: string) => journey.toast(text);
  let base = '';
  let p: People;
  /** A screenshot of what shows (reduced motion: dialogs and tabs do not slide). */
  const shot = (name: string) => journey.shot(`dev-${name}`);
  /** A serial no other journey uses, of the model its first letter names (C → P3, E → smart). */
  const serialOf = (letter: 'C' | 'E') => `${letter}${suffix().toUpperCase()}${suffix().toUpperCase()}`;
  /** The sider's entry of a route. */
  const sider = (key: string) => page.locator('.ant-layout-sider').getByText(text(en, key), { exact: true });

  /** A lab that owns a C (P3) and an E (smart) scanner, and a clinic made receiver of the first for restorations. */
  async function labWithDevices(): Promise<{ lab: OrgRef; clinic: OrgRef; c1: DeviceRef; e2: DeviceRef }> {
    const [lab, clinic] = await Promise.all([p.lab('Owner Lab'), p.clinic('Receiver Clinic')]);
    const c1 = await p.device(lab, { serial: serialOf('C'), name: 'P3' });
    const e2 = await p.device(lab, { serial: serialOf('E'), name: 'smart' });
    for (const caseType of [CaseType.orthodontics, CaseType.implant, CaseType.restoration])
      await p.receiver(c1, lab, { caseType });
    await p.receiver(c1, clinic, { caseType: CaseType.restoration });
    return { lab, clinic, c1, e2 };
  }

  async function signOut(exitText: string) {
    await page.getByTestId('open-settings').click();
    await page.locator('.settings-drawer').getByText(exitText, { exact: true }).click();
    await page.waitForURL(/\/v5\/login(\/[^/?]+)?$/);
    await page.getByTestId('sign-in-card').waitFor();
  }

  /** Picks an organization in an OrgPicker by typing part of its name. */
  async function pickOrganization(picker: Locator, search: string, name: string) {
    await picker.click();
    await picker.locator('input').fill(search);
    const option = page
      .getByTestId('org-option')
      .filter({ has: page.getByText(name, { exact: true }) })
      .first();
    await option.waitFor();
    await option.click();
  }

  /** Picks an option of a Select. */
  async function choose(select: Locator, option: string) {
    await select.click();
    await page
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
      .filter({ hasText: option })
      .first()
      .click();
  }

  beforeAll(async () => {
    journey = await startJourney();
    ({ page, base } = journey);
    p = people(journey.app);
  });

  afterAll(async () => {
    await journey?.close();
  });

  it('guides the new lab through binding and data routing, then lets it manage its devices', async () => {
    const [lab, clinic] = await Promise.all([p.lab('Guide Lab'), p.clinic('Guide Clinic')]);
    await p.fresh(lab.owner);
    const c1 = await p.registered({ serial: serialOf('C') });
    const e2 = await p.registered({ serial: serialOf('E') });
    await openAs(page, base, lab.owner);

    // property {} and no receiver record: the guide opens by itself, at step 0.
    const guide = page.locator('.first-use-guide .ant-modal');
    await guide.waitFor();
    await guide.getByTestId('guide-step-0').waitFor();
    expect(await guide.getByTestId('guide-back').count()).toBe(0);
    await guide.getByTestId('guide-next').waitFor();
    await shot('01-guide-bind');

    // Bind the C scanner: the name follows the serial's model (C → P3).
    await guide.locator('input#guideBind_serialnumber').fill(c1.serial);
    await expect(guide.locator('input#guideBind_name').inputValue()).resolves.toBe('P3');
    // A wrong bind code is shown at its field, not only in a toast.
    await guide.locator('input#guideBind_bindcodes').fill('999999');
    await guide.getByTestId('bind-submit').click();
    await guide
      .locator('#guideBind_bindcodes_help')
      .getByText(text(en, 'errors.device.wrongPassword'))
      .waitFor();
    await guide.locator('input#guideBind_bindcodes').fill(' 123456 ');
    // Only serial, bind code and name show; the rest is under "more options". 127.0.0.1 is a local
    // host: there the encryption switch shows; color cannot be chosen, so it is not offered.
    expect(await guide.locator('button[role=switch]').isVisible()).toBe(false);
    await guide.getByTestId('bind-more').getByText(text(en, 'devices.bind.more')).click();
    await guide.locator('button[role=switch]').waitFor();
    await guide.locator('input[type=radio][value=ply]').waitFor({ state: 'attached' });
    expect(await guide.locator('input[type=radio][value=color]').count()).toBe(0);
    await guide.getByTestId('bind-submit').click();
    await toast(text(en, 'devices.messages.sucbinddevice'));

    // After a successful bind the guide moves to step 1 with the new device.
    await guide.getByTestId('guide-step-1').waitFor();
    await guide.getByTestId('guide-back').waitFor();
    await guide.getByTestId('guide-device').getByText(`${c1.serial} · P3`).waitFor();
    // A lab is a receiver of its own device for the three case types.
    const receivers = guide.getByTestId('receiver-table');
    await receivers.getByText(lab.name, { exact: true }).waitFor();

    // Add the clinic for restoration; without a case type the add is refused on the spot.
    await pickOrganization(guide.getByTestId('receiver-search'), clinic.name, clinic.name);
    await guide.getByTestId('receiver-add').click();
    await toast(text(en, 'receivers.dialogplacasetype'));
    await guide.getByTestId('receiver-case-types').getByText(text(en, 'caseType.restoration')).click();
    await guide.getByTestId('receiver-add').click();
    await toast(text(en, 'receivers.dialogrecivemes'));
    const clinicRow = receivers.locator('tr', { has: page.getByText(clinic.name, { exact: true }) });
    await clinicRow.getByText(text(en, 'caseType.restoration')).waitFor();
    await expect(clinicRow.textContent()).resolves.not.toContain(text(en, 'caseType.implant'));
    await shot('02-guide-receiver');

    // Step 2: next hides, finish shows; the message names the device and who receives what.
    await guide.getByTestId('guide-next').click();
    await guide.getByTestId('guide-step-2').waitFor();
    expect(await guide.getByTestId('guide-next').count()).toBe(0);
    const summary = guide.getByTestId('guide-summary');
    await summary.getByText(`${c1.serial} · P3`, { exact: false }).first().waitFor();
    await expect(summary.textContent()).resolves.toContain(clinic.name);
    // Finishing stores skipNovice and closes the guide.
    await shot('03-guide-studio');
    await guide.getByTestId('guide-finish').click();
    await guide.waitFor({ state: 'hidden' });
    const property = await page.evaluate(async () => {
      const answer = await fetch('/user/current', {
        headers: { Authorization: `Bearer ${sessionStorage.getItem('token')}` },
      });
      return ((await answer.json()) as { data: { property: Record<string, unknown> } }).data.property;
    });
    expect(property).toEqual({ skipNovice: 'yes' });

    // The top bar reopens the guide at the first step not done (here: all done, so step 2); skip closes it.
    await page.getByTestId('open-guide').click();
    await guide.getByTestId('guide-step-2').waitFor();
    await guide.getByTestId('guide-skip').click();
    await guide.waitFor({ state: 'hidden' });

    // /device: the bound device, owned, with the owner's actions.
    await sider('routes.device').click();
    await page.waitForURL(/\/v5\/device$/);
    const table = page.getByTestId('device-table');
    const c1Row = table.locator('tr', { hasText: c1.serial });
    await c1Row.getByText(text(en, 'devices.roles.owner')).waitFor();
    await c1Row.getByText(text(en, 'devices.flags.permanent')).waitFor();
    await c1Row.getByTestId('action-receivers').waitFor();
    await c1Row.getByTestId('action-more').waitFor();
    await shot('04-devices-lab');

    // Register a second device on the page's own tab; the list shows both.
    await page.getByRole('tab', { name: text(en, 'devices.tabs.register') }).click();
    const form = page.getByTestId('bind-form');
    await form.locator('input#deviceBind_serialnumber').fill(e2.serial);
    await expect(form.locator('input#deviceBind_name').inputValue()).resolves.toBe('smart');
    await form.locator('input#deviceBind_bindcodes').fill('123456');
    await shot('05-register');
    await form.getByTestId('bind-submit').click();
    await toast(text(en, 'devices.messages.sucbinddevice'));
    await table.locator('tr', { hasText: e2.serial }).waitFor();
    await expect(table.locator('tbody tr.ant-table-row').count()).resolves.toBe(2);

    // Data-transfer management of the C scanner: the clinic for restoration, merged per organization.
    await c1Row.getByTestId('action-receivers').click();
    const dialog = page.locator('.ant-modal', { has: page.getByTestId('receiver-manager') });
    const rows = dialog.getByTestId('receiver-table');
    await rows.getByText(clinic.name, { exact: true }).waitFor();
    await expect(rows.locator('tbody tr.ant-table-row').count()).resolves.toBe(2);
    await shot('06-receivers');
    await dialog
      .getByRole('button', { name: text(en, 'common.close') })
      .last()
      .click();
    await dialog.waitFor({ state: 'hidden' });

    // The owner's "More" menu: authorize opens its dialog with the presets.
    await c1Row.getByTestId('action-more').click();
    await page.locator('.ant-dropdown-menu').getByText(text(en, 'devices.actions.detail')).click();
    const detail = page.getByTestId('device-detail');
    await detail.getByText(lab.name).waitFor();
    await shot('07-detail');
    await page
      .locator('.ant-modal', { has: detail })
      .getByRole('button', { name: text(en, 'common.close') })
      .last()
      .click();
    await detail.waitFor({ state: 'hidden' });

    // Device users (under "More"): someone unknown is refused with the reason; a member of the lab is added.
    await c1Row.getByTestId('action-more').click();
    await page
      .locator('.ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu-item')
      .filter({ hasText: text(en, 'devices.actions.users') })
      .click();
    const users = page.locator('.ant-modal', { has: page.getByTestId('device-users-table') });
    await users.getByText(text(en, 'devices.users.empty')).waitFor();
    const nobody = `nobody.${suffix()}`;
    await users.getByTestId('device-users-input').fill(nobody);
    await choose(users.getByTestId('expiry-preset'), text(en, 'devices.presets.1m'));
    await users.getByTestId('device-users-add').click();
    const outcome = users.getByTestId('device-users-outcome');
    await outcome.getByText(text(en, 'errors.deviceUserAdd.addError')).first().waitFor();
    await expect(outcome.textContent()).resolves.toContain(nobody);
    await shot('users-refused');
    await users.getByTestId('device-users-input').fill(lab.owner.username);
    await users.getByTestId('device-users-add').click();
    await toast(text(en, 'devices.users.added'));
    await outcome.getByText(text(en, 'devices.users.ok'), { exact: true }).waitFor();
    const member = users.getByTestId('device-users-table').locator('tr', { hasText: lab.owner.username });
    await member.getByText(lab.name).waitFor();
    await member.getByRole('button', { name: text(en, 'devices.users.remove') }).waitFor();
    await shot('users');
    await users
      .locator('.ant-modal-footer')
      .getByRole('button', { name: text(en, 'common.close') })
      .click();
    await users.waitFor({ state: 'hidden' });

    expect(journey.pageErrors).toEqual([]);
  });

  it('shows the clinic nothing of the lab it was not given, in English and in German', async () => {
    const { clinic, c1, e2 } = await labWithDevices();
    await openAs(page, base, clinic.owner);
    // The clinic has seen the guide already (skipNovice): it stays closed.
    await sider('routes.device').click();
    await page.waitForURL(/\/v5\/device$/);
    const table = page.getByTestId('device-table');
    // Only the device it was made receiver of, as receiver, with nothing to do but look.
    const c1Row = table.locator('tr', { hasText: c1.serial });
    await c1Row.getByText(text(en, 'devices.roles.receiver')).waitFor();
    await expect(table.locator('tbody tr.ant-table-row').count()).resolves.toBe(1);
    await expect(table.textContent()).resolves.not.toContain(e2.serial);
    expect(await c1Row.getByTestId('action-detail').count()).toBe(1);
    for (const action of ['receivers', 'authorize', 'unbind', 'transfer', 'more']) {
      expect(await c1Row.getByTestId(`action-${action}`).count(), action).toBe(0);
    }
    expect(await page.locator('.first-use-guide .ant-modal').count()).toBe(0);
    await shot('08-devices-clinic');

    // No device was lent to the clinic, and it lent none: the empty states say so.
    await page.getByRole('tab', { name: text(en, 'devices.tabs.authorized') }).click();
    await page.getByText(text(en, 'devices.lent.emptyToMe')).waitFor();
    await page
      .getByTestId('lent-direction')
      .getByText(text(en, 'devices.lent.byMe_other').replace('{{count, number}}', '0'))
      .click();
    await page.getByText(text(en, 'devices.lent.emptyByMe')).waitFor();
    await shot('09-authorized-empty');

    // A keyword that matches nothing says so too.
    await page.getByRole('tab', { name: text(en, 'devices.tabs.all') }).click();
    await page.getByTestId('device-search').locator('input').fill(e2.serial.slice(0, 6));
    await page.getByText(text(en, 'devices.emptySearch')).waitFor();

    // Backend management is not for the clinic.
    await page.goto(`${base}/v5/manager`);
    await page.getByTestId('manager-forbidden').waitFor();
    expect(await page.locator('.ant-layout-sider').getByText(text(en, 'routes.manager')).count()).toBe(0);

    // German: the device screen in German.
    // The top bar's language button opens the drawer on "change language" (its default entry is e-mail subscription).
    await page.getByTestId('language-indicator').click();
    await page.locator('.settings-drawer').getByText('Deutsch', { exact: true }).click();
    await page.waitForFunction(() => document.documentElement.lang === 'de');
    await page.goto(`${base}/v5/device`);
    await page.getByRole('tab', { name: text(de, 'devices.tabs.all') }).waitFor();
    await page.getByTestId('device-table').getByText(text(de, 'devices.roles.receiver')).waitFor();
    await shot('10-devices-german');
    await page.locator('tr', { hasText: c1.serial }).getByTestId('action-detail').click();
    await page.getByTestId('device-detail').getByText(text(de, 'devices.detail.plain')).waitFor();
    await shot('11-detail-german');
    await page.keyboard.press('Escape');

    // Signed out from the German settings drawer; back to English for whoever comes next in this tab.
    await signOut(text(de, 'settings.exit'));
    await page.evaluate(() => localStorage.setItem('lang', 'en'));
    expect(journey.pageErrors).toEqual([]);
  });

  it('lets the administrator import devices into the registry with a per-row report', async () => {
    const admin = await p.admin();
    const known = await p.registered({ serial: serialOf('C') });
    const added = serialOf('C');
    await openAs(page, base, admin);
    await sider('routes.manager').click();
    await page.waitForURL(/\/v5\/manager$/);
    const registry = page.getByTestId('registry');
    await registry.locator('tbody tr.ant-table-row').first().waitFor();
    await registry.locator('input').first().fill(known.serial);
    await registry.locator('tbody').getByText(known.serial).waitFor();
    await shot('12-registry');

    await page.getByTestId('registry-import').click();
    await page
      .getByTestId('registry-csv')
      .fill(`serial,bindCode,area\n${added},654321\n${known.serial},123456\nbad serial!,1\n`);
    await page.getByTestId('registry-import-submit').click();
    const report = page.getByTestId('import-report');
    await report.getByText(text(en, 'errors.registry.duplicate')).waitFor();
    await report.getByText(text(en, 'errors.registry.invalidRow')).waitFor();
    await expect(report.textContent()).resolves.toContain('1 imported, 2 refused');
    await shot('13-import-report');
    await page
      .locator('.ant-modal')
      .getByRole('button', { name: text(en, 'common.close') })
      .first()
      .click();

    await registry.locator('input').first().fill(added);
    await expect.poll(() => registry.locator('tbody tr.ant-table-row').count()).toBe(1);
    await registry.locator('tbody').getByText(added).waitFor();
    expect(journey.pageErrors).toEqual([]);
  });

  it('lets the owner lend, change, extend, recall, restore, edit, transfer and unbind; a lent row offers only its authorizations', async () => {
    const devices = await labWithDevices();
    const { clinic } = devices;
    const buyer = await p.lab('Buyer Lab');
    await openAs(page, base, devices.lab.owner);
    await sider('routes.device').click();
    const table = page.getByTestId('device-table');
    const e2 = table.locator('tr', { hasText: devices.e2.serial });
    const c1 = table.locator('tr', { hasText: devices.c1.serial });
    await e2.waitFor();
    const modal = (title: string) => page.locator('.ant-modal').filter({ hasText: title });
    const confirm = async (okText: string) => {
      const box = page.locator('.ant-modal-confirm');
      await box.waitFor();
      await box.getByRole('button', { name: okText }).click();
    };
    const more = async (row: Locator, action: string) => {
      await row.getByTestId('action-more').click();
      await page
        .locator('.ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu-item')
        .filter({ hasText: text(en, `devices.actions.${action}`) })
        .click();
    };

    // Authorize the E scanner to the clinic until the end of today: due soon.
    await e2.getByTestId('action-authorize').click();
    const authorize = modal(text(en, 'devices.authorize.title'));
    await pickOrganization(authorize.getByTestId('authorize-target'), clinic.name, clinic.name);
    await choose(authorize.getByTestId('expiry-preset'), text(en, 'devices.presets.today'));
    // A wrong bind code is shown at the field, and nothing is authorized.
    await authorize.locator('input#secret').fill('000000');
    await authorize.getByRole('button', { name: text(en, 'devices.actions.authorize') }).click();
    await authorize.getByText(text(en, 'errors.authorise.wrongPassword')).waitFor();
    await authorize.locator('input#secret').fill('123456');
    await shot('14-authorize');
    await authorize.getByRole('button', { name: text(en, 'devices.actions.authorize') }).click();
    await toast(text(en, 'devices.messages.authorized'));

    // Its authorizations: change the time, extend in bulk, recall, restore.
    await e2.getByRole('button', { name: '1', exact: true }).click();
    const auths = modal(text(en, 'devices.authorizations.title'));
    const row = auths.locator('tr', { hasText: clinic.name });
    await row.getByText(text(en, 'devices.flags.dueSoon')).waitFor();
    await row.getByRole('button', { name: text(en, 'devices.actions.changeTime') }).click();
    const change = modal(text(en, 'devices.changeTime.title'));
    await choose(change.getByTestId('expiry-preset'), text(en, 'devices.presets.1m'));
    await change.getByRole('button', { name: text(en, 'common.save') }).click();
    await toast(text(en, 'devices.messages.timeChanged'));
    await change.waitFor({ state: 'hidden' });
    await expect.poll(() => row.getByText(text(en, 'devices.flags.dueSoon')).count()).toBe(0);

    await row.locator('input[type=checkbox]').check();
    await auths.getByTestId('batch-extend').click();
    const batch = page.locator('.ant-modal', { has: page.getByTestId('batch-results') });
    await choose(batch.getByTestId('expiry-preset'), text(en, 'devices.presets.3m'));
    await batch.getByTestId('batch-submit').click();
    await batch.getByTestId('batch-results').getByText(text(en, 'devices.batch.ok')).waitFor();
    await shot('15-batch-extended');
    await batch
      .locator('.ant-modal-footer')
      .getByRole('button', { name: text(en, 'common.close') })
      .click();
    await batch.waitFor({ state: 'hidden' });

    await row.getByRole('button', { name: text(en, 'devices.actions.recall') }).click();
    await confirm(text(en, 'devices.actions.recall'));
    await toast(text(en, 'devices.messages.recalled'));
    await row.getByText(text(en, 'devices.status.recalled')).waitFor();
    // A recalled authorization is not flagged "expired" (nor "due soon").
    expect(await row.getByText(text(en, 'devices.flags.expired'), { exact: true }).count()).toBe(0);
    expect(await row.getByText(text(en, 'devices.flags.dueSoon'), { exact: true }).count()).toBe(0);
    await row.getByRole('button', { name: text(en, 'devices.actions.restore') }).click();
    const restore = modal(text(en, 'devices.authorize.restoreTitle'));
    await choose(restore.getByTestId('expiry-preset'), text(en, 'devices.presets.permanent'));
    await restore.locator('input#secret').fill('123456');
    await restore.getByRole('button', { name: text(en, 'devices.actions.restore') }).click();
    await toast(text(en, 'devices.messages.restored'));
    await row.getByText(text(en, 'devices.status.active')).waitFor();
    await row.getByText(text(en, 'devices.flags.permanent')).waitFor();
    await shot('16-authorizations');
    await auths
      .getByRole('button', { name: text(en, 'common.close') })
      .last()
      .click();
    await auths.waitFor({ state: 'hidden' });

    // The authorized tab lists it as lent by me.
    await page.getByRole('tab', { name: text(en, 'devices.tabs.authorized') }).click();
    await page
      .getByTestId('lent-direction')
      .getByText(text(en, 'devices.lent.byMe_one').replace('{{count, number}}', '1'))
      .click();
    await page.getByTestId('auth-table-byMe').getByText(clinic.name).waitFor();
    await shot('17-lent-by-me');
    await page.getByRole('tab', { name: text(en, 'devices.tabs.all') }).click();

    // Edit the name.
    await more(c1, 'edit');
    const edit = modal(text(en, 'devices.edit.title'));
    await edit.locator('input#name').fill('Chair 1');
    await edit.getByRole('button', { name: text(en, 'common.save') }).click();
    await toast(text(en, 'devices.messages.updated'));
    await c1.getByText('Chair 1').waitFor();

    // Lent (product §4): the owner may only change the time or recall it (or lend to others), so its row offers
    // nothing else; once recalled, every action is back.
    await expect.poll(() => e2.getByTestId('action-more').count()).toBe(0);
    expect(await e2.getByTestId('action-authorize').count()).toBe(1);
    for (const action of ['receivers', 'users', 'edit', 'transfer', 'unbind', 'more'])
      expect(await e2.getByTestId(`action-${action}`).count(), action).toBe(0);
    await shot('17b-lent-row');
    await e2.getByRole('button', { name: '1', exact: true }).click();
    const lentAuths = modal(text(en, 'devices.authorizations.title'));
    await lentAuths
      .locator('tr', { hasText: clinic.name })
      .getByRole('button', { name: text(en, 'devices.actions.recall') })
      .click();
    await confirm(text(en, 'devices.actions.recall'));
    await toast(text(en, 'devices.messages.recalled'));
    await lentAuths
      .getByRole('button', { name: text(en, 'common.close') })
      .last()
      .click();
    await lentAuths.waitFor({ state: 'hidden' });
    await e2.getByTestId('action-more').waitFor();

    // Transfer the E scanner to another lab, after the confirmation: it leaves this organization at once.
    await more(e2, 'transfer');
    const transfer = modal(text(en, 'devices.transfer.title'));
    await pickOrganization(transfer.getByTestId('transfer-target'), buyer.name, buyer.name);
    await transfer.locator('input#secret').fill('123456');
    await transfer.getByRole('button', { name: text(en, 'devices.actions.transfer') }).click();
    await confirm(text(en, 'devices.actions.transfer'));
    await toast(text(en, 'devices.messages.transferred'));
    await e2.waitFor({ state: 'detached' });

    // Unbind the C scanner with its code, after the confirmation: nothing is left, and the list says so.
    await more(c1, 'unbind');
    const unbind = modal(text(en, 'devices.unbind.title'));
    await unbind.locator('input#secret').fill('123456');
    await unbind.getByRole('button', { name: text(en, 'devices.actions.unbind') }).click();
    await confirm(text(en, 'devices.actions.unbind'));
    await toast(text(en, 'devices.messages.unbound'));
    await page.getByTestId('device-empty').waitFor();
    await shot('18-no-devices');
    expect(journey.pageErrors).toEqual([]);
  });
  it('at 390 px: every tab shows, no menu stays over the receivers dialog, a P3 named P3 once, no PLY colour', async () => {
    const { lab, c1 } = await labWithDevices();
    await openAs(page, base, lab.owner, '/v5/device');
    await resize(page, PHONE);
    const table = page.getByTestId('device-table');
    await table.getByText(c1.serial).first().waitFor();
    // The three tabs all on the bar (it wraps): none folded under a "…" whose menu could stay open.
    expect(await page.locator('.ant-tabs-nav-more:visible').count()).toBe(0);
    for (const key of ['devices.tabs.all', 'devices.tabs.authorized', 'devices.tabs.register']) {
      const tab = page.getByRole('tab', { name: text(en, key) });
      await expect(tab.isVisible(), key).resolves.toBe(true);
      await expect(
        tab.evaluate((el) => el.scrollWidth <= el.clientWidth),
        `${key} cut`,
      ).resolves.toBe(true);
    }

    // The receivers of the P3 named "P3": no open menu over the dialog, and the name said once.
    const card = table.getByTestId('table-card').filter({ hasText: c1.serial });
    await card.getByTestId('action-receivers').click();
    const dialog = page.locator('.ant-modal', { has: page.getByTestId('receiver-manager') });
    await dialog.getByTestId('receiver-table').waitFor();
    expect(await page.locator('.ant-dropdown:visible, .ant-tabs-dropdown:visible').count()).toBe(0);
    await expect(dialog.getByTestId('device-summary-name').innerText()).resolves.toBe('P3');
    await shot('19-receivers-390');
    await dialog
      .getByRole('button', { name: text(en, 'common.close') })
      .last()
      .click();
    await dialog.waitFor({ state: 'hidden' });

    // Registering: the decryption formats offered are the ones that can be chosen (PLY colour is not shown).
    await page.getByRole('tab', { name: text(en, 'devices.tabs.register') }).click();
    await page.getByTestId('bind-more').getByText(text(en, 'devices.bind.more')).click();
    const formats = page.getByTestId('bind-form').locator('.ant-radio-wrapper');
    await formats.first().waitFor();
    await expect(formats.allInnerTexts()).resolves.toEqual([
      text(en, 'devices.format.ply'),
      text(en, 'devices.format.stl'),
    ]);
    expect(await page.getByTestId('bind-form').locator('.ant-radio-wrapper-disabled').count()).toBe(0);
    await shot('20-register-formats-390');
    await resize(page, DESKTOP);
    expect(journey.pageErrors).toEqual([]);
  });
});
