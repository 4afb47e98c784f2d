import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, DatePicker, Empty, Flex, Result, Select, Table, Typography, theme } from 'antd';
import type { TableColumnType } from 'antd';
import { FileExcelOutlined, FileTextOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import type { StatsRow, StatsSettings, StatsSubjects } from '@archway/contract';
import { DEFAULT_PAGE_SIZE, tablePagination } from '../../../shared/ui/paged-table.ts';
import { toast } from '../../../shared/ui/toast.ts';
import { useViewportMode } from '../../../shared/ui/use-viewport.ts';
import {
  getStatsTable,
  statsTableQueryKey,
  type StatsFilter,
  type StatsSort,
} from '../api/get-stats-table.ts';
import { useStatsExport } from '../api/export-stats-table.ts';
import { partnerColumn, rowAlerts, type ExportFormat } from '../utils/stats.ts';
import { AlertCell } from './AlertCell.tsx';
import { StatsChart } from './StatsChart.tsx';
import '../stats.css';
import { numberFormat } from '../../../shared/i18n/format.ts';

const DEFAULT_SORT: Pick<StatsFilter, 'sort' | 'order'> = { sort: 'month', order: 'desc' };
const NUMBER_COLUMNS = ['total', 'ortho', 'restoration', 'implant', 'difference'] as const;

/**
 * Product §3's statistics table: one row per partner organization and month, sorted and paged on the server, the
 * cells below the person's thresholds red; filters (months, partner, organization) and the CSV and Excel export of
 * every row in the same order.
 */
export function StatsTable({
  custType,
  settings,
  subjects,
  custId,
  onCustId,
}: {
  custType: number | null;
  settings: StatsSettings | undefined;
  subjects: StatsSubjects | undefined;
  custId: string | undefined;
  onCustId: (custId: string | undefined) => void;
}) {
  const { t, i18n } = useTranslation();
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const narrow = useViewportMode() === 'mobile';
  const [months, setMonths] = useState<[Dayjs, Dayjs] | null>(null);
  const [partnerId, setPartnerId] = useState<string | undefined>();
  const [order, setOrder] = useState(DEFAULT_SORT);
  const [page, setPage] = useState({ pageIndex: 1, pageSize: DEFAULT_PAGE_SIZE });

  const filter: StatsFilter = {
    custId,
    partnerId,
    from: months?.[0].format('YYYY-MM'),
    to: months?.[1].format('YYYY-MM'),
    ...order,
  };
  const filtered = Boolean(months || partnerId);
  const query = useQuery({
    queryKey: [...statsTableQueryKey, filter, page] as const,
    queryFn: () => getStatsTable({ ...filter, ...page }),
    placeholderData: keepPreviousData,
  });
  const records = query.data?.records;
  // A page past the last (rows gone after a filter change elsewhere) steps back.
  useEffect(() => {
    if (records && records.length === 0 && page.pageIndex > 1 && !query.isPlaceholderData)
      setPage((p) => ({ ...p, pageIndex: p.pageIndex - 1 }));
  }, [records, page.pageIndex, query.isPlaceholderData]);

  const exporter = useStatsExport();
  const exportAs = async (format: ExportFormat) => {
    if (!(await exporter.run(filter, format))) toast(t('stats.export.failed'));
  };

  const number = useMemo(() => numberFormat({}, i18n.language), [i18n.language]);
  const signed = useMemo(() => numberFormat({ signDisplay: 'exceptZero' }, i18n.language), [i18n.language]);
  const monthName = useMemo(
    () => new Intl.DateTimeFormat(i18n.language, { year: 'numeric', month: 'short', timeZone: 'UTC' }),
    [i18n.language],
  );
  const formatMonth = (m: string) => monthName.format(new Date(`${m}-01T00:00:00Z`));

  const first = partnerColumn(custType);
  const sorted = (key: StatsSort): Pick<TableColumnType<StatsRow>, 'sorter' | 'sortOrder' | 'key'> => ({
    key,
    sorter: true,
    sortOrder: order.sort === key ? (order.order === 'asc' ? 'ascend' : 'descend') : null,
  });
  const alertBg = { background: token.colorErrorBg };
  const columns: TableColumnType<StatsRow>[] = [
    {
      ...sorted('clinic'),
      title: t(`stats.columns.${first}`),
      dataIndex: 'clinic',
      fixed: narrow ? undefined : 'left',
      render: (_, r) => (
        <Typography.Text strong ellipsis={{ tooltip: r.clinic }} style={{ maxWidth: narrow ? 140 : 280 }}>
          {r.clinic}
        </Typography.Text>
      ),
    },
    {
      ...sorted('month'),
      title: t('stats.columns.month'),
      dataIndex: 'month',
      render: (_, r) => <span style={{ whiteSpace: 'nowrap' }}>{formatMonth(r.month)}</span>,
    },
    ...NUMBER_COLUMNS.map((key): TableColumnType<StatsRow> => ({
      ...sorted(key),
      title: t(`stats.columns.${key}`),
      dataIndex: key,
      align: 'right',
      onCell: (r) => {
        const alerts = rowAlerts(r, settings);
        const alert = (key === 'total' && alerts.total) || (key === 'difference' && alerts.difference);
        return alert ? { style: alertBg } : {};
      },
      render: (_, r) => {
        const alerts = rowAlerts(r, settings);
        if (key === 'total')
          return (
            <AlertCell
              value={r.total}
              text={number.format(r.total)}
              alert={alerts.total}
              hint={t('stats.alert.total', { threshold: settings?.abnormal ?? 0 })}
              testId="cell-total"
            />
          );
        if (key === 'difference')
          return (
            <AlertCell
              value={r.difference}
              text={signed.format(r.difference)}
              alert={alerts.difference}
              hint={t('stats.alert.difference', { threshold: settings?.difference ?? 0 })}
              testId="cell-difference"
            />
          );
        return number.format(r[key]);
      },
    })),
  ];

  // Below 768 px one stacked card per row (name and month, then every figure with its label): no column hides off
  // screen; the order is chosen above the cards, as the table's headers are not there to click.
  const stacked: TableColumnType<StatsRow>[] = [
    {
      key: 'card',
      title: t(`stats.columns.${first}`),
      render: (_, r) => {
        const alerts = rowAlerts(r, settings);
        return (
          <Flex vertical gap={6} data-testid="stats-card" style={{ minWidth: 0 }}>
            <Flex justify="space-between" align="baseline" gap={8}>
              <Typography.Text strong style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
                {r.clinic}
              </Typography.Text>
              <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap' }}>
                {formatMonth(r.month)}
              </Typography.Text>
            </Flex>
            <dl className="stats-card-figures">
              {NUMBER_COLUMNS.map((key) => {
                const alert =
                  (key === 'total' && alerts.total) || (key === 'difference' && alerts.difference);
                return (
                  <div key={key} style={alert ? alertBg : undefined} data-testid={`stats-card-${key}`}>
                    <dt>{t(`stats.columns.${key}`)}</dt>
                    <dd>
                      {key === 'total' ? (
                        <AlertCell
                          value={r.total}
                          text={number.format(r.total)}
                          alert={alerts.total}
                          hint={t('stats.alert.total', { threshold: settings?.abnormal ?? 0 })}
                          testId="cell-total"
                        />
                      ) : key === 'difference' ? (
                        <AlertCell
                          value={r.difference}
                          text={signed.format(r.difference)}
                          alert={alerts.difference}
                          hint={t('stats.alert.difference', { threshold: settings?.difference ?? 0 })}
                          testId="cell-difference"
                        />
                      ) : (
                        number.format(r[key])
                      )}
                    </dd>
                  </div>
                );
              })}
            </dl>
          </Flex>
        );
      },
    },
  ];
  const sortKeys: StatsSort[] = ['month', 'clinic', ...NUMBER_COLUMNS];

  const organizations = subjects?.organizations ?? [];
  const partners = subjects?.partners ?? [];
  const empty: ReactNode = query.isError ? (
    <Result
      status="warning"
      title={t('stats.loadFailed')}
      extra={<Button onClick={() => void query.refetch()}>{t('common.retry')}</Button>}
    />
  ) : filtered ? (
    <Empty description={t('stats.empty.filtered')}>
      <Button
        onClick={() => {
          setMonths(null);
          setPartnerId(undefined);
          setPage((p) => ({ ...p, pageIndex: 1 }));
        }}
      >
        {t('stats.empty.clear')}
      </Button>
    </Empty>
  ) : (
    <Empty description={t('stats.empty.none')} data-testid="stats-empty">
      <Typography.Paragraph type="secondary">{t('stats.empty.hint')}</Typography.Paragraph>
      <Button type="primary" onClick={() => void navigate('/device')}>
        {t('stats.empty.devices')}
      </Button>
    </Empty>
  );
  const total = query.data?.totalRecords ?? 0;

  return (
    <Flex vertical gap={12} style={{ minWidth: 0 }}>
      <Flex gap={8} wrap align="center" data-testid="stats-filters">
        <DatePicker.RangePicker
          picker="month"
          value={months}
          onChange={(v) => {
            setMonths(v && v[0] && v[1] ? [v[0], v[1]] : null);
            setPage((p) => ({ ...p, pageIndex: 1 }));
          }}
          disabledDate={(d) => d.isAfter(dayjs(), 'month')}
          placeholder={[t('stats.filters.from'), t('stats.filters.to')]}
          aria-label={t('stats.filters.months')}
          style={{ width: narrow ? '100%' : 260 }}
          data-testid="stats-months"
        />
        {organizations.length > 1 && (
          <Select
            value={custId ?? organizations[0]!.id}
            onChange={(v: string) => {
              onCustId(v === organizations[0]!.id ? undefined : v);
              setPartnerId(undefined);
              setPage((p) => ({ ...p, pageIndex: 1 }));
            }}
            options={organizations.map((o) => ({ value: o.id, label: o.name }))}
            showSearch={{ optionFilterProp: 'label' }}
            aria-label={t('stats.filters.organization')}
            style={{ width: narrow ? '100%' : 220 }}
            data-testid="stats-organization"
          />
        )}
        <Select
          allowClear
          value={partnerId}
          onChange={(v: string | undefined) => {
            setPartnerId(v);
            setPage((p) => ({ ...p, pageIndex: 1 }));
          }}
          placeholder={t(`stats.filters.partner.${first}`)}
          options={partners.map((p) => ({ value: p.id, label: p.name }))}
          showSearch={{ optionFilterProp: 'label' }}
          aria-label={t(`stats.filters.partner.${first}`)}
          style={{ width: narrow ? '100%' : 220 }}
          data-testid="stats-partner"
        />
        {narrow && (
          <Select
            value={`${order.sort}:${order.order}`}
            onChange={(v: string) => {
              const [sort, dir] = v.split(':') as [StatsSort, 'asc' | 'desc'];
              setOrder({ sort, order: dir });
              setPage((p) => ({ ...p, pageIndex: 1 }));
            }}
            options={sortKeys.flatMap((key) =>
              (['desc', 'asc'] as const).map((dir) => ({
                value: `${key}:${dir}`,
                label: `${t('stats.sortBy')}: ${t(`stats.columns.${key === 'clinic' ? first : key}`)} ${dir === 'asc' ? '↑' : '↓'}`,
              })),
            )}
            aria-label={t('stats.sortBy')}
            style={{ width: '100%' }}
            data-testid="stats-sort"
          />
        )}
        <Flex gap={8} style={{ marginInlineStart: narrow ? undefined : 'auto' }}>
          <Button
            icon={<FileTextOutlined />}
            loading={exporter.running === 'csv'}
            disabled={exporter.running !== null || total === 0}
            onClick={() => void exportAs('csv')}
            data-testid="stats-export-csv"
          >
            {exporter.running === 'csv' ? t('stats.export.running') : t('stats.export.csv')}
          </Button>
          <Button
            icon={<FileExcelOutlined />}
            loading={exporter.running === 'xlsx'}
            disabled={exporter.running !== null || total === 0}
            onClick={() => void exportAs('xlsx')}
            data-testid="stats-export-xlsx"
          >
            {exporter.running === 'xlsx' ? t('stats.export.running') : t('stats.export.xlsx')}
          </Button>
        </Flex>
      </Flex>
      {/* The listed rows as bars (no chart without rows: the table's own empty state speaks then). */}
      {!query.isError && records && records.length > 0 && (
        <StatsChart rows={records} sort={order.sort} nameTitle={t(`stats.columns.${first}`)} />
      )}
      <Table<StatsRow>
        rowKey={(r) => `${r.custId}:${r.month}`}
        size={narrow ? 'small' : 'middle'}
        loading={query.isFetching && !query.data ? true : query.isFetching ? { delay: 300 } : false}
        dataSource={records ?? []}
        columns={narrow ? stacked : columns}
        showHeader={!narrow}
        scroll={narrow ? undefined : { x: 'max-content' }}
        locale={{ emptyText: query.isLoading ? ' ' : empty }}
        data-testid="stats-table"
        onChange={(_, __, sorter, extra) => {
          if (extra.action !== 'sort') return;
          const one = Array.isArray(sorter) ? sorter[0] : sorter;
          const key = one?.columnKey as StatsSort | undefined;
          setOrder(
            key && one?.order ? { sort: key, order: one.order === 'ascend' ? 'asc' : 'desc' } : DEFAULT_SORT,
          );
          setPage((p) => ({ ...p, pageIndex: 1 }));
        }}
        pagination={{
          ...tablePagination(
            t,
            { current: page.pageIndex, pageSize: page.pageSize, total },
            (pageIndex, pageSize) =>
              setPage((p) => ({ pageIndex: pageSize === p.pageSize ? pageIndex : 1, pageSize })),
          ),
          ...(narrow ? { size: 'small' as const, showQuickJumper: false, simple: true } : {}),
        }}
      />
    </Flex>
  );
}
