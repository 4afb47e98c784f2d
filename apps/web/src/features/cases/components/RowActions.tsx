import type { ComponentType, ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Button, Dropdown, Flex, Progress, Tooltip } from 'antd';
import {
  CloseCircleOutlined,
  DeleteOutlined,
  DownloadOutlined,
  EyeOutlined,
  FileSearchOutlined,
  MessageOutlined,
  MoreOutlined,
  PrinterOutlined,
  ShareAltOutlined,
  StopOutlined,
  SwapOutlined,
  UndoOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { CaseRow } from '@archway/contract';
import { LinkButton } from '../../../shared/ui/LinkButton.tsx';
import { groupActions, isDestructive, rowActions, type RowAction } from '../utils/actions.ts';
import { formatPercent } from '../../../shared/i18n/format.ts';

export const ACTION_ICONS: Record<RowAction, ComponentType> = {
  preview: EyeOutlined,
  download: DownloadOutlined,
  detail: FileSearchOutlined,
  convert: SwapOutlined,
  print: PrinterOutlined,
  cancel: StopOutlined,
  recycle: DeleteOutlined,
  restore: UndoOutlined,
  purge: CloseCircleOutlined,
  forward: ShareAltOutlined,
  comment: MessageOutlined,
};

/**
 * A case's buttons: at most three (preview, download, detail first), the rest under More. Always shown, at every width
 * and without hovering: in the table as icons of one fixed size (their names in tooltips and for screen readers, a
 * download's ring in the same place), on a card as a row of equal cells, each an icon over its name (cases.css).
 */
export function RowActions({
  row,
  progress,
  onAction,
  linkOf,
  variant = 'buttons',
  menuName,
}: {
  row: CaseRow;
  /** The address an action goes to instead of `onAction` (those the case's page holds: detail, preview, comment). */
  linkOf?: (action: RowAction, row: CaseRow) => string | undefined;
  /** `menu`: every action under one button (the compact case card). */
  variant?: 'buttons' | 'menu';
  /** The menu button's accessible name (default: More). */
  menuName?: string;
  /** The running download's percentage (null: size unknown yet); undefined when none runs. */
  progress: number | null | undefined;
  onAction: (action: RowAction, row: CaseRow) => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { inline, more } =
    variant === 'menu' ? { inline: [], more: rowActions(row) } : groupActions(rowActions(row));
  const downloading = progress !== undefined;
  const choose = (action: RowAction) => {
    const to = linkOf?.(action, row);
    if (to) void navigate(to);
    else onAction(action, row);
  };

  const button = (action: RowAction): ReactNode => {
    const Icon = ACTION_ICONS[action];
    const label = t(`cases.actions.${action}`);
    if (action === 'preview' && row.isPreview) {
      // Past 90 days the catalogue's refusal says why.
      return (
        <Tooltip key={action} title={t('errors.case.previewExpired')}>
          <span data-testid="action-preview-wrap">
            <Button
              type="link"
              size="small"
              icon={<Icon />}
              disabled
              aria-label={label}
              data-testid="action-preview"
            >
              <span className="case-action-label">{label}</span>
            </Button>
          </span>
        </Tooltip>
      );
    }
    if (action === 'download' && downloading) {
      return (
        <Tooltip key={action} title={progress === null ? label : formatPercent(progress / 100, 0)}>
          <Button
            type="link"
            size="small"
            disabled
            aria-label={t('cases.download.progress', { percent: progress ?? 0 })}
            icon={
              <Progress
                type="circle"
                size={18}
                percent={progress ?? 0}
                showInfo={false}
                strokeWidth={12}
                data-testid="download-ring"
                aria-valuenow={progress ?? undefined}
              />
            }
            data-testid="action-download"
            data-percent={progress ?? ''}
          >
            <span className="case-action-label">
              {progress === null ? label : formatPercent(progress / 100, 0)}
            </span>
          </Button>
        </Tooltip>
      );
    }
    const to = linkOf?.(action, row);
    if (to) {
      return (
        <Tooltip key={action} title={label}>
          <LinkButton
            to={to}
            type="link"
            size="small"
            icon={<Icon />}
            aria-label={label}
            data-testid={`action-${action}`}
          >
            <span className="case-action-label">{label}</span>
          </LinkButton>
        </Tooltip>
      );
    }
    return (
      <Tooltip key={action} title={label}>
        <Button
          type="link"
          size="small"
          danger={isDestructive(action)}
          icon={<Icon />}
          aria-label={label}
          onClick={() => onAction(action, row)}
          data-testid={`action-${action}`}
        >
          <span className="case-action-label">{label}</span>
        </Button>
      </Tooltip>
    );
  };

  const menuLabel = menuName ?? t('common.more');
  return (
    <Flex
      gap={2}
      align="center"
      wrap
      className={`case-row-actions${downloading ? ' is-busy' : ''}${variant === 'menu' ? ' is-menu' : ''}`}
    >
      {inline.map(button)}
      {more.length > 0 && (
        <Dropdown
          trigger={['click']}
          menu={{
            items: more.map((action) => {
              const Icon = ACTION_ICONS[action];
              return {
                key: action,
                icon: <Icon />,
                danger: isDestructive(action),
                label: t(`cases.actions.${action}`),
                disabled: (action === 'preview' && row.isPreview) || (action === 'download' && downloading),
              };
            }),
            onClick: ({ key }) => choose(key as RowAction),
          }}
        >
          <Button
            type="link"
            size="small"
            icon={
              variant === 'menu' && downloading ? (
                <Progress type="circle" size={18} percent={progress ?? 0} showInfo={false} strokeWidth={12} />
              ) : (
                <MoreOutlined />
              )
            }
            aria-label={menuLabel}
            data-testid="action-more"
          >
            <span className="case-action-label">{t('common.more')}</span>
          </Button>
        </Dropdown>
      )}
    </Flex>
  );
}
