import type { z } from 'zod';
import type { paged, receiverPageBody, receiverRecord } from '@archway/contract';
import { request } from '../../../shared/api-client.ts';

export type ReceiverRecordsBody = z.input<typeof receiverPageBody>;
export type ReceiverRecordPage = z.infer<ReturnType<typeof paged<typeof receiverRecord>>>;

/** Receiver records across the organization's devices (the first-use guide's check): POST /api2/device/scan/receivers. */
export const getReceiverRecords = (body: ReceiverRecordsBody): Promise<ReceiverRecordPage> =>
  request<ReceiverRecordPage>({ host: 'access', method: 'POST', path: '/api2/device/scan/receivers', body });
