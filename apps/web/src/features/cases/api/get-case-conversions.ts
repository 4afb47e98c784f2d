import { useQuery } from '@tanstack/react-query';
import { SelectableConversionTypes, type Conversion } from '@archway/contract';
import { request } from '../../../shared/api-client.ts';
import { CONVERSION_POLL_MS, isActive } from '../utils/conversion.ts';
import { CASES_KEY } from './keys.ts';

/** POST /api/case/convert/result {id, type}: the case's latest conversion to `type`, or null. Silent. */
const getConversionOfType = (id: string, type: string): Promise<Conversion | null> =>
  request<Conversion | null>({
    host: 'case',
    method: 'POST',
    path: '/api/case/convert/result',
    body: { id, type },
    silent: true,
  });

export const getCaseConversionsQueryKey = (id: string) => [...CASES_KEY, 'conversions', id] as const;

/**
 * The case's latest conversion of each selectable format, for the case page's file list: their state, progress and
 * files. Asked again every second while one is queued or running; only for a copy whose `actions` allow `convert`
 * (the server refuses the others). Under the cases key: a conversion started in the dialog refreshes it.
 */
export const useCaseConversions = (id: string, allowed: boolean) =>
  useQuery({
    queryKey: getCaseConversionsQueryKey(id),
    queryFn: async (): Promise<Conversion[]> => {
      const jobs = await Promise.all(SelectableConversionTypes.map((type) => getConversionOfType(id, type)));
      return jobs.filter((job): job is Conversion => job !== null);
    },
    enabled: allowed && Boolean(id),
    refetchInterval: (q) => (q.state.data?.some((job) => isActive(job)) ? CONVERSION_POLL_MS : false),
  });
