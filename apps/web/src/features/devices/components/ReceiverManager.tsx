import { useEffect, useRef, useState } from 'react';
import {
  App,
  Button,
  Checkbox,
  Empty,
  Flex,
  Grid,
  Input,
  Segmented,
  Select,
  Tag,
  Typography,
  theme,
} from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ReceiverSearchResult } from '@archway/contract';
import { DataTable } from '../../../shared/ui/DataTable.tsx';
import { toast } from '../../../shared/ui/toast.ts';
import { useAddReceiver, type AddReceiverBody } from '../api/add-receiver.ts';
import { deleteReceivers, useDeleteReceivers } from '../api/delete-receivers.ts';
import { getReceiversQueryKey, useReceivers } from '../api/get-receivers.ts';
import { Ellipsis } from './cells.tsx';
import { OrgPicker } from './OrgPicker.tsx';
import {
  CASE_TYPES,
  automaticDeletes,
  partlyDeletable,
  caseTypeKey,
  receiverTypeKey,
  receiversFor,
  type MergedReceiver,
} from '../utils/receivers.ts';

export interface RoutedDevice {
  id: string;
  number: string;
}

/**
 * Data-transfer management of one device (product §2, §3): who receives its scans per case type.
 * Rows of the same organization are merged; rows that can no longer receive (allowStatus -1) are
 * deleted automatically and the list reloads; a receiver is added by a debounced search plus the
 * case types; deleting asks first.
 */
export function ReceiverManager({
  device,
  primaryAdd = true,
}: {
  device: RoutedDevice;
  /** The add button is the primary one (off in the guide, whose primary button is "next"). */
  primaryAdd?: boolean;
}) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const { token } = theme.useToken();
  const queryClient = useQueryClient();
  const [filter, setFilter] = useState<number | 'all'>('all');
  const [org, setOrg] = useState<ReceiverSearchResult | null>(null);
  const [caseTypes, setCaseTypes] = useState<AddReceiverBody['caseType']>([]);
  const [memo, setMemo] = useState('');
  const tried = useRef(new Set<string>());

  const list = useReceivers(device.id);

  // Receivers that can no longer receive are removed by themselves, then the list reloads.
  useEffect(() => {
    if (!list.data) return;
    const deletes = automaticDeletes(list.data, tried.current);
    if (!deletes.length) return;
    deletes.forEach((d) => d.ids.forEach((id) => tried.current.add(id)));
    void Promise.allSettled(
      deletes.map((d) =>
        deleteReceivers({ number: device.number, custId: d.custId, deleteid: d.ids }, { silent: true }),
      ),
    ).then(() => queryClient.invalidateQueries({ queryKey: getReceiversQueryKey(device.id) }));
  }, [list.data, device.id, device.number, queryClient]);

  const add = useAddReceiver({
    onSuccess: () => {
      toast(t('receivers.dialogrecivemes'), 'success');
      setOrg(null);
      setCaseTypes([]);
      setMemo('');
    },
  });

  const remove = useDeleteReceivers({ onSuccess: () => toast(t('receivers.delemes'), 'success') });

  const submit = () => {
    if (!org) return toast(t('receivers.pickOrganization'), 'warning');
    if (!caseTypes.length) return toast(t('receivers.dialogplacasetype'), 'warning');
    add.mutate({
      number: device.number,
      caseType: caseTypes,
      custId: org.id,
      memo: memo.trim() || undefined,
    });
  };

  const confirmDelete = (receiver: MergedReceiver) =>
    modal.confirm({
      title: t('receivers.deleteTitle'),
      content: t('receivers.deleteConfirm', {
        name: receiver.custName,
        types: receiver.caseTypes.map((c) => t(caseTypeKey(c))).join(', '),
      }),
      okText: t('common.delete'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: async () => {
        // Only the entries this caller may delete are sent; the others stay, and it is told so.
        if (partlyDeletable(receiver)) toast(t('errors.receiverDelete.deusererror'), 'warning');
        await remove
          .mutateAsync({ number: device.number, custId: receiver.custId, deleteid: receiver.deletableIds })
          .catch(() => undefined);
      },
    });

  const rows = list.data ? receiversFor(list.data, filter === 'all' ? null : filter) : [];
  const narrow = Grid.useBreakpoint().md === false;
  const filterOptions = [
    { value: 'all' as const, label: t('caseType.all') },
    ...CASE_TYPES.map((code) => ({ value: code, label: t(caseTypeKey(code)) })),
  ];

  return (
    <Flex vertical gap={16} data-testid="receiver-manager">
      <Flex align="center" justify="space-between" gap={12} wrap>
        <Typography.Text type="secondary">{t('receivers.intro', { number: device.number })}</Typography.Text>
        {narrow ? (
          // On a phone the four case types do not fit one row: a select shows every name whole.
          <Select<number | 'all'>
            value={filter}
            onChange={setFilter}
            options={filterOptions}
            style={{ width: '100%' }}
            aria-label={t('receivers.caseTypes')}
            data-testid="receiver-filter"
          />
        ) : (
          <div style={{ overflowX: 'auto', maxWidth: '100%' }}>
            <Segmented<number | 'all'> value={filter} onChange={setFilter} options={filterOptions} />
          </div>
        )}
      </Flex>
      <DataTable<MergedReceiver>
        pageKey="devices.receivers"
        size="small"
        rowKey="custId"
        loading={list.isLoading || remove.isPending}
        dataSource={rows}
        pagination={false}
        data-testid="receiver-table"
        emptyText={<Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('receivers.empty')} />}
        // Delete only where the server says this caller may (showDelete).
        actions={
          rows.some((r) => r.showDelete)
            ? (r) =>
                r.showDelete && (
                  <Button
                    type="link"
                    danger
                    size="small"
                    icon={<DeleteOutlined />}
                    onClick={() => confirmDelete(r)}
                  >
                    {t('common.delete')}
                  </Button>
                )
            : undefined
        }
        columns={[
          {
            key: 'org',
            title: t('receivers.organization'),
            render: (r) => (
              <Flex align="center" gap={8}>
                <Ellipsis text={r.custName} strong maxWidth={200} />
                <Tag>{t(receiverTypeKey(r.custType))}</Tag>
              </Flex>
            ),
          },
          {
            key: 'contact',
            title: t('receivers.contact'),
            render: (r) =>
              r.phone === null && r.email === null ? (
                <Typography.Text type="secondary">{t('receivers.hidden')}</Typography.Text>
              ) : (
                <Flex vertical>
                  {r.phone !== null && <span>{r.phone}</span>}
                  {r.email !== null && <span>{r.email}</span>}
                </Flex>
              ),
          },
          {
            key: 'caseTypes',
            title: t('receivers.caseTypes'),
            render: (r) => (
              <Flex gap={4} wrap>
                {r.caseTypes.map((code) => (
                  <Tag key={code} color="blue">
                    {t(caseTypeKey(code))}
                  </Tag>
                ))}
              </Flex>
            ),
          },
          {
            key: 'status',
            title: t('receivers.status'),
            render: (r) =>
              r.allowStatus === -1 ? (
                <Tag color="red">{t('receivers.notReceiving')}</Tag>
              ) : (
                <Tag color="green">{t('receivers.receiving')}</Tag>
              ),
          },
        ]}
      />
      <Flex
        vertical
        gap={10}
        style={{ padding: 16, borderRadius: token.borderRadiusLG, background: token.colorFillQuaternary }}
      >
        <Typography.Text strong>{t('receivers.addTitle')}</Typography.Text>
        <OrgPicker value={org} onChange={setOrg} data-testid="receiver-search" />
        <Checkbox.Group<AddReceiverBody['caseType'][number]>
          value={caseTypes}
          onChange={setCaseTypes}
          options={CASE_TYPES.map((code) => ({ value: code, label: t(caseTypeKey(code)) }))}
          data-testid="receiver-case-types"
        />
        <Input
          value={memo}
          onChange={(e) => setMemo(e.target.value)}
          maxLength={500}
          allowClear
          placeholder={t('receivers.memoPlaceholder')}
        />
        <Flex justify="flex-end">
          <Button
            type={primaryAdd ? 'primary' : 'default'}
            icon={<PlusOutlined />}
            loading={add.isPending}
            disabled={org !== null && !org.showAdd}
            onClick={submit}
            data-testid="receiver-add"
          >
            {t('receivers.add')}
          </Button>
        </Flex>
      </Flex>
    </Flex>
  );
}
