/** Removes index.html's splash once React has mounted (a short fade, then gone). */
export function removeSplash(doc: Document = document): void {
  window.dispatchEvent(new Event('archway:mounted'));
  const splash = doc.getElementById('splash');
  if (!splash) return;
  splash.style.opacity = '0';
  splash.setAttribute('aria-busy', 'false');
  window.setTimeout(() => splash.remove(), 200);
}
