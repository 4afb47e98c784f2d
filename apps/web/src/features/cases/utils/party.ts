import { NO_RECEIVER, type CaseRow } from '@archway/contract';

/**
 * The other party's name on a case card (product §2, calls-and-errors §3): a received case shows who sent it, a
 * sent case whom it was sent to. A case sent to nobody in particular (an all-zero `receviceId`) shows the sender.
 */
export function otherPartyName(
  row: Pick<CaseRow, 'isSend' | 'sendName' | 'receviceName' | 'receviceId'>,
): string {
  if (!row.isSend || row.receviceId === NO_RECEIVER) return row.sendName;
  return row.receviceName;
}

/** Has the caller's organization downloaded the case (`downloadStatus` is keyed by organization id). */
export const downloadedBy = (
  row: Pick<CaseRow, 'downloadStatus'>,
  custId: string | null | undefined,
): boolean => Boolean(custId && row.downloadStatus[custId]);
