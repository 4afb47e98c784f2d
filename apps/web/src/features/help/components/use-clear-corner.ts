import { useEffect, useState } from 'react';

/** What counts as content under the floating button: controls, pagination, charts, table cells, text and images. */
const CONTENT =
  '.ant-pagination, canvas, button, input, textarea, a[href], .ant-select, [role=button], td, th, p, img, label, .ant-typography';

export interface Corner {
  /** Distance of the button from the window's right and bottom edges. */
  inset: number;
  /** The button's side. */
  size: number;
  /** The folded tab's box at the window's right edge (a touch target: WCAG asks 24 px at least, 44 px is better). */
  tab: { width: number; height: number };
}

/** Where the button stands: folded into a tab while content lies under its corner, lifted by `lift` px if needed. */
export interface CornerState {
  folded: boolean;
  /** How far the folded tab rises above its corner so that it covers no content (0 when it covers none there). */
  lift: number;
}

/** The lift is looked for in steps of this many pixels, up to half the window's height. */
const LIFT_STEP = 8;

/** The element's box meets the corner's box (with a small gap). */
const meets = (r: DOMRect, c: { left: number; top: number; right: number; bottom: number }, gap = 4) =>
  r.width > 0 &&
  r.height > 0 &&
  r.left < c.right + gap &&
  c.left - gap < r.right &&
  r.top < c.bottom + gap &&
  c.top - gap < r.bottom;

const UNCOVERED: CornerState = { folded: false, lift: 0 };

/**
 * Whether page content lies where the floating button sits (the window's bottom right corner), checked again on
 * scroll, resize and every change of the page. While it does, the button folds into a tab at the window's right
 * edge, so it never covers a pagination's "Go to page", a chart's last label or a last control; the tab is big
 * enough to touch, and rises (`lift`) to the lowest place at the edge where it covers no content either (it stays in
 * its corner when there is none in the lower half of the window).
 */
export function useContentUnderCorner({ inset, size, tab }: Corner): CornerState {
  const [state, setState] = useState<CornerState>(UNCOVERED);
  const { width: tabWidth, height: tabHeight } = tab;
  useEffect(() => {
    let frame = 0;
    const update = (next: CornerState) =>
      setState((now) => (now.folded === next.folded && now.lift === next.lift ? now : next));
    const check = () => {
      frame = 0;
      const root = document.querySelector('.ant-layout-content');
      if (!root) return update(UNCOVERED);
      const width = window.innerWidth;
      const height = window.innerHeight;
      const right = width - inset;
      const bottom = height - inset;
      const corner = { left: right - size, top: bottom - size, right, bottom };
      // The content's boxes near the right edge (where the button or its tab can be).
      const boxes: DOMRect[] = [];
      for (const el of root.querySelectorAll(CONTENT)) {
        if (el.closest('[data-help-float]')) continue;
        const r = el.getBoundingClientRect();
        if (r.right > Math.min(corner.left, width - tabWidth) - 4) boxes.push(r);
      }
      if (!boxes.some((r) => meets(r, corner))) return update(UNCOVERED);
      for (let lift = 0; lift <= height / 2; lift += LIFT_STEP) {
        const tabBox = {
          left: width - tabWidth,
          right: width,
          top: bottom - tabHeight - lift,
          bottom: bottom - lift,
        };
        if (!boxes.some((r) => meets(r, tabBox, 2))) return update({ folded: true, lift });
      }
      update({ folded: true, lift: 0 });
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(check);
    };
    schedule();
    window.addEventListener('scroll', schedule, { capture: true, passive: true });
    window.addEventListener('resize', schedule);
    const root = document.querySelector('.ant-layout-content');
    const observer = new MutationObserver(schedule);
    if (root)
      observer.observe(root, {
        childList: true,
        subtree: true,
        attributes: true,
        attributeFilter: ['class', 'style'],
      });
    return () => {
      if (frame) cancelAnimationFrame(frame);
      window.removeEventListener('scroll', schedule, { capture: true });
      window.removeEventListener('resize', schedule);
      observer.disconnect();
    };
  }, [inset, size, tabWidth, tabHeight]);
  return state;
}
