import { useState } from 'react';
import { Button, Card, Empty, Flex, Result, Skeleton, Tag, Typography } from 'antd';
import { ImportOutlined, PlusOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../shared/api/current-user.ts';
import { DataTable } from '../../shared/ui/DataTable.tsx';
import { SearchAndRefresh } from '../../shared/ui/SearchAndRefresh.tsx';
import { SectionTabs, type Section } from '../../shared/ui/SectionTabs.tsx';
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

/** `/manager`: the back office (product §2 "backend management"), for platform administrators only. */
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
  // explanation (no second title repeating the tab's name). Every tab's whole name shows at every width: the bar
  // wraps onto more rows, and a phone picks the section from a list.
  const sections: Section[] = [
    { key: 'registry', label: t('manager.registry.title'), children: <Registry /> },
    { key: 'orgs', label: t('console.orgs.tab'), testId: 'tab-console-orgs', children: <ConsoleOrgsTab /> },
    {
      key: 'users',
      label: t('console.users.tab'),
      testId: 'tab-console-users',
      children: <ConsoleUsersTab />,
    },
    { key: 'admins', label: t('console.admins.tab'), testId: 'tab-console-admins', children: <AdminsTab /> },
    {
      key: 'certification',
      label: t('certification.tab'),
      testId: 'tab-certification',
      children: <CertificationTab />,
    },
    { key: 'outbox', label: t('outbox.tab'), testId: 'tab-outbox', children: <OutboxTab /> },
    {
      key: 'service',
      label: t('notices.manager.tab'),
      testId: 'tab-service',
      children: <ServiceContactsTab />,
    },
    { key: 'help', label: t('help.articles.tab'), testId: 'tab-help', children: <HelpArticlesTab /> },
    {
      key: 'releaseNotes',
      label: t('updates.manager.tab'),
      testId: 'tab-release-notes',
      children: <ReleaseNotesTab />,
    },
    {
      key: 'downloads',
      label: t('clientDownload.manager.tab'),
      testId: 'tab-client-downloads',
      children: <ClientDownloadsTab />,
    },
    { key: 'audit', label: t('audit.tab'), testId: 'tab-audit', children: <AuditLogTab /> },
    { key: 'pages', label: t('pageFlags.tab'), testId: 'tab-pages', children: <PageFlagsTab /> },
    { key: 'backups', label: t('backups.tab'), testId: 'tab-backups', children: <BackupsTab /> },
  ];
  return (
    <Card data-testid="manager-console" styles={{ body: { paddingTop: 8 } }}>
      <SectionTabs
        id="console-sections"
        destroyOnHidden
        // `?tab=` opens a tab directly (a link to /manager?tab=orgs), and follows the tab chosen.
        activeKey={tab ?? 'registry'}
        onChange={(key) => setSearch({ tab: key }, { replace: true })}
        pickOnPhone={{ label: t('console.section') }}
        sections={sections}
      />
    </Card>
  );
}
