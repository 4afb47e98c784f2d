import { Card, Flex, Segmented, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { StatsRanges, type StatsRange, type StatsSubjects } from '@archway/contract';
import { CASE_TYPES, caseTypeKey } from '../../../shared/case-types.ts';
import { orgTypeKey } from '../../../shared/org-labels.ts';
import type { Grouping } from '../utils/group-series.ts';

export interface DashboardFilterValues {
  range: StatsRange;
  grouping: Grouping;
  caseType?: number;
  partnerId?: string;
  custId?: string;
}

const GROUPINGS: readonly Grouping[] = ['day', 'week', 'month'];
const ALL = 0;

/**
 * The dashboard's filters: the range, how the days are grouped, the case type, a partner clinic or lab, and (for a
 * parent account) whose figures. On a phone each takes the whole width.
 */
export function DashboardFilters({
  value,
  onChange,
  subjects,
  mobile,
}: {
  value: DashboardFilterValues;
  onChange: (next: Partial<DashboardFilterValues>) => void;
  subjects?: StatsSubjects;
  mobile: boolean;
}) {
  const { t } = useTranslation();
  const selectStyle = mobile ? { width: '100%' } : { width: 200 };
  const organizations = subjects?.organizations ?? [];

  return (
    <Card size="small" data-testid="home-filters">
      <Flex gap={12} wrap align={mobile ? 'stretch' : 'center'} vertical={mobile}>
        <Segmented<StatsRange>
          block={mobile}
          value={value.range}
          onChange={(range) => onChange({ range })}
          aria-label={t('home.filters.range')}
          data-testid="filter-range"
          options={StatsRanges.map((range) => ({
            value: range,
            label: t(mobile ? `home.ranges.short.${range}` : `home.ranges.long.${range}`),
          }))}
        />
        <Segmented<Grouping>
          block={mobile}
          value={value.grouping}
          onChange={(grouping) => onChange({ grouping })}
          aria-label={t('home.filters.grouping')}
          data-testid="filter-grouping"
          options={GROUPINGS.map((grouping) => ({ value: grouping, label: t(`home.groupings.${grouping}`) }))}
        />
        <Select<number>
          style={selectStyle}
          value={value.caseType ?? ALL}
          onChange={(caseType) => onChange({ caseType: caseType === ALL ? undefined : caseType })}
          aria-label={t('home.filters.caseType')}
          data-testid="filter-case-type"
          options={[
            { value: ALL, label: t('caseType.all') },
            ...CASE_TYPES.map((type) => ({ value: type as number, label: t(caseTypeKey(type)) })),
          ]}
        />
        <Select<string>
          style={selectStyle}
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          value={value.partnerId}
          onChange={(partnerId) => onChange({ partnerId: partnerId ?? undefined })}
          placeholder={t('home.filters.allPartners')}
          aria-label={t('home.filters.partner')}
          data-testid="filter-partner"
          notFoundContent={t('home.filters.noPartners')}
          options={(subjects?.partners ?? []).map((p) => ({
            value: p.id,
            label: `${p.name} · ${t(orgTypeKey(p.custType))}`,
          }))}
        />
        {organizations.length > 1 && (
          <Select<string>
            style={selectStyle}
            value={value.custId ?? organizations[0]!.id}
            onChange={(custId) =>
              onChange({ custId: custId === organizations[0]!.id ? undefined : custId, partnerId: undefined })
            }
            aria-label={t('home.filters.organization')}
            data-testid="filter-organization"
            options={organizations.map((o) => ({ value: o.id, label: o.name }))}
          />
        )}
      </Flex>
    </Card>
  );
}
