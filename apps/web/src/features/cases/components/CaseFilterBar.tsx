import { useState } from 'react';
import { Badge, Button, DatePicker, Flex, Select } from 'antd';
import { ClearOutlined, FilterOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useViewportMode } from '../../../shared/ui/use-viewport.ts';
import {
  CASE_TYPES,
  NO_FILTERS,
  caseTypeKey,
  hasFilters,
  type CaseFilters,
  type CaseScope,
  type Direction,
  type DownloadedFilter,
} from '../utils/filters.ts';

const DAY = 'YYYY-MM-DD';
const asDay = (value: Dayjs | null | undefined) => (value ? value.format(DAY) : null);
const fromDay = (value: string | null) => (value ? dayjs(value, DAY) : null);

/** How many filters are set (the phone's filter button shows it). */
const activeCount = (filters: CaseFilters) =>
  [
    filters.caseType !== null,
    filters.direction !== 'all',
    filters.from || filters.to,
    filters.downloaded !== 'all',
  ].filter(Boolean).length;

/**
 * The case list's filters: case type, direction, upload dates, downloaded (not on /caseNot), clear. On a phone they
 * fold behind a "Filters" button showing how many are set.
 */
export function CaseFilterBar({
  scope,
  filters,
  onChange,
}: {
  scope: CaseScope;
  filters: CaseFilters;
  onChange: (filters: CaseFilters) => void;
}) {
  const { t } = useTranslation();
  const narrow = useViewportMode() === 'mobile';
  const [open, setOpen] = useState(false);
  const set = (patch: Partial<CaseFilters>) => onChange({ ...filters, ...patch });
  const field = { flex: narrow ? '1 1 140px' : '0 0 auto', minWidth: 0 } as const;

  const toggle = narrow && (
    <Badge count={activeCount(filters)} size="small">
      <Button
        icon={<FilterOutlined />}
        onClick={() => setOpen((o) => !o)}
        aria-expanded={open}
        data-testid="filter-toggle"
      >
        {t('cases.filters.title')}
      </Button>
    </Badge>
  );
  if (narrow && !open) return <Flex>{toggle}</Flex>;

  return (
    <Flex gap={8} wrap align="center" data-testid="case-filters">
      {toggle && <Flex style={{ flex: '1 1 100%' }}>{toggle}</Flex>}
      <Select<number | 'all'>
        value={filters.caseType ?? 'all'}
        onChange={(value) => set({ caseType: value === 'all' ? null : value })}
        aria-label={t('cases.columns.caseType')}
        style={{ ...field, width: narrow ? undefined : 190 }}
        popupMatchSelectWidth={false}
        data-testid="filter-case-type"
        options={[
          { value: 'all', label: t('caseType.all') },
          ...CASE_TYPES.map((code) => ({ value: code, label: t(caseTypeKey(code)) })),
        ]}
      />
      <Select<Direction>
        value={filters.direction}
        onChange={(direction) => set({ direction })}
        aria-label={t('cases.columns.direction')}
        style={{ ...field, width: narrow ? undefined : 200 }}
        popupMatchSelectWidth={false}
        data-testid="filter-direction"
        options={[
          { value: 'all', label: t('cases.direction.all') },
          { value: 'received', label: t('cases.direction.received') },
          { value: 'sent', label: t('cases.direction.sent') },
        ]}
      />
      {scope !== 'notDownloaded' && (
        <Select<DownloadedFilter>
          value={filters.downloaded}
          onChange={(downloaded) => set({ downloaded })}
          aria-label={t('cases.columns.downloaded')}
          style={{ ...field, width: narrow ? undefined : 190 }}
          popupMatchSelectWidth={false}
          data-testid="filter-downloaded"
          options={[
            { value: 'all', label: t('cases.filters.downloadedAll') },
            { value: 'yes', label: t('cases.downloaded.yes') },
            { value: 'no', label: t('cases.downloaded.no') },
          ]}
        />
      )}
      {narrow ? (
        // Two pickers on a phone: the range picker's two-month panel is wider than the screen.
        <>
          <DatePicker
            value={fromDay(filters.from)}
            onChange={(value) => set({ from: asDay(value) })}
            placeholder={t('cases.filters.from')}
            aria-label={t('cases.filters.from')}
            inputReadOnly
            style={field}
            data-testid="filter-from"
          />
          <DatePicker
            value={fromDay(filters.to)}
            onChange={(value) => set({ to: asDay(value) })}
            placeholder={t('cases.filters.to')}
            aria-label={t('cases.filters.to')}
            inputReadOnly
            style={field}
            data-testid="filter-to"
          />
        </>
      ) : (
        <DatePicker.RangePicker
          value={[fromDay(filters.from), fromDay(filters.to)]}
          onChange={(values) => set({ from: asDay(values?.[0]), to: asDay(values?.[1]) })}
          placeholder={[t('cases.filters.from'), t('cases.filters.to')]}
          allowEmpty={[true, true]}
          style={{ width: 260 }}
          data-testid="filter-dates"
        />
      )}
      {hasFilters(filters) && (
        <Button icon={<ClearOutlined />} onClick={() => onChange(NO_FILTERS)} data-testid="filter-clear">
          {t('cases.filters.clear')}
        </Button>
      )}
    </Flex>
  );
}
