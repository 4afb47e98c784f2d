import { ProcessStatus, ProcessStatusOrder, type ProcessStatusCode } from '@archway/contract';

const names: Record<number, string> = {
  [ProcessStatus.received]: 'received',
  [ProcessStatus.processing]: 'processing',
  [ProcessStatus.sent]: 'sent',
  [ProcessStatus.finished]: 'finished',
  [ProcessStatus.checkedIn]: 'checkedIn',
};

/** Translation key of a lab progress value. */
export const processStatusKey = (status: number | null) =>
  status !== null && names[status] ? `cases.progress.${names[status]}` : 'cases.progress.none';

export const PROCESS_COLORS: Record<number, string> = {
  [ProcessStatus.received]: 'blue',
  [ProcessStatus.checkedIn]: 'cyan',
  [ProcessStatus.processing]: 'orange',
  [ProcessStatus.sent]: 'purple',
  [ProcessStatus.finished]: 'green',
};

/**
 * The lab-progress dropdown's values (calls-and-errors §4 order: 1, 5, 2, 3, 4). 5 "checked in" is offered only
 * while the case is at 1 "received", as the server rules; the current value always stays listed.
 */
export function processStatusOptions(current: number | null): ProcessStatusCode[] {
  return ProcessStatusOrder.filter(
    (status) =>
      status !== ProcessStatus.checkedIn || current === ProcessStatus.received || current === status,
  );
}
