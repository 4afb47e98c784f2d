import { useEffect, useMemo, useState, type ReactNode } from 'react';
import {
  Button,
  Card,
  Checkbox,
  Empty,
  Flex,
  Pagination,
  Popover,
  Segmented,
  Spin,
  Table,
  Tooltip,
  Typography,
} from 'antd';
import type { TablePaginationConfig } from 'antd';
import type { ColumnType } from 'antd/es/table';
import {
  AppstoreOutlined,
  ArrowDownOutlined,
  ArrowUpOutlined,
  SettingOutlined,
  TableOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  canToggle,
  clampPage,
  clearColumnPrefs,
  defaultPrefs,
  loadColumnPrefs,
  loadTableView,
  moveColumn,
  saveColumnPrefs,
  saveTableView,
  showsCards,
  toggleColumn,
  MAX_SHOWN_COLUMNS,
  type ColumnPref,
  type TableView,
} from './column-prefs.ts';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from './paged-table.ts';
import { useViewportMode } from './use-viewport.ts';

/** Width at which a long text cell is cut (with a tooltip) unless the column says otherwise. */
export const DEFAULT_ELLIPSIS_WIDTH = 240;

/** One column of the shared table. The title is also the label in the column chooser and on cards. */
export interface DataColumn<T> {
  key: string;
  title: string;
  /** The cell; by default the row's field named `key` as text ("–" when empty). */
  render?: (row: T, index: number) => ReactNode;
  /** Long text: cut to one line at this width in px (true: 240) with the full text in a tooltip. */
  ellipsis?: boolean | number;
  align?: 'left' | 'center' | 'right';
  width?: number;
  /** Hidden until the user shows it in the column chooser. */
  defaultHidden?: boolean;
}

export interface DataTableProps<T> {
  /** The page's name for its stored column preference and view (e.g. `manager.registry`). */
  pageKey: string;
  columns: DataColumn<T>[];
  /** Row actions: a column fixed on the right, and the bottom of each card. */
  actions?: (row: T, index: number) => ReactNode;
  /**
   * Where the Actions column sits. `pinned` (default): fixed on the right. `adaptive`: fixed on the right on wide
   * screens; below 1200 px, where the table scrolls sideways and a pinned column would cover the others, it is the
   * second column, unpinned, so its buttons are on screen without scrolling and cover nothing.
   */
  actionsColumn?: 'pinned' | 'adaptive';
  rowKey: keyof T & string;
  dataSource: readonly T[];
  loading?: boolean;
  /**
   * Server-paged: the pagination of `usePagedQuery` (which steps back from an empty later page).
   * Omitted: the table pages the rows itself (sizes 10/30/50/100) and never stays on a page past the last.
   * false: no pagination.
   */
  pagination?: TablePaginationConfig | false;
  emptyText?: ReactNode;
  /** The left side of the toolbar (search, buttons); the view switch and column chooser are on the right. */
  toolbar?: ReactNode;
  /** The card's title (default: the first shown column). */
  cardTitle?: (row: T) => ReactNode;
  /**
   * The whole card of a row, when the page draws its own compact one (e.g. a case: thumbnail and three lines)
   * instead of the label/value pairs of every shown column; `actions` are then the page's to place in it.
   */
  card?: (row: T, index: number) => ReactNode;
  size?: 'small' | 'middle' | 'large';
  /** A class for a row and its card (e.g. a case that just arrived, highlighted for a moment). */
  rowClassName?: (row: T) => string | undefined;
  'data-testid'?: string;
}

function defaultCell<T>(row: T, key: string): ReactNode {
  const value = (row as Record<string, unknown>)[key];
  if (value === null || value === undefined || value === '') return '–';
  return typeof value === 'object' ? JSON.stringify(value) : String(value as string | number);
}

/** A cell cut to one line at `width` px; the whole content shows in a tooltip only when cut. */
export function EllipsisText({ children, width }: { children: ReactNode; width?: number | string }) {
  return (
    <Typography.Text
      ellipsis={{ tooltip: children }}
      style={{ maxWidth: width ?? DEFAULT_ELLIPSIS_WIDTH, verticalAlign: 'bottom' }}
    >
      {children}
    </Typography.Text>
  );
}

function cellOf<T>(column: DataColumn<T>, row: T, index: number, { inCard }: { inCard: boolean }): ReactNode {
  const content = column.render ? column.render(row, index) : defaultCell(row, column.key);
  if (!column.ellipsis) return content;
  const width = inCard ? '100%' : column.ellipsis === true ? DEFAULT_ELLIPSIS_WIDTH : column.ellipsis;
  return <EllipsisText width={width}>{content}</EllipsisText>;
}

/** The column chooser: show or hide (1–15 shown) and reorder; stored per page. */
function ColumnChooser({
  prefs,
  onChange,
  onReset,
}: {
  prefs: ColumnPref[];
  onChange: (prefs: ColumnPref[]) => void;
  onReset: () => void;
}) {
  const { t } = useTranslation();
  const content = (
    <Flex vertical gap={4} style={{ minWidth: 220, maxHeight: '60vh', overflowY: 'auto' }}>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('table.columnsHint', { count: MAX_SHOWN_COLUMNS })}
      </Typography.Text>
      {prefs.map((p, i) => (
        <Flex key={p.key} align="center" gap={4} data-testid={`column-pref-${p.key}`}>
          <Checkbox
            checked={p.shown}
            disabled={!canToggle(prefs, p.key)}
            onChange={(e) => onChange(toggleColumn(prefs, p.key, { shown: e.target.checked }))}
            style={{ flex: 1 }}
          >
            {p.label}
          </Checkbox>
          <Button
            type="text"
            size="small"
            icon={<ArrowUpOutlined />}
            disabled={i === 0}
            aria-label={t('table.moveUp', { column: p.label })}
            onClick={() => onChange(moveColumn(prefs, p.key, -1))}
          />
          <Button
            type="text"
            size="small"
            icon={<ArrowDownOutlined />}
            disabled={i === prefs.length - 1}
            aria-label={t('table.moveDown', { column: p.label })}
            onClick={() => onChange(moveColumn(prefs, p.key, 1))}
          />
        </Flex>
      ))}
      <Button size="small" onClick={onReset} style={{ alignSelf: 'flex-start', marginTop: 4 }}>
        {t('table.resetColumns')}
      </Button>
    </Flex>
  );
  return (
    <Popover trigger="click" placement="bottomRight" title={t('table.columns')} content={content}>
      <Tooltip title={t('table.columns')}>
        <Button icon={<SettingOutlined />} aria-label={t('table.columns')} data-testid="column-chooser" />
      </Tooltip>
    </Popover>
  );
}

/**
 * The shared table (product §2 "Shared table: card view, column chooser, pagination"): antd Table on
 * wide screens, one card per row below 768 px (or when the user switches), a column chooser stored per
 * page, page sizes 10/30/50/100, Actions fixed on the right, long text cut with a tooltip.
 */
export function DataTable<T extends object>(props: DataTableProps<T>) {
  const { t } = useTranslation();
  const mode = useViewportMode();
  const narrow = mode === 'mobile';
  const { pageKey, columns } = props;

  const decls = useMemo(
    () => columns.map((c) => ({ key: c.key, label: c.title, defaultHidden: c.defaultHidden })),
    [columns],
  );
  const [prefs, setPrefs] = useState<ColumnPref[]>(() => loadColumnPrefs(pageKey, decls));
  const declSignature = decls.map((d) => `${d.key}:${d.label}`).join('|');
  // The page's columns or their labels (language) changed: reconcile with what is stored.
  useEffect(() => {
    setPrefs(loadColumnPrefs(pageKey, decls));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pageKey, declSignature]);

  const [view, setView] = useState<TableView>(() => loadTableView(pageKey));
  const cards = showsCards(view, { narrow });
  const chooseView = (next: 'table' | 'cards') => {
    // A choice equal to what the screen would show anyway goes back to automatic.
    const stored: TableView = (next === 'cards') === narrow ? 'auto' : next;
    setView(stored);
    saveTableView(pageKey, stored);
  };

  const changePrefs = (next: ColumnPref[]) => {
    setPrefs(next);
    saveColumnPrefs(pageKey, next);
  };
  const resetPrefs = () => {
    clearColumnPrefs(pageKey);
    setPrefs(defaultPrefs(decls));
  };

  const byKey = new Map(columns.map((c) => [c.key, c]));
  const shownColumns = prefs.filter((p) => p.shown).flatMap((p) => byKey.get(p.key) ?? []);

  // Local paging when the page does not page on the server.
  const local = props.pagination === undefined;
  const [localPage, setLocalPage] = useState({ current: 1, pageSize: DEFAULT_PAGE_SIZE });
  const localCurrent = clampPage(localPage.current, localPage.pageSize, props.dataSource.length);
  useEffect(() => {
    if (local) setLocalPage((p) => (p.current === localCurrent ? p : { ...p, current: localCurrent }));
  }, [local, localCurrent]);

  const pagination: TablePaginationConfig | false =
    props.pagination === false
      ? false
      : {
          showSizeChanger: true,
          pageSizeOptions: PAGE_SIZES.map(String),
          showQuickJumper: !narrow,
          showTotal: (total) => t('table.total', { count: total }),
          ...(local
            ? {
                current: localCurrent,
                pageSize: localPage.pageSize,
                total: props.dataSource.length,
                onChange: (current: number, pageSize: number) =>
                  setLocalPage((p) => ({ current: pageSize === p.pageSize ? current : 1, pageSize })),
              }
            : props.pagination),
          ...(narrow ? { size: 'small' as const, showQuickJumper: false } : {}),
        };

  const emptyText = props.emptyText ?? <Empty description={t('table.empty')} />;

  const tableColumns: ColumnType<T>[] = shownColumns.map((c) => ({
    key: c.key,
    title: c.title,
    align: c.align,
    width: c.width,
    render: (_: unknown, row: T, index: number) => cellOf(c, row, index, { inCard: false }),
  }));
  if (props.actions) {
    const actions = props.actions;
    const pinned = props.actionsColumn !== 'adaptive' || mode === 'wide';
    const column: ColumnType<T> = {
      key: 'actions',
      title: t('common.actions'),
      ...(pinned ? { fixed: 'right' as const } : {}),
      className: 'data-table-actions',
      render: (_: unknown, row: T, index: number) => actions(row, index),
    };
    if (pinned) tableColumns.push(column);
    else tableColumns.splice(Math.min(1, tableColumns.length), 0, column);
  }

  const toolbar = (
    <Flex gap={8} align="center" wrap style={{ minWidth: 0 }}>
      {props.toolbar && (
        <Flex gap={8} align="center" wrap style={{ flex: '1 1 auto', minWidth: 0 }}>
          {props.toolbar}
        </Flex>
      )}
      <Flex gap={8} align="center" style={{ marginInlineStart: 'auto' }}>
        <Segmented<'table' | 'cards'>
          value={cards ? 'cards' : 'table'}
          onChange={chooseView}
          data-testid="table-view"
          options={[
            {
              value: 'table',
              icon: <TableOutlined />,
              title: t('table.viewTable'),
            },
            {
              value: 'cards',
              icon: <AppstoreOutlined />,
              title: t('table.viewCards'),
            },
          ]}
        />
        <ColumnChooser prefs={prefs} onChange={changePrefs} onReset={resetPrefs} />
      </Flex>
    </Flex>
  );

  if (!cards) {
    return (
      <Flex vertical gap={12} style={{ minWidth: 0 }}>
        {toolbar}
        <Table<T>
          rowKey={props.rowKey}
          size={props.size ?? 'middle'}
          loading={props.loading}
          dataSource={props.dataSource as T[]}
          pagination={pagination}
          scroll={{ x: 'max-content' }}
          columns={tableColumns}
          rowClassName={(row) => props.rowClassName?.(row) ?? ''}
          locale={{ emptyText }}
          data-testid={props['data-testid']}
        />
      </Flex>
    );
  }

  const rows =
    local && pagination
      ? props.dataSource.slice((localCurrent - 1) * localPage.pageSize, localCurrent * localPage.pageSize)
      : props.dataSource;
  const [titleColumn, ...detailColumns] = shownColumns;
  return (
    <Flex vertical gap={12} style={{ minWidth: 0 }}>
      {toolbar}
      <Spin spinning={!!props.loading}>
        <div data-testid={props['data-testid']} data-view="cards">
          {rows.length === 0 ? (
            emptyText
          ) : (
            <div className="data-cards">
              {rows.map((row, index) =>
                props.card ? (
                  <div
                    key={String(row[props.rowKey])}
                    className={['data-card-custom', props.rowClassName?.(row)].filter(Boolean).join(' ')}
                    data-testid="table-card"
                  >
                    {props.card(row, index)}
                  </div>
                ) : (
                  <Card
                    key={String(row[props.rowKey])}
                    size="small"
                    className={props.rowClassName?.(row)}
                    style={{ width: '100%', minWidth: 0 }}
                    title={
                      props.cardTitle
                        ? props.cardTitle(row)
                        : titleColumn && cellOf(titleColumn, row, index, { inCard: true })
                    }
                    actions={
                      props.actions
                        ? [
                            <Flex key="actions" wrap justify="center" gap={4} style={{ padding: '0 8px' }}>
                              {props.actions(row, index)}
                            </Flex>,
                          ]
                        : undefined
                    }
                    data-testid="table-card"
                  >
                    <dl className="data-card-fields">
                      {(props.cardTitle ? shownColumns : detailColumns).map((c) => (
                        <div key={c.key} className="data-card-field">
                          <dt>{c.title}</dt>
                          <dd>{cellOf(c, row, index, { inCard: true })}</dd>
                        </div>
                      ))}
                    </dl>
                  </Card>
                ),
              )}
            </div>
          )}
        </div>
      </Spin>
      {pagination && (pagination.total ?? 0) > 0 && (
        <Flex justify="flex-end">
          <Pagination {...pagination} size="small" />
        </Flex>
      )}
    </Flex>
  );
}
