/**
 * Ant Design's tab bar (`.ant-tabs-nav`) carries role="tablist" and holds, beside the tabs, the "…" button that opens
 * the tabs which did not fit: a tablist may own only tabs (WCAG 1.3.1, axe `aria-required-children`), and a screen
 * reader counts that button as a stray child. The role (and its orientation) moves to the row of tabs inside
 * (`.ant-tabs-nav-list`), which holds only the tabs; the "…" button stays a plain button beside it. React sets these
 * attributes once (their values never change), so the move lasts; tab bars that mount later are moved as they come.
 */
const MOVED = ['role', 'aria-orientation'] as const;

/** Moves the tablist role of each tab bar under `root` onto its row of tabs. */
export function moveTablistRoles(root: ParentNode): void {
  for (const nav of root.querySelectorAll<HTMLElement>('.ant-tabs-nav[role="tablist"]')) {
    const list = nav.querySelector<HTMLElement>(':scope > .ant-tabs-nav-wrap > .ant-tabs-nav-list');
    if (!list) continue;
    for (const name of MOVED) {
      const value = nav.getAttribute(name);
      if (value === null) continue;
      list.setAttribute(name, value);
      nav.removeAttribute(name);
    }
  }
}

/** Keeps every tab bar of the document so from now on; answers a function that stops watching. */
export function keepTablistsToTabs(doc: Document = document): () => void {
  moveTablistRoles(doc);
  let queued = false;
  const observer = new MutationObserver((mutations) => {
    if (queued || !mutations.some((m) => m.addedNodes.length > 0)) return;
    queued = true;
    queueMicrotask(() => {
      queued = false;
      moveTablistRoles(doc);
    });
  });
  observer.observe(doc.body, { childList: true, subtree: true });
  return () => observer.disconnect();
}
