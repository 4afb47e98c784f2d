import { Card, Col, Row, Statistic, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CompareJob } from '@archway/contract';
import { formatDecimal, unitLabel } from '../../../shared/i18n/format.ts';

/**
 * The comparison's figures: mean, RMS and largest distance (mm, three decimals) and the alignment that moved B onto
 * A (rotation in degrees, translation in mm).
 */
export function CompareFigures({ job }: { job: CompareJob }) {
  const { t } = useTranslation();
  const mm = { format: (v: number) => formatDecimal(v, 3) };
  const short = { format: (v: number) => formatDecimal(v, 2) };
  const figure = (key: 'mean' | 'rms' | 'max', value: number | null) => (
    <Col xs={12} sm={8} key={key}>
      <Statistic
        title={t(`compare.figures.${key}`)}
        value={value === null ? '–' : mm.format(value)}
        suffix={value === null ? undefined : unitLabel('mm')}
        data-testid={`compare-${key}`}
        data-value={value ?? ''}
      />
    </Col>
  );
  const translation = job.translation ?? [];
  const shift = Math.hypot(...translation);
  return (
    <Card title={t('compare.figures.title')} data-testid="compare-figures" styles={{ body: { padding: 16 } }}>
      <Row gutter={[16, 16]}>
        {figure('mean', job.mean)}
        {figure('rms', job.rms)}
        {figure('max', job.max)}
      </Row>
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        {t('compare.figures.alignment')}
      </Typography.Title>
      <Row gutter={[16, 16]}>
        <Col xs={12} sm={8}>
          <Statistic
            title={t('compare.figures.rotation')}
            value={job.rotationDegrees === null ? '–' : short.format(job.rotationDegrees)}
            suffix={job.rotationDegrees === null ? undefined : '°'}
            data-testid="compare-rotation"
          />
        </Col>
        <Col xs={12} sm={16}>
          <Statistic
            title={t('compare.figures.translation')}
            value={translation.length === 3 ? short.format(shift) : '–'}
            suffix={translation.length === 3 ? unitLabel('mm') : undefined}
            data-testid="compare-translation"
          />
          {translation.length === 3 && (
            <Typography.Text type="secondary" style={{ fontVariantNumeric: 'tabular-nums' }}>
              {['x', 'y', 'z'].map((axis, i) => `${axis} ${short.format(translation[i]!)}`).join(' · ')}
            </Typography.Text>
          )}
        </Col>
      </Row>
    </Card>
  );
}
