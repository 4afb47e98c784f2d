import { useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CurrentUser } from '@archway/contract';
import { request } from '../../../shared/api-client.ts';
import { getReceiverRecords } from '../api/get-receiver-records.ts';
import {
  GUIDE_CHECK_INTERVAL_MS,
  GUIDE_RECEIVER_PAGE,
  SKIP_PROPERTY,
  isNewUserProperty,
  shouldOpenGuide,
} from './guide-rules.ts';

/**
 * Whether the first-use guide is open: decided by the check (property `{}` and no receiver
 * record), repeated every 2 hours; opened by hand from the top bar; closed by skip or finish,
 * which store `skipNovice: yes`.
 */
export function useFirstUseGuide(user: CurrentUser | undefined) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const newUser = isNewUserProperty(user?.property);
  const hasOrganization = Boolean(user?.custId);

  const check = useQuery({
    queryKey: ['guideCheck', user?.userId, newUser],
    queryFn: async () =>
      newUser
        ? shouldOpenGuide(user?.property, (await getReceiverRecords(GUIDE_RECEIVER_PAGE)).records.length)
        : false,
    enabled: Boolean(user?.userId) && hasOrganization,
    refetchInterval: GUIDE_CHECK_INTERVAL_MS,
    refetchIntervalInBackground: true,
    staleTime: GUIDE_CHECK_INTERVAL_MS,
  });

  // Every answer of the check decides again: open, or closed.
  useEffect(() => {
    if (check.data !== undefined) setOpen(check.data);
  }, [check.data, check.dataUpdatedAt]);

  const dismiss = useMutation({
    mutationFn: () =>
      request<Record<string, unknown>>({
        host: 'account',
        method: 'PUT',
        path: '/api2/user',
        body: { property: SKIP_PROPERTY },
      }),
    onSuccess: async () => {
      setOpen(false);
      await queryClient.invalidateQueries({ queryKey: ['currentUser'] });
    },
  });

  return {
    open,
    /** The top bar's guide button (only for users with an organization: devices belong to one). */
    available: hasOrganization,
    show: () => setOpen(true),
    close: () => setOpen(false),
    /** Skip or finish: store `skipNovice: yes`, then close. */
    dismiss: () => dismiss.mutate(),
    dismissing: dismiss.isPending,
  };
}
