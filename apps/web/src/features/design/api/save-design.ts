import type { CaseDesign, SaveDesignBody } from '@archway/contract';
import { request } from '../../../shared/api-client.ts';
import { useRefreshingMutation } from '../../../shared/api/refreshing-mutation.ts';
import { DESIGN_KEY } from '../../../shared/tooth-chart/api/get-case-design.ts';

/** POST /api/case/design: the sending clinic saves the whole chart (refusals are toasted). */
export const saveDesign = (body: SaveDesignBody): Promise<CaseDesign> =>
  request<CaseDesign>({ host: 'case', method: 'POST', path: '/api/case/design', body });

export const useSaveDesign = () => useRefreshingMutation(DESIGN_KEY, saveDesign);
