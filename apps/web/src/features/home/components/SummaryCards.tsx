import { Card, Col, Flex, Row, Typography, theme } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, MinusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { SummaryWindows, type SummaryFigure } from '@archway/contract';
import { formatChange, formatDays } from '../utils/format.ts';
import { numberFormat } from '../../../shared/i18n/format.ts';

type Comparison = SummaryFigure['compare'][number];

/** The comparison each card leads with: yesterday with the day before, a week with the week before, and so on. */
const primaryShift = (figure: SummaryFigure) => SummaryWindows[figure.key];

/**
 * One comparison: an arrow and the percent change, then the earlier figure. When the earlier figure was 0 there is no
 * change to give: only the earlier figure shows (nothing stands in for the unknown change).
 */
function Change({ compare, primary }: { compare: Comparison; primary: boolean }) {
  const { t, i18n } = useTranslation();
  const { token } = theme.useToken();
  const number = numberFormat({}, i18n.language);
  const { change } = compare;
  const color =
    change === null || change === 0
      ? token.colorTextSecondary
      : change > 0
        ? token.colorSuccess
        : token.colorError;
  const Arrow =
    change === null || change === 0 ? MinusOutlined : change > 0 ? ArrowUpOutlined : ArrowDownOutlined;
  const direction = change === null ? 'none' : change > 0 ? 'up' : change < 0 ? 'down' : 'same';
  return (
    <Flex
      gap={6}
      align="baseline"
      wrap
      style={{ fontSize: primary ? token.fontSize : token.fontSizeSM }}
      data-testid={`compare-${compare.days}`}
      data-change={change ?? ''}
      data-value={compare.value}
    >
      {change !== null && (
        <Typography.Text
          strong={primary}
          style={{ color, fontSize: 'inherit', whiteSpace: 'nowrap' }}
          aria-label={t(`home.summary.direction.${direction}`)}
        >
          <Arrow aria-hidden /> {formatChange(change, i18n.language)}
        </Typography.Text>
      )}
      <Typography.Text type="secondary" style={{ fontSize: 'inherit' }}>
        {t('home.summary.versus', {
          when: t(`home.summary.shift.${compare.days}`),
          value: number.format(compare.value),
        })}
      </Typography.Text>
    </Flex>
  );
}

/**
 * Today so far, the last 7 days and the last 30 days (today included), each against 1, 7 and 30 days earlier. Today
 * is not over: set against whole earlier days it would read as a drop every morning, so its card gives the earlier
 * figures without a change.
 */
export function SummaryCards({ summary }: { summary: readonly SummaryFigure[] }) {
  const { t, i18n } = useTranslation();
  const number = numberFormat({}, i18n.language);
  return (
    <Row gutter={[16, 16]}>
      {summary.map((figure) => {
        const shift = primaryShift(figure);
        const compare =
          figure.key === 'day' ? figure.compare.map((c) => ({ ...c, change: null })) : figure.compare;
        const primary = compare.find((c) => c.days === shift);
        const others = compare.filter((c) => c.days !== shift);
        return (
          <Col key={figure.key} xs={24} md={8}>
            <Card size="small" data-testid={`summary-${figure.key}`} style={{ height: '100%' }}>
              <Flex vertical gap={4}>
                <Flex vertical>
                  <Typography.Text strong>{t(`home.summary.title.${figure.key}`)}</Typography.Text>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {formatDays(figure.from, figure.to, i18n.language)}
                  </Typography.Text>
                </Flex>
                <Typography.Text
                  style={{ fontSize: 32, fontWeight: 600, lineHeight: 1.2 }}
                  data-testid="summary-value"
                  data-value={figure.value}
                >
                  {number.format(figure.value)}
                </Typography.Text>
                {primary && <Change compare={primary} primary />}
                {others.map((c) => (
                  <Change key={c.days} compare={c} primary={false} />
                ))}
              </Flex>
            </Card>
          </Col>
        );
      })}
    </Row>
  );
}
