import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

/** The accessibility checks of the responsive sweep (issue 33): axe-core's findings and a walk with the Tab key. */

/**
 * axe-core's browser build. The app's Content-Security-Policy refuses an inline <script> (page.addScriptTag), so it
 * is evaluated through the DevTools protocol instead, which the policy does not govern (and which it keeps checked).
 */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Walks the screen with the Tab key from the top (up to 80 stops, or until the focus comes round again). Answers
 * what fails: a stop that shows no focus ring (an outline, or a glow: a box-shadow with a spread, on the element or
 * just around it, once its transition has ended), and what looks clickable (a pointer cursor) but no key reaches (not
 * focusable, not inside or around something focusable).
 */
export async function keyboardFaults(page: Page): Promise<string[]> {
  await page.evaluate(() => {
    (document.activeElement as HTMLElement | null)?.blur();
    window.scrollTo(0, 0);
  });
  const faults: string[] = [];
  const stops = new Set<string>();
  for (let i = 0; i < 80; i += 1) {
    await page.keyboard.press('Tab');
    const stop = await page.evaluate(async () => {
      // The focused look may grow in (a glow's transition): read it once every finite animation has ended.
      const finite = document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity);
      await Promise.allSettled(finite.map((a) => a.finished));
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body) return null;
      const glow = (value: string) =>
        value !== 'none' &&
        value.split(/,(?![^(]*\))/).some((one) => {
          const lengths = one
            .replace(/rgba?\([^)]*\)/g, '')
            .trim()
            .split(/\s+/)
            .map(parseFloat)
            .filter((n) => !Number.isNaN(n));
          return lengths.length >= 4 && lengths[3]! >= 1;
        });
      const ring = (e: Element | null | undefined) => {
        if (!e) return false;
        const style = getComputedStyle(e);
        return (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) || glow(style.boxShadow);
      };
      const around = [
        el,
        el.parentElement,
        el.parentElement?.parentElement,
        el.nextElementSibling,
        el.firstElementChild,
      ];
      el.dataset.keyStop ??= String(Math.random());
      const label = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40);
      return {
        key: el.dataset.keyStop,
        what: `${el.tagName.toLowerCase()}.${String(el.className).split(' ')[0]} "${label}"`,
        ring: around.some(ring),
      };
    });
    if (!stop) continue;
    if (stops.has(stop.key)) break;
    stops.add(stop.key);
    if (!stop.ring) faults.push(`no focus ring on ${stop.what}`);
  }
  if (stops.size < 5) faults.push(`the Tab key reached only ${stops.size} places`);
  const unreached = await page.evaluate(() => {
    const focusable =
      'a[href], button, input, select, textarea, summary, [tabindex]:not([tabindex="-1"]), [role=tab], [contenteditable=true]';
    const pointer = (e: Element) => getComputedStyle(e).cursor === 'pointer';
    return [...document.querySelectorAll('body *')]
      .filter(
        (e) =>
          pointer(e) &&
          e.checkVisibility() &&
          !e.closest(focusable) &&
          !e.querySelector(focusable) &&
          !e.closest('[disabled], [aria-disabled=true], .ant-btn-disabled') &&
          // the outermost of a clickable block only
          !(e.parentElement && pointer(e.parentElement)),
      )
      .map(
        (e) =>
          `${e.tagName.toLowerCase()}.${String(e.className).split(' ')[0]} "${(e.textContent ?? '').trim().slice(0, 40)}"`,
      );
  });
  return [...faults, ...unreached.map((what) => `no key reaches ${what}`)];
}

/** What axe-core found on a screen: each critical or serious rule broken, with where (the first few elements). */
export interface Violation {
  id: string;
  impact: string;
  count: number;
  where: string[];
}

/** Runs axe-core (WCAG 2.0 and 2.1, A and AA) on the page as it is; returns its critical and serious violations. */
export async function axeViolations(page: Page): Promise<Violation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    const { axe } = window as unknown as {
      axe: {
        run: (
          context: Document,
          options: object,
        ) => Promise<{
          violations: {
            id: string;
            impact?: string | null;
            nodes: { target: unknown[]; failureSummary?: string }[];
          }[];
        }>;
      };
    };
    const { violations } = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      // A button's visible label is part of its name (WCAG 2.5.3): axe keeps that rule among its experimental ones.
      rules: { 'label-content-name-mismatch': { enabled: true } },
      resultTypes: ['violations'],
    });
    return violations
      .filter((v) => v.impact === 'critical' || v.impact === 'serious')
      .map((v) => ({
        id: v.id,
        impact: v.impact!,
        count: v.nodes.length,
        where: v.nodes.map(
          (n) => `${n.target.join(' ')} (${(n.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 160)})`,
        ),
      }));
  });
}
