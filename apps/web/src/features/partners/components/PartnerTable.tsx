import { Button, Empty, Flex, Tag, Typography } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { PartnerRow } from '@archway/contract';
import { DataTable, type DataColumn } from '../../../shared/ui/DataTable.tsx';
import { SearchAndRefresh } from '../../../shared/ui/SearchAndRefresh.tsx';
import { usePagedQuery } from '../../../shared/ui/paged-table.ts';
import { getPartners, partnersQueryKey } from '../api/get-partners.ts';
import { RELATION_COLORS, addressOf } from '../utils/partners.ts';

/** A field the partner's privacy hides. */
function Hidden() {
  const { t } = useTranslation();
  return (
    <Typography.Text type="secondary" data-testid="partner-hidden">
      <LockOutlined /> {t('partners.hidden')}
    </Typography.Text>
  );
}

/** Partner clinics or labs: name, contact as privacy allows, how they relate, the devices lent each way. */
export function PartnerTable({ type }: { type: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const list = usePagedQuery(
    partnersQueryKey(type),
    ({ pageIndex, pageSize, keyword }) => getPartners({ type, pageIndex, pageSize, key: keyword }),
    t,
  );

  const columns: DataColumn<PartnerRow>[] = [
    {
      key: 'name',
      title: t('partners.columns.name'),
      ellipsis: 240,
      render: (r) => <Typography.Text strong>{r.name}</Typography.Text>,
    },
    {
      key: 'type',
      title: t('partners.columns.type'),
      render: (r) => <Tag style={{ marginInlineEnd: 0 }}>{t(`partners.types.${r.custType}`)}</Tag>,
    },
    {
      key: 'contact',
      title: t('partners.columns.contact'),
      render: (r) => (
        <Flex vertical gap={2} style={{ minWidth: 0 }}>
          {r.contact && <span>{r.contact}</span>}
          {r.email === null ? <Hidden /> : <Typography.Text copyable>{r.email}</Typography.Text>}
          {r.phone === null ? <Hidden /> : <span>{r.phone}</span>}
        </Flex>
      ),
    },
    {
      key: 'address',
      title: t('partners.columns.address'),
      ellipsis: 240,
      render: (r) =>
        r.address === null && r.city === null && r.street === null ? <Hidden /> : addressOf(r) || '–',
    },
    {
      key: 'relations',
      title: t('partners.columns.relations'),
      render: (r) => (
        <Flex gap={4} wrap data-testid="partner-relations">
          {r.relations.map((rel) => (
            <Tag key={rel} color={RELATION_COLORS[rel]} style={{ marginInlineEnd: 0 }}>
              {t(`partners.relations.${rel}`)}
            </Tag>
          ))}
        </Flex>
      ),
    },
    {
      key: 'devices',
      title: t('partners.columns.devices'),
      defaultHidden: true,
      render: (r) => t('partners.devices', { count: r.devicesLentToMe, fromMe: r.devicesLentFromMe }),
    },
  ];

  const empty =
    list.keyword.trim() !== '' ? (
      <Empty description={t('partners.noMatch')} />
    ) : (
      <Empty description={t(type === 2 ? 'partners.empty.clinics' : 'partners.empty.labs')}>
        <Typography.Paragraph type="secondary">{t('partners.empty.hint')}</Typography.Paragraph>
        <Button type="primary" onClick={() => void navigate('/device')}>
          {t('partners.empty.devices')}
        </Button>
      </Empty>
    );

  return (
    <DataTable<PartnerRow>
      pageKey={`partners.${type}`}
      rowKey="id"
      loading={list.query.isLoading}
      dataSource={list.records}
      pagination={list.pagination}
      emptyText={empty}
      data-testid={`partner-table-${type}`}
      toolbar={
        <SearchAndRefresh
          keyword={list.keyword}
          onKeyword={list.setKeyword}
          placeholder={t('partners.searchPlaceholder')}
          onRefresh={() => void list.query.refetch()}
          refreshing={list.query.isFetching}
          data-testid={`partner-search-${type}`}
        />
      }
      columns={columns}
    />
  );
}
