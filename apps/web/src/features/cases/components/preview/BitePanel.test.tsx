import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { occlusionThresholds } from '@archway/mesh';
import { i18n, NAMESPACE } from '../../../../shared/i18n/i18n.ts';
import { mergeTexts, type Texts } from '../../../../locales/merge-texts.ts';
import type { BiteJaw } from './bite-worker-protocol.ts';
import { BitePanel } from './BitePanel.tsx';

const texts = (files: Record<string, Texts>) =>
  Object.entries(files).reduce<Texts>((all, [name, t]) => mergeTexts(all, t, name), {});
const de = texts(
  import.meta.glob<Texts>('../../../../locales/de/*.json', { import: 'default', eager: true }),
);
const ru = texts(
  import.meta.glob<Texts>('../../../../locales/ru/*.json', { import: 'default', eager: true }),
);

const jaw = (minClearance: number, contactArea: number): BiteJaw => ({
  colors: [],
  minClearance,
  contactArea,
  histogram: { from: -0.25, to: 1.5, counts: new Uint32Array([1, 3, 2]), beyond: 0 },
});
const state = {
  status: 'ready' as const,
  result: { upper: jaw(0.1, 12.5), lower: jaw(-0.05, 3), thresholds: occlusionThresholds() },
};

/** The panel's text as a person reads it: tags dropped, no-break spaces as spaces. */
const render = (compact = false) =>
  renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <BitePanel state={state} compact={compact} />
    </I18nextProvider>,
  ).replace(/\u00a0/g, ' ');
const cell = (html: string, testId: string) =>
  [...html.matchAll(new RegExp(`data-testid="${testId}"[^>]*>([^<]*)<`, 'g'))].map((m) => m[1]);

beforeAll(async () => {
  await i18n.init({
    lng: 'de',
    fallbackLng: 'en',
    lowerCaseLng: true,
    defaultNS: NAMESPACE,
    resources: { de: { [NAMESPACE]: de }, ru: { [NAMESPACE]: ru } },
    interpolation: { escapeValue: false },
  });
});

describe('the bite panel writes distances in the interface language', () => {
  it('German: a decimal comma and the unit from the texts', async () => {
    await i18n.changeLanguage('de');
    const html = render();
    expect(cell(html, 'viewer-bite-min')).toEqual(['0,10 mm', '-0,05 mm']);
    expect(cell(html, 'viewer-bite-area')).toEqual(['12,5 mm²', '3 mm²']);
    expect(html).toContain('Abstände von -0,25 mm bis 1,5 mm');
    expect(html).not.toMatch(/\d\.\d+\s?mm/);
  });

  it('Russian: мм, and the compact table too', async () => {
    await i18n.changeLanguage('ru');
    const html = render(true);
    expect(cell(html, 'viewer-bite-min')).toEqual(['0,10 мм', '-0,05 мм']);
    expect(cell(html, 'viewer-bite-area')).toEqual(['12,5 мм²', '3 мм²']);
    expect(html).not.toMatch(/\d mm/);
  });
});
