import { Button, Flex, Segmented, Slider, Typography } from 'antd';
import { AimOutlined, DeleteOutlined, SwapOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  DEFAULT_SECTION,
  MAX_TILT,
  SECTION_PRESETS,
  type SectionPreset,
  type SectionSettings,
} from './section-plane.ts';
import { formatPercent } from '../../../../shared/i18n/format.ts';

/** The Measure tool's row: what to pick next, and clearing every measurement. */
export function MeasurePanel({
  pickable,
  pending,
  empty,
  onClear,
}: {
  /** The scans' hierarchies have arrived: points can be picked. */
  pickable: boolean;
  /** The first point of a measurement is picked. */
  pending: boolean;
  /** No measurement and no first point: nothing to clear. */
  empty: boolean;
  onClear: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Flex className="scan-viewer-panel" gap={8} align="center" wrap data-testid="viewer-measure-panel">
      <Typography.Text type="secondary" className="scan-viewer-panel-hint" data-testid="viewer-measure-hint">
        {!pickable
          ? t('cases.viewer.measure.preparing')
          : pending
            ? t('cases.viewer.measure.second')
            : t('cases.viewer.measure.first')}
      </Typography.Text>
      <Button
        size="small"
        icon={<DeleteOutlined aria-hidden />}
        disabled={empty}
        onClick={onClear}
        data-testid="viewer-measure-clear"
      >
        {t('cases.viewer.measure.clear')}
      </Button>
    </Flex>
  );
}

/** The Section tool's row: the plane (preset), its position and tilt, which side is kept, and reset. */
export function SectionPanel({
  section,
  onChange,
}: {
  section: SectionSettings;
  onChange: (update: (s: SectionSettings) => SectionSettings) => void;
}) {
  const { t } = useTranslation();
  return (
    <Flex className="scan-viewer-panel" gap={8} align="center" wrap data-testid="viewer-section-panel">
      <Segmented<SectionPreset>
        size="small"
        value={section.preset}
        onChange={(preset) => onChange((s) => ({ ...s, preset }))}
        options={SECTION_PRESETS.map((p) => ({ value: p, label: t(`cases.viewer.section.${p}`) }))}
        aria-label={t('cases.viewer.section.plane')}
        data-testid="viewer-section-preset"
      />
      <Flex gap={6} align="center" className="scan-viewer-slider scan-viewer-section-position">
        <Typography.Text type="secondary">{t('cases.viewer.section.position')}</Typography.Text>
        <Slider
          min={0}
          max={100}
          step={1}
          value={section.position}
          onChange={(position) => onChange((s) => ({ ...s, position }))}
          tooltip={{ formatter: (v) => formatPercent((v ?? 0) / 100, 0) }}
          ariaLabelForHandle={t('cases.viewer.section.position')}
        />
      </Flex>
      <Flex gap={6} align="center" className="scan-viewer-slider scan-viewer-section-tilt">
        <Typography.Text type="secondary">{t('cases.viewer.section.tilt')}</Typography.Text>
        <Slider
          min={-MAX_TILT}
          max={MAX_TILT}
          step={1}
          value={section.tilt}
          onChange={(tilt) => onChange((s) => ({ ...s, tilt }))}
          tooltip={{ formatter: (v) => `${v ?? 0}°` }}
          ariaLabelForHandle={t('cases.viewer.section.tilt')}
        />
      </Flex>
      <Button
        size="small"
        icon={<SwapOutlined aria-hidden />}
        aria-pressed={section.flipped}
        onClick={() => onChange((s) => ({ ...s, flipped: !s.flipped }))}
        data-testid="viewer-section-flip"
      >
        {t('cases.viewer.section.flip')}
      </Button>
      <Button
        size="small"
        icon={<AimOutlined aria-hidden />}
        onClick={() => onChange(() => DEFAULT_SECTION)}
        data-testid="viewer-section-reset"
      >
        {t('cases.viewer.section.reset')}
      </Button>
    </Flex>
  );
}
