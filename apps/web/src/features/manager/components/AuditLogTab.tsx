import { useMemo, useState } from 'react';
import {
  Button,
  Card,
  Col,
  DatePicker,
  Empty,
  Flex,
  Form,
  Input,
  Row,
  Select,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import {
  ClearOutlined,
  DownOutlined,
  DownloadOutlined,
  FilterOutlined,
  ReloadOutlined,
  UpOutlined,
} from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../shared/ui/DataTable.tsx';
import { toast } from '../../../shared/ui/toast.ts';
import { useDebouncedValue } from '../../../shared/ui/use-debounced-value.ts';
import { useViewportMode } from '../../../shared/ui/use-viewport.ts';
import { useAuditLog, type AuditLogFilters, type AuditLogRow } from '../api/audit-log.ts';
import { useAuditExport } from '../api/audit-export.ts';
import { useAuditOrgOptions } from '../api/audit-orgs.ts';

/** What the filter bar holds (dates as pickers' values until applied). */
interface FilterForm {
  cust?: string;
  user?: string;
  objectType?: string;
  objectId?: string;
  action?: string;
  outcome?: 'allowed' | 'refused';
  from?: Dayjs | null;
  to?: Dayjs | null;
}

const text = (v: string | undefined) => (v?.trim() ? v.trim() : undefined);

/** The form's values as the call's filters: trimmed, empty ones left out, times as ISO instants (UTC). */
export function filtersOf(form: FilterForm): AuditLogFilters {
  const out: AuditLogFilters = {};
  const set = <K extends keyof AuditLogFilters>(key: K, value: AuditLogFilters[K] | undefined) => {
    if (value !== undefined) out[key] = value;
  };
  set('cust', text(form.cust));
  set('user', text(form.user));
  set('objectType', text(form.objectType));
  set('objectId', text(form.objectId));
  set('action', text(form.action));
  set('outcome', form.outcome);
  set('from', form.from ? form.from.toISOString() : undefined);
  set('to', form.to ? form.to.toISOString() : undefined);
  return out;
}

/** A row's detail: collapsed to a link, expanded as formatted JSON in place. */
function DetailCell({ detail }: { detail: AuditLogRow['detail'] }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  if (!detail || Object.keys(detail).length === 0) return '–';
  return (
    <Flex vertical gap={4} align="flex-start" style={{ minWidth: 0, maxWidth: '100%' }}>
      <Button
        type="link"
        size="small"
        style={{ padding: 0, height: 'auto' }}
        onClick={() => setOpen(!open)}
        aria-expanded={open}
        data-testid="audit-detail-toggle"
      >
        {t(open ? 'audit.detail.hide' : 'audit.detail.show')}
      </Button>
      {open && (
        <pre
          data-testid="audit-detail"
          style={{
            margin: 0,
            maxWidth: 420,
            width: '100%',
            whiteSpace: 'pre-wrap',
            wordBreak: 'break-all',
            fontSize: 12,
            background: 'rgba(0, 0, 0, 0.04)',
            borderRadius: 6,
            padding: 8,
          }}
        >
          {JSON.stringify(detail, null, 2)}
        </pre>
      )}
    </Flex>
  );
}

/**
 * The audit log (administrators): who did what to which object, when, from where and with what outcome; filtered
 * by organization, user, object, action (exact or `prefix.*`), outcome and time (in the viewer's zone), newest
 * first, "Load more" by key; the same filters export as CSV.
 */
export function AuditLogTab() {
  const { t } = useTranslation();
  const [form] = Form.useForm<FilterForm>();
  const [applied, setApplied] = useState<AuditLogFilters>({});
  const [orgSearch, setOrgSearch] = useState('');
  const orgKeyword = useDebouncedValue(orgSearch, 300);
  const orgs = useAuditOrgOptions(orgKeyword);
  // The picked organization keeps its name while the search lists others.
  const [orgNames, setOrgNames] = useState<Record<string, string>>({});
  const log = useAuditLog(applied);
  const exporter = useAuditExport();
  // On a phone the filter fields fold away (the entries come first); the buttons stay.
  const mobile = useViewportMode() === 'mobile';
  const [showFields, setShowFields] = useState(false);
  const fieldsShown = !mobile || showFields;

  const rows = useMemo(() => log.data?.pages.flatMap((p) => p.rows) ?? [], [log.data]);
  const filtered = Object.keys(applied).length > 0;

  const apply = (values: FilterForm) => setApplied(filtersOf(values));
  const reset = () => {
    form.resetFields();
    setApplied({});
  };
  /** Narrows the log to one organization or user (a click on its name). */
  const narrow = (patch: Partial<FilterForm>, name?: string) => {
    if (patch.cust && name) setOrgNames((known) => ({ ...known, [patch.cust!]: name }));
    form.setFieldsValue(patch);
    setApplied(filtersOf(form.getFieldsValue(true) as FilterForm));
  };
  const runExport = async () => {
    const refusal = await exporter.run(applied);
    if (refusal) toast(t('audit.exportFailed', { reason: refusal }), 'error');
    else toast(t('audit.exported'), 'success');
  };

  const orgOptions = [
    ...(orgs.data ?? []),
    ...Object.entries(orgNames)
      .filter(([id]) => !orgs.data?.some((o) => o.value === id))
      .map(([value, label]) => ({ value, label })),
  ];

  return (
    <Flex vertical gap={16} data-testid="audit-log">
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t('audit.intro')}
      </Typography.Paragraph>
      <Card size="small">
        <Form<FilterForm> form={form} layout="vertical" onFinish={apply} data-testid="audit-filters">
          <Row gutter={[12, 0]} style={fieldsShown ? undefined : { display: 'none' }}>
            <Col xs={24} sm={12} xl={6}>
              <Form.Item name="cust" label={t('audit.filters.org')}>
                <Select
                  showSearch={{ filterOption: false, onSearch: setOrgSearch }}
                  allowClear
                  placeholder={t('audit.filters.orgPlaceholder')}
                  options={orgOptions}
                  loading={orgs.isFetching}
                  onChange={(value: string | undefined, option) => {
                    if (value && option && !Array.isArray(option))
                      setOrgNames((known) => ({ ...known, [value]: String(option.label) }));
                  }}
                  notFoundContent={t('audit.filters.orgNone')}
                  data-testid="audit-filter-org"
                />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12} xl={6}>
              <Form.Item name="user" label={t('audit.filters.user')}>
                <Input
                  allowClear
                  placeholder={t('audit.filters.userPlaceholder')}
                  data-testid="audit-filter-user"
                />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12} xl={6}>
              <Form.Item name="action" label={t('audit.filters.action')}>
                <Input
                  allowClear
                  placeholder={t('audit.filters.actionPlaceholder')}
                  data-testid="audit-filter-action"
                />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12} xl={6}>
              <Form.Item name="outcome" label={t('audit.filters.outcome')}>
                <Select
                  allowClear
                  placeholder={t('audit.filters.outcomeAny')}
                  options={[
                    { value: 'allowed', label: t('audit.outcomes.allowed') },
                    { value: 'refused', label: t('audit.outcomes.refused') },
                  ]}
                  data-testid="audit-filter-outcome"
                />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12} xl={6}>
              <Form.Item name="objectType" label={t('audit.filters.objectType')}>
                <Input
                  allowClear
                  placeholder={t('audit.filters.objectTypePlaceholder')}
                  data-testid="audit-filter-object-type"
                />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12} xl={6}>
              <Form.Item name="objectId" label={t('audit.filters.objectId')}>
                <Input allowClear data-testid="audit-filter-object-id" />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12} xl={6}>
              <Form.Item name="from" label={t('audit.filters.from')}>
                <DatePicker
                  showTime
                  style={{ width: '100%' }}
                  placeholder={t('audit.filters.fromPlaceholder')}
                  data-testid="audit-filter-from"
                />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12} xl={6}>
              <Form.Item name="to" label={t('audit.filters.to')}>
                <DatePicker
                  showTime
                  style={{ width: '100%' }}
                  placeholder={t('audit.filters.toPlaceholder')}
                  data-testid="audit-filter-to"
                />
              </Form.Item>
            </Col>
          </Row>
          <Flex gap={8} wrap>
            {mobile && (
              <Button
                icon={showFields ? <UpOutlined /> : <DownOutlined />}
                onClick={() => setShowFields(!showFields)}
                aria-expanded={showFields}
                data-testid="audit-filters-toggle"
              >
                {filtered
                  ? t('audit.filters.toggleActive', { count: Object.keys(applied).length })
                  : t('audit.filters.toggle')}
              </Button>
            )}
            {fieldsShown && (
              <Button type="primary" htmlType="submit" icon={<FilterOutlined />} data-testid="audit-apply">
                {t('audit.filters.apply')}
              </Button>
            )}
            <Button icon={<ClearOutlined />} onClick={reset} disabled={!filtered} data-testid="audit-reset">
              {t('audit.filters.reset')}
            </Button>
            <Button
              icon={<ReloadOutlined />}
              onClick={() => void log.refetch()}
              loading={log.isRefetching && !log.isFetchingNextPage}
            >
              {t('audit.refresh')}
            </Button>
            <Tooltip title={t('audit.exportHint')}>
              <Button
                icon={<DownloadOutlined />}
                onClick={() => void runExport()}
                loading={exporter.running}
                data-testid="audit-export"
              >
                {exporter.running && exporter.progress
                  ? t('audit.exporting', { percent: exporter.progress })
                  : t('audit.export')}
              </Button>
            </Tooltip>
          </Flex>
        </Form>
      </Card>
      <DataTable<AuditLogRow>
        pageKey="manager.audit"
        rowKey="id"
        size="small"
        loading={log.isLoading}
        dataSource={rows}
        pagination={false}
        data-testid="audit-table"
        emptyText={
          <Empty description={t(filtered ? 'audit.emptyFiltered' : 'audit.empty')}>
            {filtered && (
              <Flex vertical align="center" gap={8}>
                <Typography.Text type="secondary">{t('audit.emptyNext')}</Typography.Text>
                <Button onClick={reset} icon={<ClearOutlined />}>
                  {t('audit.filters.reset')}
                </Button>
              </Flex>
            )}
          </Empty>
        }
        cardTitle={(r) => (
          <Flex gap={8} align="center" wrap>
            <Typography.Text code>{r.action}</Typography.Text>
            <Typography.Text style={{ fontSize: 13 }}>{dayjs(r.at).format('L LTS')}</Typography.Text>
          </Flex>
        )}
        columns={[
          {
            key: 'at',
            title: t('audit.columns.at'),
            render: (r) => (
              <Tooltip title={r.at}>
                <span style={{ whiteSpace: 'nowrap' }}>{dayjs(r.at).format('L LTS')}</span>
              </Tooltip>
            ),
          },
          {
            key: 'actor',
            title: t('audit.columns.actor'),
            render: (r) =>
              r.actorUserId ? (
                <Tooltip title={t('audit.filterBy.user')}>
                  <Typography.Link onClick={() => narrow({ user: r.actorUserId! })} data-testid="audit-actor">
                    {r.actorUsername ?? r.actorUserId}
                  </Typography.Link>
                </Tooltip>
              ) : (
                <Typography.Text italic>{t('audit.anonymous')}</Typography.Text>
              ),
          },
          {
            key: 'org',
            title: t('audit.columns.org'),
            render: (r) =>
              r.actorCustId ? (
                <Tooltip title={t('audit.filterBy.org')}>
                  <Typography.Link
                    onClick={() => narrow({ cust: r.actorCustId! }, r.actorCustName ?? undefined)}
                    data-testid="audit-org"
                  >
                    {r.actorCustName ?? r.actorCustId}
                  </Typography.Link>
                </Tooltip>
              ) : (
                '–'
              ),
          },
          {
            key: 'action',
            title: t('audit.columns.action'),
            render: (r) => <Typography.Text code>{r.action}</Typography.Text>,
          },
          {
            key: 'object',
            title: t('audit.columns.object'),
            ellipsis: 260,
            render: (r) =>
              r.objectType || r.objectId ? [r.objectType, r.objectId].filter(Boolean).join(' · ') : '–',
          },
          {
            key: 'outcome',
            title: t('audit.columns.outcome'),
            render: (r) => (
              <Tag color={r.outcome === 'allowed' ? 'success' : 'error'} data-testid="audit-outcome">
                {t(`audit.outcomes.${r.outcome}`)}
              </Tag>
            ),
          },
          { key: 'ip', title: t('audit.columns.ip'), ellipsis: 160 },
          { key: 'requestId', title: t('audit.columns.requestId'), ellipsis: 160, defaultHidden: true },
          {
            key: 'detail',
            title: t('audit.columns.detail'),
            render: (r) => <DetailCell detail={r.detail} />,
          },
        ]}
      />
      {rows.length > 0 && (
        <Flex vertical align="center" gap={8} data-testid="audit-more">
          <Typography.Text type="secondary">{t('audit.loaded', { count: rows.length })}</Typography.Text>
          {log.hasNextPage ? (
            <Button
              onClick={() => void log.fetchNextPage()}
              loading={log.isFetchingNextPage}
              data-testid="audit-load-more"
            >
              {t('audit.loadMore')}
            </Button>
          ) : (
            <Typography.Text type="secondary">{t('audit.end')}</Typography.Text>
          )}
        </Flex>
      )}
    </Flex>
  );
}
