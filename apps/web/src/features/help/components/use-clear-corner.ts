import { useEffect, useState } from 'react';

/** What counts as content under the floating button: controls, pagination, charts, table cells, text and images. */
const CONTENT =
  '.ant-pagination, canvas, button, input, textarea, a[href], .ant-select, [role=button], td, th, p, img, label, .ant-typography';

export interface Corner {
  /** Distance of the button from the window's right and bottom edges. */
  inset: number;
  /** The button's side. */
  size: number;
}

/** The element's box meets the corner's box (with a small gap). */
const meets = (r: DOMRect, c: { left: number; top: number; right: number; bottom: number }, gap = 4) =>
  r.width > 0 &&
  r.height > 0 &&
  r.left < c.right + gap &&
  c.left - gap < r.right &&
  r.top < c.bottom + gap &&
  c.top - gap < r.bottom;

/**
 * Whether page content lies where the floating button sits (the window's bottom right corner), checked again on
 * scroll, resize and every change of the page. While it does, the button folds into a slim tab in the page's
 * margin, so it never covers a pagination's "Go to page", a chart's last label or a last control.
 */
export function useContentUnderCorner({ inset, size }: Corner): boolean {
  const [covered, setCovered] = useState(false);
  useEffect(() => {
    let frame = 0;
    const check = () => {
      frame = 0;
      const root = document.querySelector('.ant-layout-content');
      if (!root) return setCovered(false);
      const right = window.innerWidth - inset;
      const bottom = window.innerHeight - inset;
      const corner = { left: right - size, top: bottom - size, right, bottom };
      let hit = false;
      for (const el of root.querySelectorAll(CONTENT)) {
        if (el.closest('[data-help-float]')) continue;
        if (meets(el.getBoundingClientRect(), corner)) {
          hit = true;
          break;
        }
      }
      setCovered(hit);
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
  }, [inset, size]);
  return covered;
}
