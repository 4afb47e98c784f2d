import { useQuery } from '@tanstack/react-query';
import type { HelpAnswer } from '@archway/contract';
import { request } from '../../../shared/api-client.ts';
import { HELP_KEY } from './keys.ts';

export type { HelpAnswer } from '@archway/contract';

/**
 * The help widget's question: GET /api/helper/ask (account service). Answers an array (not the envelope) of articles,
 * best first; `lang` is the interface language (English articles answer when none in it match).
 */
export const askHelp = ({ question, lang }: { question: string; lang: string }): Promise<HelpAnswer[]> =>
  request<HelpAnswer[]>({
    host: 'account',
    path: '/api/helper/ask',
    query: { content: question, lang },
    timeout: 10_000,
  });

export const useHelpAnswers = (question: string, lang: string) =>
  useQuery({
    queryKey: [...HELP_KEY, 'ask', lang, question],
    queryFn: () => askHelp({ question, lang }),
    enabled: question.length > 0,
    staleTime: 60_000,
    retry: false,
  });
