import { Empty, Flex, Switch, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PageFlags } from '@archway/contract';
import { orgTypeKey } from '../../../shared/org-labels.ts';
import { DataTable } from '../../../shared/ui/DataTable.tsx';
import { SearchAndRefresh } from '../../../shared/ui/SearchAndRefresh.tsx';
import { toast } from '../../../shared/ui/toast.ts';
import { usePageFlagsList, useSetPageFlags, type PageFlagsRow } from '../api/page-flags.ts';

const SCREENS = ['order', 'compare', 'builder'] as const satisfies readonly (keyof PageFlags)[];

/**
 * Optional screens (administrators): per organization, the order-form designer (/customizeOrder), the model
 * comparison (/caseCompare) and the model builder (/caseBuilder). A switch takes effect at its members' next start.
 */
export function PageFlagsTab() {
  const { t } = useTranslation();
  const list = usePageFlagsList(t);
  const set = useSetPageFlags();

  const toggle = (row: PageFlagsRow, screen: keyof PageFlags, on: boolean) =>
    set
      .mutateAsync({ id: row.id, [screen]: on })
      .then(() =>
        toast(
          t(on ? 'pageFlags.switchedOn' : 'pageFlags.switchedOff', {
            name: row.name,
            screen: t(`pageFlags.${screen}`),
          }),
          'success',
        ),
      )
      .catch(() => undefined);

  return (
    <Flex vertical gap={16} data-testid="page-flags">
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t('pageFlags.intro')}
      </Typography.Paragraph>
      <DataTable<PageFlagsRow>
        pageKey="manager.pageFlags"
        rowKey="id"
        loading={list.query.isLoading}
        dataSource={list.records}
        pagination={list.pagination}
        data-testid="page-flags-table"
        toolbar={
          <SearchAndRefresh
            keyword={list.keyword}
            onKeyword={list.setKeyword}
            placeholder={t('pageFlags.search')}
            onRefresh={() => void list.query.refetch()}
            refreshing={list.query.isFetching}
          />
        }
        emptyText={
          <Empty description={t(list.keyword.trim() ? 'pageFlags.emptySearch' : 'pageFlags.empty')} />
        }
        cardTitle={(r) => <Typography.Text strong>{r.name}</Typography.Text>}
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
            render: (r) => <Tag>{t(orgTypeKey(r.custType))}</Tag>,
          },
          ...SCREENS.map((screen) => ({
            key: screen,
            title: t(`pageFlags.${screen}`),
            render: (r: PageFlagsRow) => (
              <Switch
                checked={r[screen]}
                loading={set.isPending && set.variables?.id === r.id && screen in set.variables}
                onChange={(on) => void toggle(r, screen, on)}
                aria-label={t('pageFlags.switchLabel', { name: r.name, screen: t(`pageFlags.${screen}`) })}
                data-testid={`flag-${screen}-${r.id}`}
              />
            ),
          })),
        ]}
      />
    </Flex>
  );
}
