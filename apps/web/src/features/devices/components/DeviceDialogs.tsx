import type { DeviceAction, DeviceRow } from '@archway/contract';
import { AuthorizationsDialog } from './dialogs/AuthorizationsDialog.tsx';
import { AuthorizeDialog } from './dialogs/AuthorizeDialog.tsx';
import { DetailDialog } from './dialogs/DetailDialog.tsx';
import { DeviceUsersDialog } from './dialogs/DeviceUsersDialog.tsx';
import { EditDeviceDialog } from './dialogs/EditDeviceDialog.tsx';
import { ReceiversDialog } from './dialogs/ReceiversDialog.tsx';
import { TransferDialog } from './dialogs/TransferDialog.tsx';
import { UnbindDialog } from './dialogs/UnbindDialog.tsx';

export interface OpenDialog {
  action: DeviceAction;
  device: DeviceRow;
}

/** The one dialog of a device action that is open, if any. */
export function DeviceDialogs({
  open,
  custId,
  onClose,
}: {
  open: OpenDialog | null;
  custId: string;
  onClose: () => void;
}) {
  if (!open) return null;
  const { device } = open;
  switch (open.action) {
    case 'detail':
      return <DetailDialog device={device} onClose={onClose} />;
    case 'edit':
      return <EditDeviceDialog device={device} onClose={onClose} />;
    case 'unbind':
      return <UnbindDialog device={device} onClose={onClose} />;
    case 'authorize':
      return <AuthorizeDialog device={device} onClose={onClose} />;
    case 'authorizations':
      return <AuthorizationsDialog device={device} custId={custId} onClose={onClose} />;
    case 'transfer':
      return <TransferDialog device={device} onClose={onClose} />;
    case 'users':
      return <DeviceUsersDialog device={device} onClose={onClose} />;
    case 'receivers':
      return <ReceiversDialog device={device} onClose={onClose} />;
  }
}
