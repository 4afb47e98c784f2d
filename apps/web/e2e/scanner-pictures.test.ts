import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startJourney, type Journey } from './server.ts';
import { DESKTOP, issueScreen, openAs, PHONE, resize } from './support/page.ts';
import { people, suffix } from './support/people.ts';

/**
 * The scanner models (P3, smart, P2: from the serial's first letter) each have Archway's own drawing beside their
 * name on the device screens, in the table and on the cards.
 */
const tag = process.env.SHOT_TAG ?? 'after';

describe('scanner pictures in Chromium', () => {
  let journey: Journey;
  beforeAll(async () => {
    journey = await startJourney();
  });
  afterAll(async () => {
    await journey?.close();
  });

  it(
    'shows a drawing of each scanner model beside its name, at 1440 and 390 px',
    { timeout: 180_000 },
    async () => {
      const { base, page } = journey;
      const p = people(journey.app);
      const clinic = await p.clinic('Picture Clinic');
      const id = suffix().toUpperCase();
      await p.device(clinic, { serial: `C${id}01`, name: 'Front desk P3' });
      await p.device(clinic, { serial: `E${id}02`, name: 'Chairside smart' });
      await p.device(clinic, { serial: `A${id}03`, name: 'Lab bench P2' });
      for (const size of [DESKTOP, PHONE]) {
        await resize(page, size);
        await openAs(page, base, clinic.owner, '/v5/device');
        await page.getByText('Lab bench P2').first().waitFor();
        // Each drawing is shown and loaded (an image that failed has no natural size).
        const pictures = page.getByTestId('scanner-picture');
        await pictures.nth(2).waitFor();
        await page.waitForFunction(() =>
          [...document.querySelectorAll<HTMLImageElement>('[data-testid=scanner-picture]')].every(
            (i) => i.complete && i.naturalWidth > 0,
          ),
        );
        const models = await pictures.evaluateAll((imgs) =>
          imgs.map((i) => (i as HTMLImageElement).dataset.model),
        );
        expect(new Set(models)).toEqual(new Set(['P3', 'smart', 'P2']));
        await issueScreen(page, 'issue-24', `12-scanner-pictures-${tag}-${size.width}`, 60);
      }
      expect(journey.pageErrors).toEqual([]);
    },
  );
});
