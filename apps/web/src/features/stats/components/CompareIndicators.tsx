import { Card, Flex, Table, Typography, theme } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import type { CompareSide } from '@archway/contract';
import { useTranslation } from 'react-i18next';
import { useViewportMode } from '../../../shared/ui/use-viewport.ts';
import { difference } from '../utils/stats.ts';
import { SideTag } from './SideTag.tsx';
import { numberFormat } from '../../../shared/i18n/format.ts';

const INDICATORS = [
  'total',
  'orthodontics',
  'restoration',
  'implant',
  'monthlyAverage',
  'devices',
  'received',
  'downloaded',
] as const;
type Indicator = (typeof INDICATORS)[number];

interface IndicatorRow {
  key: Indicator;
  a: number;
  b: number;
}

/** The key indicators of both sides next to each other, with B − A and its percentage. */
export function CompareIndicators({
  a,
  b,
  labelA,
  labelB,
}: {
  a: CompareSide | undefined;
  b: CompareSide | undefined;
  labelA: string;
  labelB: string;
}) {
  const { t, i18n } = useTranslation();
  const { token } = theme.useToken();
  const narrow = useViewportMode() === 'mobile';
  const number = numberFormat({ maximumFractionDigits: 1 }, i18n.language);
  const signed = numberFormat({ maximumFractionDigits: 1, signDisplay: 'exceptZero' }, i18n.language);
  // "+12.5%", "+12,5 %", "+%12,5": the percent sign where the language puts it.
  const signedPercent = numberFormat(
    { style: 'percent', maximumFractionDigits: 1, signDisplay: 'exceptZero' },
    i18n.language,
  );
  const rows: IndicatorRow[] = INDICATORS.map((key) => ({
    key,
    a: a?.indicators[key] ?? 0,
    b: b?.indicators[key] ?? 0,
  }));

  return (
    <Card
      title={t('stats.compare.indicators')}
      styles={{ body: { padding: 0 } }}
      data-testid="compare-indicators"
    >
      {narrow && (
        <Flex vertical gap={4} style={{ padding: '8px 12px' }} data-testid="compare-legend">
          <span>
            <SideTag side="A" />
            {labelA}
          </span>
          <span>
            <SideTag side="B" />
            {labelB}
          </span>
        </Flex>
      )}
      <Table<IndicatorRow>
        size="small"
        rowKey="key"
        pagination={false}
        loading={!a || !b}
        dataSource={rows}
        scroll={{ x: 'max-content' }}
        columns={[
          {
            key: 'indicator',
            title: t('stats.compare.indicator'),
            render: (_, r) => t(`stats.indicators.${r.key}`),
          },
          {
            key: 'a',
            title: (
              <Flex align="center" justify="flex-end" gap={2} aria-label={labelA}>
                <SideTag side="A" />
                {!narrow && (
                  <Typography.Text ellipsis={{ tooltip: labelA }} style={{ maxWidth: 160 }}>
                    {labelA}
                  </Typography.Text>
                )}
              </Flex>
            ),
            align: 'right',
            render: (_, r) => <span data-testid={`indicator-a-${r.key}`}>{number.format(r.a)}</span>,
          },
          {
            key: 'b',
            title: (
              <Flex align="center" justify="flex-end" gap={2} aria-label={labelB}>
                <SideTag side="B" />
                {!narrow && (
                  <Typography.Text ellipsis={{ tooltip: labelB }} style={{ maxWidth: 160 }}>
                    {labelB}
                  </Typography.Text>
                )}
              </Flex>
            ),
            align: 'right',
            render: (_, r) => <span data-testid={`indicator-b-${r.key}`}>{number.format(r.b)}</span>,
          },
          {
            key: 'difference',
            title: t('stats.compare.difference'),
            align: 'right',
            render: (_, r) => {
              const d = difference(r.a, r.b);
              const color = d.delta > 0 ? token.colorSuccess : d.delta < 0 ? token.colorError : undefined;
              const Icon = d.delta > 0 ? ArrowUpOutlined : d.delta < 0 ? ArrowDownOutlined : null;
              return (
                <span style={{ color, whiteSpace: 'nowrap' }} data-testid={`indicator-diff-${r.key}`}>
                  {Icon && <Icon aria-hidden style={{ marginInlineEnd: 4 }} />}
                  {signed.format(d.delta)}
                  {d.percent !== null && ` (${signedPercent.format(d.percent / 100)})`}
                </span>
              );
            },
          },
        ]}
      />
    </Card>
  );
}
