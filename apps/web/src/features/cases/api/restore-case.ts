import type { CaseRow } from '@archway/contract';
import { request } from '../../../shared/api-client.ts';
import { useCaseMutation, type MutationConfig } from './keys.ts';

export interface BinEntry {
  id: string;
  recycleId: string;
}

/** GET /user/addservice?id=&recycleId=: one case back from the recycle bin. */
export const restoreCase = ({ id, recycleId }: BinEntry): Promise<CaseRow> =>
  request<CaseRow>({ host: 'case', path: '/user/addservice', query: { id, recycleId } });

/** Several cases back, one call each; answers how many came back. */
export async function restoreCases(entries: readonly BinEntry[]): Promise<{ restored: number }> {
  for (const entry of entries) await restoreCase(entry);
  return { restored: entries.length };
}

export const useRestoreCases = (config?: MutationConfig<typeof restoreCases>) =>
  useCaseMutation(restoreCases, config);
