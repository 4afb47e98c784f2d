import { useMutation } from '@tanstack/react-query';
import { request } from '../../../shared/api-client.ts';

type Asked = { sent: boolean; email: string; emailConfirmed: string };

/**
 * GET /user/confirmEmail?mail= (calls-and-errors §7.5): a confirmation link mailed to the signed-in person's own
 * address (`sent` false when it is already confirmed). Refusals are shown by the request layer.
 */
export const sendConfirmation = (mail: string): Promise<Asked> =>
  request<Asked>({ host: 'account', path: '/user/confirmEmail', query: { mail } });

export const useSendConfirmation = () => useMutation({ mutationFn: sendConfirmation });
