import { useState } from 'react';
import { App, Button, Checkbox, Empty, Flex, Tag, Typography, type TablePaginationConfig } from 'antd';
import { ClockCircleOutlined, FieldTimeOutlined, RollbackOutlined, UndoOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { DeviceRow } from '@archway/contract';
import { useRecallAuthorization } from '../api/recall-authorization.ts';
import { DataTable } from '../../../shared/ui/DataTable.tsx';
import { toast } from '../../../shared/ui/toast.ts';
import { ScannerPicture } from './ScannerPicture.tsx';
import { Ellipsis, ExpiryCell, StatusTag } from './cells.tsx';
import { authorizationFlag } from '../utils/expiry.ts';
import { canExtend, type LentDirection, type LentRow } from '../utils/lent.ts';
import { AuthorizeDialog } from './dialogs/AuthorizeDialog.tsx';
import { BatchExtendDialog } from './dialogs/BatchExtendDialog.tsx';
import { ChangeTimeDialog } from './dialogs/ChangeTimeDialog.tsx';
import { nameSaysModel } from '../utils/device-name.ts';

/** A row with the key the shared table needs (the authorization's id). */
type KeyedRow = LentRow & { id: string };

interface AuthorizationTableProps {
  rows: LentRow[];
  direction: LentDirection;
  /** The device columns (serial, name, model): on when rows are of several devices. */
  showDevice: boolean;
  loading?: boolean;
  /** Omitted: the shared table pages the rows itself. */
  pagination?: TablePaginationConfig | false;
  /** Lent to me: open the device's data-transfer management (where the device row allows it). */
  onReceivers?: (device: DeviceRow) => void;
}

/**
 * Authorizations with the actions the server lists on each (`auth.actions`): change the time,
 * recall (after a confirmation), restore a recalled or expired one, and extend several at once.
 * Lent to me: look, and manage the device's data transfer where the device allows it.
 */
export function AuthorizationTable({
  rows,
  direction,
  showDevice,
  loading,
  pagination,
  onReceivers,
}: AuthorizationTableProps) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const [selected, setSelected] = useState<string[]>([]);
  const [changing, setChanging] = useState<LentRow | null>(null);
  const [restoring, setRestoring] = useState<LentRow | null>(null);
  const [extending, setExtending] = useState<LentRow[] | null>(null);
  const recall = useRecallAuthorization({
    onSuccess: () => toast(t('devices.messages.recalled'), 'success'),
  });

  const byMe = direction === 'byMe';
  const keyed: KeyedRow[] = rows.map((row) => ({ ...row, id: row.auth.id }));
  const extendable = rows.some(canExtend);
  const selectedRows = rows.filter((r) => selected.includes(r.auth.id) && canExtend(r));

  const confirmRecall = (row: LentRow) =>
    modal.confirm({
      title: t('devices.recall.title'),
      content: t('devices.recall.confirm', { number: row.device.number, name: row.auth.custName }),
      okText: t('devices.actions.recall'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: () => recall.mutateAsync(row.auth.id).catch(() => undefined),
    });

  const actions = (row: LentRow) => {
    const allowed = row.auth.actions;
    const receivers = !byMe && onReceivers && row.device.actions.includes('receivers');
    return (
      <Flex gap={4} wrap>
        {allowed.includes('changeTime') && (
          <Button type="link" size="small" icon={<FieldTimeOutlined />} onClick={() => setChanging(row)}>
            {t('devices.actions.changeTime')}
          </Button>
        )}
        {allowed.includes('recall') && (
          <Button
            type="link"
            size="small"
            danger
            icon={<RollbackOutlined />}
            onClick={() => confirmRecall(row)}
          >
            {t('devices.actions.recall')}
          </Button>
        )}
        {allowed.includes('restore') && (
          <Button type="link" size="small" icon={<UndoOutlined />} onClick={() => setRestoring(row)}>
            {t('devices.actions.restore')}
          </Button>
        )}
        {receivers && (
          <Button type="link" size="small" onClick={() => onReceivers(row.device)}>
            {t('devices.actions.receivers')}
          </Button>
        )}
      </Flex>
    );
  };
  const hasActions = rows.some(
    (r) => r.auth.actions.length > 0 || (!byMe && onReceivers && r.device.actions.includes('receivers')),
  );

  return (
    <Flex vertical gap={12}>
      {byMe && extendable && (
        <Flex align="center" gap={12} wrap>
          <Button
            icon={<ClockCircleOutlined />}
            disabled={selectedRows.length === 0}
            onClick={() => setExtending(selectedRows)}
            data-testid="batch-extend"
          >
            {t('devices.actions.batchExtend')}
          </Button>
          <Typography.Text type="secondary">
            {selectedRows.length
              ? t('devices.batch.selected', { count: selectedRows.length })
              : t('devices.batch.hint')}
          </Typography.Text>
        </Flex>
      )}
      <DataTable<KeyedRow>
        pageKey={showDevice ? `devices.lent.${direction}` : `devices.authorizations.${direction}`}
        size="middle"
        rowKey="id"
        loading={loading || recall.isPending}
        dataSource={keyed}
        pagination={pagination}
        emptyText={
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={t(byMe ? 'devices.lent.emptyByMe' : 'devices.lent.emptyToMe')}
          />
        }
        data-testid={`auth-table-${direction}`}
        actions={hasActions ? actions : undefined}
        columns={[
          ...(showDevice
            ? [
                {
                  key: 'number',
                  title: t('devices.columns.number'),
                  render: (r: KeyedRow) => (
                    <Typography.Text strong style={{ whiteSpace: 'nowrap' }}>
                      {r.device.number}
                    </Typography.Text>
                  ),
                },
                {
                  key: 'name',
                  title: t('devices.columns.name'),
                  render: (r: KeyedRow) => (
                    <Flex gap={6} align="center">
                      <ScannerPicture model={r.device.model} width={40} />
                      <Ellipsis text={r.device.name} maxWidth={180} />
                      {!nameSaysModel(r.device.name, r.device.model) && <Tag>{r.device.model}</Tag>}
                    </Flex>
                  ),
                },
              ]
            : []),
          {
            key: 'party',
            title: t(byMe ? 'devices.lent.lentTo' : 'devices.lent.lentBy'),
            ellipsis: true,
            render: (r) => (byMe ? r.auth.custName : r.auth.fromCustName),
          },
          {
            key: 'expiry',
            title: t('devices.columns.expiry'),
            render: (r) => <ExpiryCell expireTime={r.auth.expireTime} flag={authorizationFlag(r.auth)} />,
          },
          {
            key: 'status',
            title: t('devices.columns.status'),
            render: (r) => <StatusTag status={r.auth.status} />,
          },
          ...(byMe && extendable
            ? [
                {
                  key: 'select',
                  title: t('devices.columns.select'),
                  render: (r: KeyedRow) => (
                    <Checkbox
                      checked={selected.includes(r.id)}
                      disabled={!canExtend(r)}
                      aria-label={t('devices.columns.select')}
                      onChange={(e) =>
                        setSelected((current) =>
                          e.target.checked ? [...current, r.id] : current.filter((id) => id !== r.id),
                        )
                      }
                    />
                  ),
                },
              ]
            : []),
        ]}
      />
      {changing && <ChangeTimeDialog auth={changing.auth} onClose={() => setChanging(null)} />}
      {restoring && (
        <AuthorizeDialog
          device={restoring.device}
          target={{ id: restoring.auth.custId, name: restoring.auth.custName }}
          onClose={() => setRestoring(null)}
        />
      )}
      {extending && (
        <BatchExtendDialog
          rows={extending}
          onClose={() => {
            setExtending(null);
            setSelected([]);
          }}
        />
      )}
    </Flex>
  );
}
