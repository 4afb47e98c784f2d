/** The tab of the case page an address asks for (`?tab=`); the page reads it (features/cases case-page). */
export type CasePageTab = 'details' | 'conversation';

/**
 * The address of a case's page (`/case/<id>`, issue 32), optionally at a tab (`?tab=conversation`) and at a pinned
 * remark (`?pin=<commentId>`: "show on the scan").
 */
export function casePath(
  caseId: string,
  { tab, pin }: { tab?: CasePageTab; pin?: string | null } = {},
): string {
  const query = new URLSearchParams();
  if (tab) query.set('tab', tab);
  if (pin) query.set('pin', pin);
  const search = query.toString();
  return `/case/${encodeURIComponent(caseId)}${search ? `?${search}` : ''}`;
}

/**
 * The case page an old address meant, or null: `/case?id=<id>` (the detail dialog), `/case?preview=<id>&pin=<c>`
 * (the 3D preview at a pin) and `/caseComment?caseId=<id>` (the thread), kept working for bookmarks, mails and
 * notices stored before the page existed.
 */
export function legacyCaseTarget(pathname: string, search: string): string | null {
  const path = pathname.replace(/\/+$/, '');
  const params = new URLSearchParams(search);
  if (path.endsWith('/case')) {
    const preview = params.get('preview');
    if (preview) return casePath(preview, { pin: params.get('pin') });
    const id = params.get('id');
    if (id) return casePath(id);
    return null;
  }
  if (path.endsWith('/caseComment')) {
    const id = params.get('caseId');
    return id ? casePath(id, { tab: 'conversation' }) : null;
  }
  return null;
}

/**
 * Whether the page shows this case's page now (`/case/<id>`, under any base or system prefix, at any tab): a notice
 * about that case then offers no button to open it again.
 */
export function showingCasePage(caseId: string, at: { pathname: string } = window.location): boolean {
  const path = at.pathname.replace(/\/+$/, '');
  const marker = '/case/';
  const i = path.lastIndexOf(marker);
  if (i < 0) return false;
  const rest = path.slice(i + marker.length);
  if (rest.includes('/')) return false;
  try {
    return decodeURIComponent(rest) === caseId;
  } catch {
    return false;
  }
}
