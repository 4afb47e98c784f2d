import { useState } from 'react';
import { App, Button, Empty, Flex, Tag, Tooltip, Typography } from 'antd';
import { CheckOutlined, CloseOutlined, PlusOutlined, StopOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { CooperationAction, CooperationRow } from '@archway/contract';
import { formatDateTime } from '../../../shared/i18n/format.ts';
import { DataTable, type DataColumn } from '../../../shared/ui/DataTable.tsx';
import { usePagedQuery } from '../../../shared/ui/paged-table.ts';
import { toast } from '../../../shared/ui/toast.ts';
import { useCancelCooperation } from '../api/cancel-cooperation.ts';
import { useDecideCooperation } from '../api/decide-cooperation.ts';
import { cooperationsQueryKey, getCooperations } from '../api/get-cooperations.ts';
import { cooperationState } from '../utils/partners.ts';
import { ApplyDialog } from './ApplyDialog.tsx';

const ICONS: Record<CooperationAction, typeof CheckOutlined> = {
  accept: CheckOutlined,
  refuse: CloseOutlined,
  cancel: StopOutlined,
};

/** Third-party cooperation: both directions with their state; apply, accept, refuse, cancel (each confirmed). */
export function CooperationTab({ custId, verified }: { custId: string; verified: boolean }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const [applying, setApplying] = useState(false);
  const list = usePagedQuery(
    cooperationsQueryKey,
    ({ pageIndex, pageSize }) => getCooperations({ pageIndex, pageSize }),
    t,
  );
  const decide = useDecideCooperation();
  const cancel = useCancelCooperation();

  const run = (action: CooperationAction, row: CooperationRow) => {
    const name = row.custName;
    const cancelKey = row.state === 0 && row.direction === 'out' ? 'withdraw' : 'cancel';
    const texts = {
      accept: [
        'partners.coop.confirm.acceptTitle',
        'partners.coop.confirm.acceptBody',
        'partners.coop.actions.accept',
      ],
      refuse: [
        'partners.coop.confirm.refuseTitle',
        'partners.coop.confirm.refuseBody',
        'partners.coop.actions.refuse',
      ],
      cancel: [
        `partners.coop.confirm.${cancelKey}Title`,
        `partners.coop.confirm.${cancelKey}Body`,
        `partners.coop.actions.${cancelKey}`,
      ],
    }[action];
    modal.confirm({
      title: t(texts[0]!, { name }),
      content: t(texts[1]!, { name }),
      okText: t(texts[2]!),
      okButtonProps: { danger: action !== 'accept', id: 'coop-confirm-ok' },
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          if (action === 'cancel') await cancel.mutateAsync(row.id);
          else await decide.mutateAsync({ id: row.id, accept: action === 'accept' });
          toast(t(`partners.coop.done.${action === 'cancel' ? cancelKey : action}`, { name }), 'success');
        } catch {
          // The request layer showed the refusal.
        }
      },
    });
  };

  const actionLabel = (action: CooperationAction, row: CooperationRow) =>
    t(
      `partners.coop.actions.${action === 'cancel' && row.state === 0 && row.direction === 'out' ? 'withdraw' : action}`,
    );

  const columns: DataColumn<CooperationRow>[] = [
    {
      key: 'name',
      title: t('partners.columns.name'),
      ellipsis: 240,
      render: (r) => <Typography.Text strong>{r.custName}</Typography.Text>,
    },
    {
      key: 'type',
      title: t('partners.columns.type'),
      render: (r) => <Tag style={{ marginInlineEnd: 0 }}>{t(`partners.types.${r.custType}`)}</Tag>,
    },
    {
      key: 'state',
      title: t('partners.coop.columns.state'),
      render: (r) => {
        const s = cooperationState(r);
        return (
          <Tag color={s.color} style={{ marginInlineEnd: 0 }} data-testid="coop-state">
            {t(s.key)}
          </Tag>
        );
      },
    },
    {
      key: 'direction',
      title: t('partners.coop.columns.direction'),
      render: (r) => t(`partners.coop.direction.${r.direction}`),
    },
    {
      key: 'createdAt',
      title: t('partners.coop.columns.createdAt'),
      render: (r) => localTime(r.createdAt),
    },
    {
      key: 'closedAt',
      title: t('partners.coop.columns.closedAt'),
      defaultHidden: true,
      render: (r) => localTime(r.closedAt ?? r.decidedAt),
    },
  ];

  const applyButton = (
    <Tooltip title={verified ? undefined : t('errors.cooperation.notVerified')}>
      <Button
        type="primary"
        icon={<PlusOutlined />}
        disabled={!verified}
        onClick={() => setApplying(true)}
        data-testid="coop-apply"
      >
        {t('partners.coop.apply')}
      </Button>
    </Tooltip>
  );

  return (
    <>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 12 }}>
        {t('partners.coop.intro')}
      </Typography.Paragraph>
      <DataTable<CooperationRow>
        pageKey="partners.cooperation"
        rowKey="id"
        loading={list.query.isLoading}
        dataSource={list.records}
        pagination={list.pagination}
        data-testid="coop-table"
        toolbar={applyButton}
        emptyText={
          <Empty description={t('partners.coop.empty')}>
            {verified ? (
              <Button type="primary" onClick={() => setApplying(true)}>
                {t('partners.coop.apply')}
              </Button>
            ) : (
              <Typography.Text type="secondary">{t('errors.cooperation.notVerified')}</Typography.Text>
            )}
          </Empty>
        }
        actions={(row) => (
          <Flex gap={2} wrap>
            {row.actions.map((action) => {
              const Icon = ICONS[action];
              return (
                <Button
                  key={action}
                  type="link"
                  size="small"
                  danger={action !== 'accept'}
                  icon={<Icon />}
                  onClick={() => run(action, row)}
                  data-testid={`coop-${action}`}
                >
                  {actionLabel(action, row)}
                </Button>
              );
            })}
            {row.actions.length === 0 && <Typography.Text type="secondary">–</Typography.Text>}
          </Flex>
        )}
        columns={columns}
      />
      {applying && <ApplyDialog custId={custId} onClose={() => setApplying(false)} />}
    </>
  );
}

/** A server time (UTC `YYYY-MM-DD HH:mm:ss`) in local time; "–" when there is none. */
function localTime(value: string | null): string {
  if (!value) return '–';
  const d = new Date(`${value.replace(' ', 'T')}Z`);
  return Number.isNaN(d.getTime()) ? value : formatDateTime(d);
}
