import type { CaseDesign, DesignNoteBody } from '@archway/contract';
import { request } from '../../../shared/api-client.ts';
import { useRefreshingMutation } from '../../../shared/api/refreshing-mutation.ts';
import { DESIGN_KEY } from '../../../shared/tooth-chart/api/get-case-design.ts';

/** PUT /api/case/design/note: a receiving lab's design note (empty removes it). */
export const saveDesignNote = (body: DesignNoteBody): Promise<CaseDesign> =>
  request<CaseDesign>({ host: 'case', method: 'PUT', path: '/api/case/design/note', body });

export const useSaveDesignNote = () => useRefreshingMutation(DESIGN_KEY, saveDesignNote);
