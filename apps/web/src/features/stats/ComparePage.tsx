import { useMemo, useState, type ReactNode } from 'react';
import { Button, Card, DatePicker, Empty, Flex, Result, Segmented, Select, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import type { CompareQuery, StatsSubjects } from '@archway/contract';
import { useCurrentUser } from '../../shared/api/current-user.ts';
import { useViewportMode } from '../../shared/ui/use-viewport.ts';
import { useCompareSide } from './api/get-compare-side.ts';
import { useStatsSubjects } from './api/get-stats-subjects.ts';
import { CompareCharts } from './components/CompareCharts.tsx';
import { CompareIndicators } from './components/CompareIndicators.tsx';
import { SideTag } from './components/SideTag.tsx';
import { defaultPeriods, type Period } from './utils/stats.ts';

type Mode = 'periods' | 'organizations';

/** A subject of the comparison as a select value: `org:<id>` (an organization) or `partner:<id>`. */
type SubjectValue = string;
const OWN: SubjectValue = 'org:';

function subjectQuery(value: SubjectValue): Pick<CompareQuery, 'custId' | 'partnerId'> {
  const [kind, id] = [value.slice(0, value.indexOf(':')), value.slice(value.indexOf(':') + 1)];
  if (!id) return {};
  return kind === 'partner' ? { partnerId: id } : { custId: id };
}

function subjectOptions(subjects: StatsSubjects | undefined, t: (key: string) => string) {
  const [own, ...children] = subjects?.organizations ?? [];
  const groups = [];
  if (own)
    groups.push({
      label: t('stats.compare.organizations'),
      options: [
        { value: OWN, label: own.name },
        ...children.map((c) => ({ value: `org:${c.id}`, label: c.name })),
      ],
    });
  if (subjects?.partners.length)
    groups.push({
      label: t('stats.compare.partners'),
      options: subjects.partners.map((p) => ({ value: `partner:${p.id}`, label: p.name })),
    });
  return groups;
}

const toPeriod = (v: [Dayjs | null, Dayjs | null] | null, fallback: Period): Period =>
  v?.[0] && v[1] ? { from: v[0].format('YYYY-MM'), to: v[1].format('YYYY-MM') } : fallback;
const toRange = (p: Period): [Dayjs, Dayjs] => [dayjs(`${p.from}-01`), dayjs(`${p.to}-01`)];

/** A labelled control of the comparison's form. */
function Field({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <Flex vertical gap={4} style={{ minWidth: 0, flex: '1 1 220px', maxWidth: 360 }}>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {label}
      </Typography.Text>
      {children}
    </Flex>
  );
}

/**
 * `/caseCompare` (product §2): statistics comparison of two periods of one organization, or of two organizations
 * over one period (the caller and an associated organization of a parent account, or two partners). Key indicators
 * side by side, the trend, the months and the scanners.
 */
export default function ComparePage() {
  const { t, i18n } = useTranslation();
  const narrow = useViewportMode() === 'mobile';
  const { data: user } = useCurrentUser();
  const subjects = useStatsSubjects();
  const defaults = useMemo(() => defaultPeriods(new Date()), []);
  const [mode, setMode] = useState<Mode>('periods');
  const [subject, setSubject] = useState<SubjectValue>(OWN);
  const [periodA, setPeriodA] = useState<Period>(defaults.earlier);
  const [periodB, setPeriodB] = useState<Period>(defaults.recent);
  const [period, setPeriod] = useState<Period>(defaults.recent);
  const [sideA, setSideA] = useState<SubjectValue>(OWN);
  const [chosenB, setSideB] = useState<SubjectValue | null>(null);

  const options = subjectOptions(subjects.data, t);
  const flat = options.flatMap((g) => g.options);
  const sideB = chosenB ?? flat.find((o) => o.value !== OWN)?.value ?? OWN;
  const nameOf = (value: SubjectValue) => flat.find((o) => o.value === value)?.label ?? '';

  const monthName = useMemo(
    () => new Intl.DateTimeFormat(i18n.language, { year: 'numeric', month: 'short', timeZone: 'UTC' }),
    [i18n.language],
  );
  const periodLabel = (p: Period) => {
    const f = (m: string) => monthName.format(new Date(`${m}-01T00:00:00Z`));
    return p.from === p.to ? f(p.from) : `${f(p.from)} – ${f(p.to)}`;
  };

  const queryA: CompareQuery =
    mode === 'periods' ? { ...subjectQuery(subject), ...periodA } : { ...subjectQuery(sideA), ...period };
  const queryB: CompareQuery =
    mode === 'periods' ? { ...subjectQuery(subject), ...periodB } : { ...subjectQuery(sideB), ...period };
  const a = useCompareSide(queryA);
  const b = useCompareSide(queryB);
  const labelA = mode === 'periods' ? periodLabel(periodA) : nameOf(sideA);
  const labelB = mode === 'periods' ? periodLabel(periodB) : nameOf(sideB);

  if (!user) return <Skeleton active />;
  if (!user.custId) return <Result status="info" title={t('stats.noOrganization')} />;

  const futureMonth = (d: Dayjs) => d.isAfter(dayjs(), 'month');
  const monthRange = (value: Period, onChange: (p: Period) => void, testId: string, label: string) => (
    <DatePicker.RangePicker
      picker="month"
      allowClear={false}
      value={toRange(value)}
      onChange={(v) => onChange(toPeriod(v, value))}
      disabledDate={futureMonth}
      aria-label={label}
      style={{ width: '100%' }}
      data-testid={testId}
    />
  );
  const subjectSelect = (
    value: SubjectValue,
    onChange: (v: SubjectValue) => void,
    testId: string,
    label: string,
  ) => (
    <Select
      value={value}
      onChange={onChange}
      options={options}
      loading={subjects.isLoading}
      showSearch={{ optionFilterProp: 'label' }}
      aria-label={label}
      style={{ width: '100%' }}
      data-testid={testId}
    />
  );
  const nothingToCompare = mode === 'organizations' && flat.length < 2 && !subjects.isLoading;

  return (
    <Flex vertical gap={16} style={{ minWidth: 0 }} data-testid="compare-page">
      <Card
        title={
          <Typography.Title level={4} style={{ margin: 0 }}>
            {t('stats.compare.title')}
          </Typography.Title>
        }
      >
        <Flex vertical gap={12}>
          <Segmented<Mode>
            value={mode}
            onChange={setMode}
            block={narrow}
            options={[
              { value: 'periods', label: t('stats.compare.modes.periods') },
              { value: 'organizations', label: t('stats.compare.modes.organizations') },
            ]}
            data-testid="compare-mode"
            style={{ alignSelf: narrow ? 'stretch' : 'flex-start' }}
          />
          <Flex gap={12} wrap>
            {mode === 'periods' ? (
              <>
                <Field label={t('stats.compare.subject')}>
                  {subjectSelect(subject, setSubject, 'compare-subject', t('stats.compare.subject'))}
                </Field>
                <Field
                  label={
                    <>
                      <SideTag side="A" />
                      {t('stats.compare.periodA')}
                    </>
                  }
                >
                  {monthRange(periodA, setPeriodA, 'compare-period-a', t('stats.compare.periodA'))}
                </Field>
                <Field
                  label={
                    <>
                      <SideTag side="B" />
                      {t('stats.compare.periodB')}
                    </>
                  }
                >
                  {monthRange(periodB, setPeriodB, 'compare-period-b', t('stats.compare.periodB'))}
                </Field>
              </>
            ) : (
              <>
                <Field
                  label={
                    <>
                      <SideTag side="A" />
                      {t('stats.compare.sideA')}
                    </>
                  }
                >
                  {subjectSelect(sideA, setSideA, 'compare-side-a', t('stats.compare.sideA'))}
                </Field>
                <Field
                  label={
                    <>
                      <SideTag side="B" />
                      {t('stats.compare.sideB')}
                    </>
                  }
                >
                  {subjectSelect(sideB, setSideB, 'compare-side-b', t('stats.compare.sideB'))}
                </Field>
                <Field label={t('stats.compare.period')}>
                  {monthRange(period, setPeriod, 'compare-period', t('stats.compare.period'))}
                </Field>
              </>
            )}
          </Flex>
        </Flex>
      </Card>
      {(a.isError || b.isError) && !(a.data && b.data) ? (
        <Card>
          <Result
            status="warning"
            title={t('stats.loadFailed')}
            extra={
              <Button
                onClick={() => {
                  void a.refetch();
                  void b.refetch();
                }}
              >
                {t('common.retry')}
              </Button>
            }
          />
        </Card>
      ) : nothingToCompare ? (
        <Card>
          <Empty description={t('stats.compare.nothing')} />
        </Card>
      ) : (
        <>
          <CompareIndicators a={a.data} b={b.data} labelA={labelA} labelB={labelB} />
          {a.data && b.data ? (
            <CompareCharts
              a={a.data}
              b={b.data}
              labelA={labelA}
              labelB={labelB}
              samePeriod={mode === 'organizations'}
            />
          ) : (
            <Skeleton active />
          )}
        </>
      )}
    </Flex>
  );
}
