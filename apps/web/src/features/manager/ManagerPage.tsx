import { useState } from 'react';
import { Button, Card, Empty, Flex, Result, Skeleton, Tabs, Tag, Typography } from 'antd';
import { ImportOutlined, PlusOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../shared/api/current-user.ts';
import { DataTable } from '../../shared/ui/DataTable.tsx';
import { SearchAndRefresh } from '../../shared/ui/SearchAndRefresh.tsx';
import { AddRegistryDialog } from './components/AddRegistryDialog.tsx';
import { ImportRegistryDialog } from './components/ImportRegistryDialog.tsx';
import { useRegistry, type RegistryRow } from './api/get-registry.ts';
import { CertificationTab } from './components/CertificationTab.tsx';
import { OutboxTab } from './components/OutboxTab.tsx';
import { PageFlagsTab } from './components/PageFlagsTab.tsx';
import { AuditLogTab } from './components/AuditLogTab.tsx';
import { HelpArticlesTab } from './components/HelpArticlesTab.tsx';
import { ServiceContactsTab } from './components/ServiceContactsTab.tsx';
import { ConsoleOrgsTab } from './components/ConsoleOrgsTab.tsx';
import { ConsoleUsersTab } from './components/ConsoleUsersTab.tsx';
import { AdminsTab } from './components/AdminsTab.tsx';
import { ReleaseNotesTab } from './components/ReleaseNotesTab.tsx';
import { ClientDownloadsTab } from './components/ClientDownloadsTab.tsx';
import { BackupsTab } from './components/BackupsTab.tsx';

/** The registry of manufactured devices: list, search, add one, CSV import (administrators). */
function Registry() {
  const { t } = useTranslation();
  const [dialog, setDialog] = useState<'add' | 'import' | null>(null);
  const list = useRegistry(t);

  return (
    <Flex vertical gap={16} data-testid="registry">
      <Flex vertical gap={16}>
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          {t('manager.registry.intro')}
        </Typography.Paragraph>
        <DataTable<RegistryRow>
          pageKey="manager.registry"
          rowKey="serial"
          loading={list.query.isLoading}
          dataSource={list.records}
          pagination={list.pagination}
          data-testid="registry-table"
          toolbar={
            <>
              <SearchAndRefresh
                keyword={list.keyword}
                onKeyword={list.setKeyword}
                placeholder={t('manager.registry.searchPlaceholder')}
                onRefresh={() => void list.query.refetch()}
                refreshing={list.query.isFetching}
              />
              <Button
                icon={<ImportOutlined />}
                onClick={() => setDialog('import')}
                data-testid="registry-import"
              >
                {t('manager.import.open')}
              </Button>
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog('add')}>
                {t('manager.add.open')}
              </Button>
            </>
          }
          emptyText={
            <Empty
              description={t(list.keyword.trim() ? 'manager.registry.emptySearch' : 'manager.registry.empty')}
            />
          }
          columns={[
            {
              key: 'serial',
              title: t('manager.registry.serial'),
              render: (r) => <Typography.Text strong>{r.serial}</Typography.Text>,
            },
            { key: 'model', title: t('devices.columns.model'), render: (r) => <Tag>{r.model}</Tag> },
            { key: 'area', title: t('manager.registry.area'), ellipsis: 160 },
            {
              key: 'bound',
              title: t('manager.registry.bound'),
              render: (r) =>
                r.bound ? (
                  <Tag color="blue">{t('manager.registry.boundYes')}</Tag>
                ) : (
                  <Tag>{t('manager.registry.boundNo')}</Tag>
                ),
            },
            {
              key: 'owner',
              title: t('devices.columns.owner'),
              ellipsis: true,
              render: (r) => r.ownerCustName ?? '–',
            },
            {
              key: 'created',
              title: t('manager.registry.created'),
              render: (r) => dayjs(r.createdAt).format('L LT'),
            },
          ]}
        />
      </Flex>
      {dialog === 'add' && <AddRegistryDialog onClose={() => setDialog(null)} />}
      {dialog === 'import' && <ImportRegistryDialog onClose={() => setDialog(null)} />}
    </Flex>
  );
}

/** `/manager`: backend management, for platform administrators only. */
export default function ManagerPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data: user } = useCurrentUser();
  const [search, setSearch] = useSearchParams();
  const tab = search.get('tab');
  if (!user) return <Skeleton active />;
  if (!user.isAdmin) {
    return (
      <Result
        status="403"
        title={t('manager.forbidden.title')}
        subTitle={t('manager.forbidden.subTitle')}
        extra={
          <Button type="primary" onClick={() => navigate('/home')}>
            {t('common.backHome')}
          </Button>
        }
        data-testid="manager-forbidden"
      />
    );
  }
  // One layout for every tab: the tab bar and the tab's content on one card, the content starting with its
  // explanation (no second title repeating the tab's name).
  return (
    <Card data-testid="manager-console" styles={{ body: { paddingTop: 8 } }}>
      <Tabs
        destroyOnHidden
        // `?tab=` opens a tab directly (a link to /manager?tab=orgs), and follows the tab chosen.
        activeKey={tab ?? 'registry'}
        onChange={(key) => setSearch({ tab: key }, { replace: true })}
        items={[
          { key: 'registry', label: t('manager.registry.title'), children: <Registry /> },
          {
            key: 'orgs',
            label: <span data-testid="tab-console-orgs">{t('console.orgs.tab')}</span>,
            children: <ConsoleOrgsTab />,
          },
          {
            key: 'users',
            label: <span data-testid="tab-console-users">{t('console.users.tab')}</span>,
            children: <ConsoleUsersTab />,
          },
          {
            key: 'admins',
            label: <span data-testid="tab-console-admins">{t('console.admins.tab')}</span>,
            children: <AdminsTab />,
          },
          {
            key: 'certification',
            label: <span data-testid="tab-certification">{t('certification.tab')}</span>,
            children: <CertificationTab />,
          },
          {
            key: 'outbox',
            label: <span data-testid="tab-outbox">{t('outbox.tab')}</span>,
            children: <OutboxTab />,
          },
          {
            key: 'service',
            label: <span data-testid="tab-service">{t('notices.manager.tab')}</span>,
            children: <ServiceContactsTab />,
          },
          {
            key: 'help',
            label: <span data-testid="tab-help">{t('help.articles.tab')}</span>,
            children: <HelpArticlesTab />,
          },
          {
            key: 'releaseNotes',
            label: <span data-testid="tab-release-notes">{t('updates.manager.tab')}</span>,
            children: <ReleaseNotesTab />,
          },
          {
            key: 'downloads',
            label: <span data-testid="tab-client-downloads">{t('clientDownload.manager.tab')}</span>,
            children: <ClientDownloadsTab />,
          },
          {
            key: 'audit',
            label: <span data-testid="tab-audit">{t('audit.tab')}</span>,
            children: <AuditLogTab />,
          },
          {
            key: 'pages',
            label: <span data-testid="tab-pages">{t('pageFlags.tab')}</span>,
            children: <PageFlagsTab />,
          },
          {
            key: 'backups',
            label: <span data-testid="tab-backups">{t('backups.tab')}</span>,
            children: <BackupsTab />,
          },
        ]}
      />
    </Card>
  );
}
