import type { CaseListBody } from '@archway/contract';

export { CASE_TYPES, caseTypeKey } from '../../../shared/case-types.ts';

export type Direction = 'all' | 'received' | 'sent';
export type DownloadedFilter = 'all' | 'yes' | 'no';

/** The filters of the case list (besides the keyword, which the paged query keeps). */
export interface CaseFilters {
  caseType: number | null;
  direction: Direction;
  /** Upload dates, inclusive, `YYYY-MM-DD`. */
  from: string | null;
  to: string | null;
  downloaded: DownloadedFilter;
}

export const NO_FILTERS: CaseFilters = {
  caseType: null,
  direction: 'all',
  from: null,
  to: null,
  downloaded: 'all',
};

export const hasFilters = (filters: CaseFilters) =>
  filters.caseType !== null ||
  filters.direction !== 'all' ||
  filters.from !== null ||
  filters.to !== null ||
  filters.downloaded !== 'all';

/** Which list a page shows: the case box, the cases not downloaded yet (/caseNot), or the recycle bin. */
export type CaseScope = 'box' | 'notDownloaded' | 'recycle';

type FilterBody = Pick<
  CaseListBody,
  'caseType' | 'isSend' | 'startTime' | 'endTime' | 'downloaded' | 'notDownload' | 'recycle'
>;

/** The `POST /getpaging` fields of a scope and its filters (unset filters are left out). */
export function filterBody(scope: CaseScope, filters: CaseFilters): Partial<FilterBody> {
  const body: Partial<FilterBody> = {};
  if (filters.caseType !== null) body.caseType = filters.caseType as FilterBody['caseType'];
  if (filters.direction !== 'all') body.isSend = filters.direction === 'sent';
  // A range typed backwards is the same range.
  const [from, to] =
    filters.from && filters.to && filters.from > filters.to
      ? [filters.to, filters.from]
      : [filters.from, filters.to];
  if (from) body.startTime = from;
  if (to) body.endTime = to;
  if (scope === 'notDownloaded') body.notDownload = true;
  else if (filters.downloaded !== 'all') body.downloaded = filters.downloaded === 'yes';
  if (scope === 'recycle') body.recycle = true;
  return body;
}
