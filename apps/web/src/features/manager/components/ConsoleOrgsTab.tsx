import { useState } from 'react';
import { App, Button, Empty, Flex, Select, Tag, Typography } from 'antd';
import { CheckCircleOutlined, EyeOutlined, StopOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../shared/ui/DataTable.tsx';
import { SearchAndRefresh } from '../../../shared/ui/SearchAndRefresh.tsx';
import { toast } from '../../../shared/ui/toast.ts';
import { useConsoleOrgs, type ConsoleOrgFilters, type ConsoleOrgRow } from '../api/console-orgs.ts';
import { useSetConsoleOrgDisabled } from '../api/console-org-disable.ts';
import { ConsoleOrgDrawer } from './ConsoleOrgDrawer.tsx';
import { DisableOrgDialog } from './DisableOrgDialog.tsx';
import { CERTIFICATION_COLOR, StateTag } from './ConsoleTags.tsx';

/**
 * Organizations (administrators): search by name, e-mail, phone or credit code, filter by type, certification and
 * state; open one's details; disable it with a reason (its members stop working for it, nothing is deleted) or
 * enable it again.
 */
export function ConsoleOrgsTab() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const [filters, setFilters] = useState<ConsoleOrgFilters>({});
  const [open, setOpen] = useState<string | null>(null);
  const [disabling, setDisabling] = useState<ConsoleOrgRow | null>(null);
  const list = useConsoleOrgs(filters, t);
  const setDisabled = useSetConsoleOrgDisabled();

  const filter = (next: ConsoleOrgFilters) => {
    setFilters(next);
    // Back to the first page (the keyword stays).
    list.setKeyword(list.keyword);
  };
  const filtered = Object.values(filters).some((v) => v !== undefined);

  const enable = (row: Pick<ConsoleOrgRow, 'id' | 'name'>) =>
    modal.confirm({
      title: t('console.orgs.enableTitle', { name: row.name }),
      content: t('console.orgs.enableText'),
      okText: t('console.orgs.enable'),
      cancelText: t('common.cancel'),
      okButtonProps: { 'data-testid': 'console-org-enable-ok' },
      onOk: () =>
        setDisabled
          .mutateAsync({ id: row.id, disabled: false })
          .then(() => toast(t('console.orgs.enabled', { name: row.name }), 'success'))
          .catch(() => undefined),
    });

  const stateButton = (row: Pick<ConsoleOrgRow, 'id' | 'name' | 'disabled'>) =>
    row.disabled ? (
      <Button
        size="small"
        icon={<CheckCircleOutlined />}
        onClick={() => enable(row)}
        data-testid={`console-org-enable-${row.id}`}
      >
        {t('console.orgs.enable')}
      </Button>
    ) : (
      <Button
        size="small"
        danger
        icon={<StopOutlined />}
        onClick={() => setDisabling(row as ConsoleOrgRow)}
        data-testid={`console-org-disable-${row.id}`}
      >
        {t('console.orgs.disable')}
      </Button>
    );

  return (
    <Flex vertical gap={16} data-testid="console-orgs">
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t('console.orgs.intro')}
      </Typography.Paragraph>
      <DataTable<ConsoleOrgRow>
        pageKey="manager.consoleOrgs"
        rowKey="id"
        loading={list.query.isLoading}
        dataSource={list.records}
        pagination={list.pagination}
        data-testid="console-orgs-table"
        toolbar={
          <>
            <SearchAndRefresh
              keyword={list.keyword}
              onKeyword={list.setKeyword}
              placeholder={t('console.orgs.search')}
              onRefresh={() => void list.query.refetch()}
              refreshing={list.query.isFetching}
              data-testid="console-orgs-search"
            />
            <Select<number>
              allowClear
              placeholder={t('organization.fields.type')}
              aria-label={t('organization.fields.type')}
              value={filters.type}
              onChange={(type) => filter({ ...filters, type })}
              options={[2, 3, 4].map((v) => ({ value: v, label: t(`organization.type.${v}`) }))}
              style={{ minWidth: 130 }}
              data-testid="console-orgs-type"
            />
            <Select<number>
              allowClear
              placeholder={t('console.orgs.certification')}
              aria-label={t('console.orgs.certification')}
              value={filters.status}
              onChange={(status) => filter({ ...filters, status })}
              options={[0, 1, 2].map((v) => ({ value: v, label: t(`organization.status.${v}`) }))}
              style={{ minWidth: 150 }}
              data-testid="console-orgs-status"
            />
            <Select<'active' | 'disabled'>
              allowClear
              placeholder={t('console.orgs.stateFilter')}
              aria-label={t('console.orgs.stateFilter')}
              value={filters.disabled === undefined ? undefined : filters.disabled ? 'disabled' : 'active'}
              onChange={(v) =>
                filter({ ...filters, disabled: v === undefined ? undefined : v === 'disabled' })
              }
              options={(['active', 'disabled'] as const).map((v) => ({
                value: v,
                label: t(`console.orgs.state.${v}`),
              }))}
              style={{ minWidth: 130 }}
              data-testid="console-orgs-state"
            />
          </>
        }
        emptyText={
          <Empty
            description={t(
              list.keyword.trim() || filtered ? 'console.orgs.emptySearch' : 'console.orgs.empty',
            )}
          >
            {filtered && (
              <Button onClick={() => filter({})} data-testid="console-orgs-clear">
                {t('console.clearFilters')}
              </Button>
            )}
          </Empty>
        }
        cardTitle={(r) => <Typography.Text strong>{r.name}</Typography.Text>}
        actions={(r) => (
          <>
            <Button
              size="small"
              icon={<EyeOutlined />}
              onClick={() => setOpen(r.id)}
              data-testid={`console-org-open-${r.id}`}
            >
              {t('console.details')}
            </Button>
            {stateButton(r)}
          </>
        )}
        columns={[
          {
            key: 'name',
            title: t('organization.fields.name'),
            ellipsis: 220,
            render: (r) => <Typography.Text strong>{r.name}</Typography.Text>,
          },
          {
            key: 'type',
            title: t('organization.fields.type'),
            render: (r) => t(`organization.type.${r.custType}`),
          },
          {
            key: 'status',
            title: t('console.orgs.certification'),
            render: (r) => (
              <Tag color={CERTIFICATION_COLOR[r.status]}>{t(`organization.status.${r.status}`)}</Tag>
            ),
          },
          {
            key: 'state',
            title: t('console.orgs.stateFilter'),
            render: (r) => <StateTag kind="orgs" disabled={r.disabled} />,
          },
          { key: 'members', title: t('console.orgs.members'), align: 'right' },
          { key: 'devices', title: t('console.orgs.devices'), align: 'right' },
          { key: 'email', title: t('organization.fields.email'), ellipsis: 200, defaultHidden: true },
          { key: 'phone', title: t('organization.fields.phone'), ellipsis: 160, defaultHidden: true },
          {
            key: 'creditCode',
            title: t('organization.fields.creditCode'),
            ellipsis: 160,
            defaultHidden: true,
          },
          {
            key: 'registTime',
            title: t('organization.fields.registTime'),
            render: (r) => dayjs(r.registTime).format('L'),
          },
        ]}
      />
      <ConsoleOrgDrawer id={open} onClose={() => setOpen(null)} stateButton={stateButton} />
      {disabling && <DisableOrgDialog row={disabling} onClose={() => setDisabling(null)} />}
    </Flex>
  );
}
