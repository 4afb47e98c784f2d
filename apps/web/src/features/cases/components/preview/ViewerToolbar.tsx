import { type ReactElement, type ReactNode } from 'react';
import { Button, Checkbox, Flex, Segmented, Slider, Tooltip, Typography } from 'antd';
import {
  AimOutlined,
  CameraOutlined,
  ColumnWidthOutlined,
  DownSquareOutlined,
  HeatMapOutlined,
  LeftSquareOutlined,
  PushpinOutlined,
  RightSquareOutlined,
  RollbackOutlined,
  ScissorOutlined,
  SmileOutlined,
  UpSquareOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { jawOf } from './scan-files.ts';
import type { ScanState, ViewerFile } from '../../../../shared/viewer-core/use-scans.ts';
import { VIEW_NAMES, type ViewName } from './views.ts';
import { formatPercent } from '../../../../shared/i18n/format.ts';

export type Surface = 'colour' | 'plaster';

/**
 * The icons beside the tools' words are decoration (aria-hidden): each tool's name is its own word in the person's
 * language, not "column-width Measure" with the icon's English name in front (issue 33).
 */
const VIEW_ICONS: Record<ViewName, ReactNode> = {
  upper: <UpSquareOutlined aria-hidden />,
  lower: <DownSquareOutlined aria-hidden />,
  front: <SmileOutlined aria-hidden />,
  left: <LeftSquareOutlined aria-hidden />,
  right: <RightSquareOutlined aria-hidden />,
  back: <RollbackOutlined aria-hidden />,
};

/** Whether the device has a pointer that hovers (a mouse): only then do the tool buttons show tooltips. */
const canHover = () => typeof matchMedia === 'function' && matchMedia('(hover: hover)').matches;

/**
 * A tooltip shown on hover only, and only where hover exists: on a touch screen a tap would leave it open over the
 * buttons next to it (the button's own label says what it does).
 */
export function HoverTip({ title, children }: { title: string; children: ReactElement }) {
  if (!canHover()) return children;
  return (
    <Tooltip title={title} trigger="hover">
      {children}
    </Tooltip>
  );
}

/**
 * The viewer's two toolbars: the files (one toggle per jaw), true colour or plaster, opacity, Reset view and
 * Screenshot; then the standard views and the tools (Measure, Section, Bite, Remark).
 */
export function ViewerToolbar({
  files,
  states,
  labels,
  hidden,
  onToggleFile,
  surface,
  onSurface,
  opacity,
  onOpacity,
  hasBox,
  framed,
  onView,
  onScreenshot,
  shooting,
  measuring,
  onMeasure,
  sectioning,
  onSection,
  hasPair,
  biting,
  onBite,
  remarks,
  placing,
  onRemark,
}: {
  files: readonly ViewerFile[];
  states: Readonly<Record<string, ScanState | undefined>>;
  labels: readonly string[];
  hidden: ReadonlySet<string>;
  onToggleFile: (id: string, shown: boolean) => void;
  surface: Surface;
  onSurface: (s: Surface) => void;
  opacity: number;
  onOpacity: (o: number) => void;
  /** The scans' box is known: the views and tools can work. */
  hasBox: boolean;
  framed: boolean;
  onView: (view: ViewName | 'default') => void;
  onScreenshot: () => void;
  shooting: boolean;
  measuring: boolean;
  onMeasure: () => void;
  sectioning: boolean;
  onSection: () => void;
  hasPair: boolean;
  biting: boolean;
  onBite: () => void;
  /** The Remark tool is offered (the viewer has a case). */
  remarks: boolean;
  placing: boolean;
  onRemark: () => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Flex className="scan-viewer-toolbar" gap={8} align="center" wrap>
        <Flex gap={4} wrap className="scan-viewer-files">
          {files.map((file, i) => (
            <Checkbox
              key={file.id}
              checked={!hidden.has(file.id)}
              disabled={states[file.id]?.status !== 'ready'}
              onChange={(e) => onToggleFile(file.id, e.target.checked)}
            >
              <span data-testid="viewer-file-toggle" data-jaw={jawOf(file.name) ?? 'other'}>
                {labels[i]}
              </span>
            </Checkbox>
          ))}
        </Flex>
        <Segmented<Surface>
          size="small"
          value={surface}
          onChange={onSurface}
          options={[
            { value: 'colour', label: t('cases.viewer.trueColour') },
            { value: 'plaster', label: t('cases.viewer.plaster') },
          ]}
          data-testid="viewer-surface"
        />
        <Flex gap={6} align="center" className="scan-viewer-opacity">
          <Typography.Text type="secondary">{t('cases.viewer.opacity')}</Typography.Text>
          <Slider
            min={10}
            max={100}
            step={5}
            value={opacity}
            onChange={onOpacity}
            tooltip={{ formatter: (v) => formatPercent((v ?? 0) / 100, 0) }}
            ariaLabelForHandle={t('cases.viewer.opacity')}
            data-testid="viewer-opacity"
          />
        </Flex>
        <Flex gap={4} className="scan-viewer-buttons">
          <Button
            size="small"
            icon={<AimOutlined aria-hidden />}
            onClick={() => onView('default')}
            disabled={!hasBox}
            data-testid="viewer-reset"
          >
            {t('cases.viewer.reset')}
          </Button>
          <Button
            size="small"
            icon={<CameraOutlined aria-hidden />}
            onClick={onScreenshot}
            loading={shooting}
            disabled={!framed}
            data-testid="viewer-screenshot"
          >
            {t('cases.viewer.screenshot')}
          </Button>
        </Flex>
      </Flex>
      <Flex className="scan-viewer-toolbar scan-viewer-toolbar-tools" gap={8} align="center" wrap>
        <div
          className="scan-viewer-views"
          role="group"
          aria-label={t('cases.viewer.views.label')}
          data-testid="viewer-views"
        >
          {VIEW_NAMES.map((view) => (
            <HoverTip key={view} title={t(`cases.viewer.views.${view}Tip`)}>
              <Button
                size="small"
                icon={VIEW_ICONS[view]}
                disabled={!hasBox}
                onClick={() => onView(view)}
                data-testid={`viewer-view-${view}`}
              >
                {t(`cases.viewer.views.${view}`)}
              </Button>
            </HoverTip>
          ))}
        </div>
        <Flex gap={4} className="scan-viewer-tools" role="group" aria-label={t('cases.viewer.tools')}>
          <Button
            size="small"
            type={measuring ? 'primary' : 'default'}
            icon={<ColumnWidthOutlined aria-hidden />}
            aria-pressed={measuring}
            disabled={!hasBox}
            onClick={onMeasure}
            data-testid="viewer-tool-measure"
          >
            {t('cases.viewer.measure.button')}
          </Button>
          <Button
            size="small"
            type={sectioning ? 'primary' : 'default'}
            icon={<ScissorOutlined aria-hidden />}
            aria-pressed={sectioning}
            disabled={!hasBox}
            onClick={onSection}
            data-testid="viewer-tool-section"
          >
            {t('cases.viewer.section.button')}
          </Button>
          <HoverTip title={hasPair ? t('cases.viewer.bite.toolTip') : t('cases.viewer.bite.unavailable')}>
            <Button
              size="small"
              type={biting ? 'primary' : 'default'}
              icon={<HeatMapOutlined aria-hidden />}
              aria-pressed={biting}
              disabled={!hasPair || !hasBox}
              onClick={onBite}
              data-testid="viewer-tool-bite"
            >
              {t('cases.viewer.bite.tool')}
            </Button>
          </HoverTip>
          {remarks && (
            <HoverTip title={t('cases.viewer.pins.toolTip')}>
              <Button
                size="small"
                type={placing ? 'primary' : 'default'}
                icon={<PushpinOutlined aria-hidden />}
                aria-pressed={placing}
                disabled={!hasBox}
                onClick={onRemark}
                data-testid="viewer-tool-remark"
              >
                {t('cases.viewer.pins.tool')}
              </Button>
            </HoverTip>
          )}
        </Flex>
      </Flex>
    </>
  );
}
