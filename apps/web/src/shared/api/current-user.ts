import { useQuery } from '@tanstack/react-query';
import type { CurrentUser, OrgDetail } from '@archway/contract';
import { request } from '../api-client.ts';
import { useToken } from '../auth/use-token.ts';
import { syncServerLanguage } from '../i18n/change-language.ts';

/** `GET /user/current`: the signed-in user with its organization summary. */
export function useCurrentUser() {
  const token = useToken();
  return useQuery({
    // Not keyed by the token: a renewed token is the same user (a new user reloads the page).
    queryKey: ['currentUser'],
    queryFn: async () => {
      const user = await request<CurrentUser>({ host: 'account', path: '/user/current' });
      // Mail follows this browser's language and time zone (issue 34): told once when the server's differ.
      syncServerLanguage(user);
      return user;
    },
    enabled: Boolean(token),
    staleTime: Infinity,
  });
}

/** `GET /api2/cust`: the signed-in user's organization, with what the user may do with it (`actions`). */
export function useCustomer(enabled = true) {
  const token = useToken();
  return useQuery({
    queryKey: ['customer'],
    queryFn: () => request<OrgDetail>({ host: 'account', path: '/api2/cust' }),
    enabled: Boolean(token) && enabled,
    staleTime: 60_000,
  });
}
