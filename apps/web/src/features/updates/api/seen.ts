import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ClientType, type UpdateSeen } from '@archway/contract';
import { request } from '../../../shared/api-client.ts';
import { UPDATES_KEY } from './keys.ts';

const SEEN_KEY = [...UPDATES_KEY, 'seen'] as const;

/**
 * Whether this person has release notes of the web app to be shown (`GET /UpdateLog/seen`, kept per person on the
 * server): a person's first ask stores the latest version, so the dialog never opens at a first sign-in.
 */
export const getSeen = (): Promise<UpdateSeen> =>
  request<UpdateSeen>({
    host: 'admin',
    path: '/UpdateLog/seen',
    query: { type: ClientType.web },
    silent: true,
  });

export const useUpdatesSeen = () =>
  useQuery({ queryKey: SEEN_KEY, queryFn: getSeen, staleTime: 10 * 60_000 });

/** The person has been shown `version` (`PUT /UpdateLog/seen`): the dialog stays closed, in every browser. */
export const markSeen = (version: string): Promise<UpdateSeen> =>
  request<UpdateSeen>({
    host: 'admin',
    method: 'PUT',
    path: '/UpdateLog/seen',
    body: { type: ClientType.web, version },
    silent: true,
  });

export function useMarkUpdatesSeen() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markSeen,
    onSuccess: (seen) => queryClient.setQueryData(SEEN_KEY, seen),
  });
}
