import { useEffect, useMemo, useState } from 'react';
import { Button, Checkbox, Empty, Flex, Typography } from 'antd';
import {
  ClearOutlined,
  DeleteOutlined,
  ImportOutlined,
  UndoOutlined,
  CloseCircleOutlined,
} from '@ant-design/icons';
import { Link, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { CaseRow } from '@archway/contract';
import { DataTable, type DataColumn } from '../../../shared/ui/DataTable.tsx';
import { SearchAndRefresh } from '../../../shared/ui/SearchAndRefresh.tsx';
import { usePagedQuery } from '../../../shared/ui/paged-table.ts';
import { toast } from '../../../shared/ui/toast.ts';
import { getCases, getCasesQueryKey } from '../api/get-cases.ts';
import { useCancelCase } from '../api/cancel-case.ts';
import { useCaseDownloads } from '../api/download-case.ts';
import { useMoveToRecycle } from '../api/move-to-recycle.ts';
import { useEmptyRecycle, usePurgeCases } from '../api/purge-cases.ts';
import { useRestoreCases, type BinEntry } from '../api/restore-case.ts';
import type { RowAction } from '../utils/actions.ts';
import { NO_FILTERS, filterBody, hasFilters, type CaseFilters, type CaseScope } from '../utils/filters.ts';
import { downloadedBy } from '../utils/party.ts';
import type { PrintLayout } from '../utils/print.ts';
import { CaseFilterBar } from './CaseFilterBar.tsx';
import {
  CaseCard,
  CaseTypeText,
  DateText,
  DirectionTag,
  DownloadedTag,
  PatientCell,
  PreviewThumb,
  PartyCell,
  ProcessTag,
} from './cells.tsx';
import { ConvertDialog } from './ConvertDialog.tsx';
import { ForwardDialog } from './ForwardDialog.tsx';
import { ImportDialog } from './ImportDialog.tsx';
import { PrintDialog } from './PrintDialog.tsx';
import { casePath, legacyCaseTarget } from '../../../shared/case-page/case-path.ts';
import { useUnreadByCase } from '../../../shared/case-page/unread-replies.tsx';
import { useArrivedCases } from '../../../shared/realtime/arrivals.ts';
import { RowActions } from './RowActions.tsx';
import { useCaseConfirm } from './use-case-confirm.ts';
import '../cases.css';

type Dialog =
  | { kind: 'print'; id: string; layout: PrintLayout }
  | { kind: 'import' }
  | { kind: 'convert'; id: string; patient: string }
  | { kind: 'forward'; id: string; patient: string }
  | null;

/** The actions the case's page holds: a row's button goes there (a real link) instead of opening a dialog. */
export function rowActionLink(action: RowAction, row: Pick<CaseRow, 'id'>): string | undefined {
  switch (action) {
    case 'detail':
      return casePath(row.id, { tab: 'details' });
    case 'preview':
      return casePath(row.id);
    case 'comment':
      return casePath(row.id, { tab: 'conversation' });
    default:
      return undefined;
  }
}

/** The batch action of a scope: the bin's is "delete permanently", the others' "move to the bin". */
const batchAction = (scope: CaseScope): 'purge' | 'recycle' => (scope === 'recycle' ? 'purge' : 'recycle');

/**
 * A case list (product §2): /case (the case box), /caseNot (not downloaded yet) and /recycle (the bin). Filters,
 * keyword, the shared table (on a phone one compact card per case) and column chooser, each row's actions (from the
 * server), batch actions on the selected rows, and the dialogs (print, import, convert, forward). A case's patient,
 * thumbnail or card opens its page (`/case/<id>`), as do its detail, preview and comment actions; each case shows
 * the caller's unread replies.
 */
export function CaseList({
  scope,
  custId,
  reduced,
}: {
  scope: CaseScope;
  custId: string;
  /** Custom type 2 (clinics) see the reduced card: no lock icon, no format (product §6). */
  reduced: boolean;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [filters, setFilters] = useState<CaseFilters>(NO_FILTERS);
  const [dialog, setDialog] = useState<Dialog>(null);
  // The old addresses `/case?id=` (the detail) and `/case?preview=<caseId>&pin=<commentId>` (the 3D preview at a
  // pin), in stored notices, mails and bookmarks, now mean the case's page: replaced by it.
  const location = useLocation();
  const legacy = scope === 'box' ? legacyCaseTarget(location.pathname, location.search) : null;
  useEffect(() => {
    if (legacy) void navigate(legacy, { replace: true });
  }, [legacy, navigate]);
  const unread = useUnreadByCase();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const downloads = useCaseDownloads();

  const body = useMemo(() => filterBody(scope, filters), [scope, filters]);
  const list = usePagedQuery(getCasesQueryKey(scope, body), (params) => getCases({ ...body, ...params }), t);
  const records = list.records;
  // A case that just arrived (realtime) is highlighted for a moment.
  const arrived = useArrivedCases();

  const changeFilters = (next: CaseFilters) => {
    setFilters(next);
    setSelected(new Set());
    // Back to the first page: the old page number means nothing under other filters.
    list.pagination.onChange?.(1, list.pagination.pageSize ?? 10);
  };

  const cancel = useCancelCase({ onSuccess: () => toast(t('cases.messages.cancelled'), 'success') });
  const move = useMoveToRecycle({
    onSuccess: ({ moved }) => {
      setSelected(new Set());
      toast(t('cases.messages.moved', { count: moved }), 'success');
    },
  });
  const restore = useRestoreCases({
    onSuccess: ({ restored }) => {
      setSelected(new Set());
      toast(t('cases.messages.restored', { count: restored }), 'success');
    },
  });
  const purge = usePurgeCases({
    onSuccess: ({ deleted }) => {
      setSelected(new Set());
      toast(t('cases.messages.purged', { count: deleted }), 'success');
    },
  });
  const empty = useEmptyRecycle({
    onSuccess: () => {
      setSelected(new Set());
      toast(t('cases.messages.emptied'), 'success');
    },
  });

  const ask = useCaseConfirm();

  const binEntries = (rows: readonly CaseRow[]): BinEntry[] =>
    rows.flatMap((r) => (r.recycleId ? [{ id: r.id, recycleId: r.recycleId }] : []));

  const onAction = (action: RowAction, row: CaseRow) => {
    switch (action) {
      case 'detail':
      case 'preview':
      case 'comment':
        return void navigate(rowActionLink(action, row) ?? casePath(row.id));
      case 'print':
        return setDialog({ kind: 'print', id: row.id, layout: 'sheet' });
      case 'download':
        return void downloads.start(row);
      case 'convert':
        return setDialog({ kind: 'convert', id: row.id, patient: row.patientName });
      case 'restore':
        return restore.mutate(binEntries([row]));
      case 'forward':
        return setDialog({ kind: 'forward', id: row.id, patient: row.patientName });
      case 'cancel':
        return ask.cancelCase(row.patientName, () => cancel.mutateAsync(row.id));
      case 'recycle':
        return ask.recycle(1, () => move.mutateAsync([row.id]));
      case 'purge':
        return ask.purge(1, () => purge.mutateAsync([row.id]));
    }
  };

  // Batch: only rows that allow the scope's batch action can be selected.
  const batch = batchAction(scope);
  const selectable = (row: CaseRow) => row.actions.includes(batch);
  const selectableRows = records.filter(selectable);
  const selectedRows = records.filter((r) => selected.has(r.id) && selectable(r));
  const toggle = (id: string, on: boolean) =>
    setSelected((s) => {
      const next = new Set(s);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const allSelected = selectableRows.length > 0 && selectedRows.length === selectableRows.length;
  const selectionOf = (r: CaseRow) =>
    selectableRows.length > 0
      ? {
          selected: selected.has(r.id),
          disabled: !selectable(r),
          onChange: (on: boolean) => toggle(r.id, on),
        }
      : undefined;

  const columns: DataColumn<CaseRow>[] = [
    {
      key: 'patient',
      title: t('cases.columns.patient'),
      render: (r) => (
        <PatientCell
          row={r}
          reduced={reduced}
          to={casePath(r.id)}
          unread={unread.get(r.id)}
          selection={selectionOf(r)}
        />
      ),
    },
    {
      key: 'preview',
      title: t('cases.columns.preview'),
      render: (r) => (
        // The same page as the patient's link: out of the tab order and hidden from screen readers (no double stop).
        <Link to={casePath(r.id)} tabIndex={-1} aria-hidden className="case-thumb-link">
          <PreviewThumb row={r} reduced={reduced} />
        </Link>
      ),
    },
    {
      key: 'party',
      title: t('cases.columns.party'),
      render: (r) => <PartyCell row={r} />,
    },
    { key: 'dentist', title: t('cases.columns.dentist'), ellipsis: 160, render: (r) => r.dentist || '–' },
    {
      key: 'caseType',
      title: t('cases.columns.caseType'),
      render: (r) => <CaseTypeText caseType={r.caseType} />,
    },
    {
      key: 'direction',
      title: t('cases.columns.direction'),
      render: (r) => <DirectionTag isSend={r.isSend} />,
    },
    { key: 'edit', title: t('cases.columns.edit'), render: (r) => <DateText value={r.edit} /> },
    { key: 'time', title: t('cases.columns.time'), render: (r) => <DateText value={r.time} /> },
    {
      key: 'downloaded',
      title: t('cases.columns.downloaded'),
      render: (r) => <DownloadedTag downloaded={downloadedBy(r, custId)} />,
    },
    {
      key: 'progress',
      title: t('cases.progress.label'),
      defaultHidden: true,
      render: (r) => <ProcessTag status={r.processStatus} thirdParty={r.thirdPartyName} />,
    },
    ...(reduced
      ? []
      : [
          {
            key: 'format',
            title: t('cases.columns.format'),
            defaultHidden: true,
            render: (r: CaseRow) => (r.ext ? r.ext.toUpperCase() : '–'),
          },
        ]),
  ];

  const filtered = hasFilters(filters) || list.keyword.trim() !== '';
  const emptyState = filtered ? (
    <Empty description={t('cases.empty.filtered')} data-testid="case-empty">
      <Button
        icon={<ClearOutlined />}
        onClick={() => {
          list.setKeyword('');
          changeFilters(NO_FILTERS);
        }}
      >
        {t('cases.filters.clear')}
      </Button>
    </Empty>
  ) : scope === 'recycle' ? (
    <Empty description={t('cases.empty.recycle')} data-testid="case-empty">
      <Button onClick={() => void navigate('/case')}>{t('cases.empty.backToCases')}</Button>
    </Empty>
  ) : scope === 'notDownloaded' ? (
    <Empty description={t('cases.empty.notDownloaded')} data-testid="case-empty">
      <Button onClick={() => void navigate('/case')}>{t('cases.empty.showAll')}</Button>
    </Empty>
  ) : (
    <Empty description={t('cases.empty.box')} data-testid="case-empty">
      <Flex gap={8} justify="center" wrap>
        <Button type="primary" onClick={() => void navigate('/device')}>
          {t('cases.empty.goDevices')}
        </Button>
        <Button icon={<ImportOutlined />} onClick={() => setDialog({ kind: 'import' })}>
          {t('cases.import.button')}
        </Button>
      </Flex>
    </Empty>
  );

  const busy = move.isPending || purge.isPending || restore.isPending || empty.isPending;
  const toolbar = (
    <>
      <SearchAndRefresh
        keyword={list.keyword}
        onKeyword={list.setKeyword}
        placeholder={t('cases.searchPlaceholder')}
        onRefresh={() => void list.query.refetch()}
        refreshing={list.query.isFetching}
        data-testid="case-search"
      />
      {scope === 'box' && (
        <Button
          icon={<ImportOutlined />}
          onClick={() => setDialog({ kind: 'import' })}
          data-testid="case-import"
        >
          {t('cases.import.button')}
        </Button>
      )}
      {scope === 'recycle' && (
        <Button
          danger
          icon={<DeleteOutlined />}
          disabled={records.length === 0 || busy}
          onClick={() =>
            ask.confirm(
              t('cases.confirm.emptyTitle'),
              t('cases.confirm.emptyBody'),
              t('cases.recycle.empty'),
              () => empty.mutateAsync(),
            )
          }
          data-testid="recycle-empty"
        >
          {t('cases.recycle.empty')}
        </Button>
      )}
    </>
  );

  return (
    <Flex vertical gap={12} className="case-list" data-testid={`case-list-${scope}`}>
      <CaseFilterBar scope={scope} filters={filters} onChange={changeFilters} />
      {selectableRows.length > 0 && (
        <Flex gap={8} align="center" wrap className="case-batch" data-testid="case-batch">
          <Checkbox
            checked={allSelected}
            indeterminate={selectedRows.length > 0 && !allSelected}
            onChange={(e) => setSelected(new Set(e.target.checked ? selectableRows.map((r) => r.id) : []))}
            data-testid="case-select-page"
          >
            {t('cases.batch.selectPage')}
          </Checkbox>
          {selectedRows.length > 0 && (
            <>
              <Typography.Text type="secondary" data-testid="case-selected-count">
                {t('cases.batch.selected', { count: selectedRows.length })}
              </Typography.Text>
              {scope === 'recycle' && (
                <Button
                  size="small"
                  icon={<UndoOutlined />}
                  disabled={busy}
                  onClick={() => restore.mutate(binEntries(selectedRows))}
                  data-testid="batch-restore"
                >
                  {t('cases.actions.restore')}
                </Button>
              )}
              <Button
                size="small"
                danger
                icon={scope === 'recycle' ? <CloseCircleOutlined /> : <DeleteOutlined />}
                disabled={busy}
                onClick={() => {
                  const ids = selectedRows.map((r) => r.id);
                  if (scope === 'recycle') ask.purge(ids.length, () => purge.mutateAsync(ids));
                  else ask.recycle(ids.length, () => move.mutateAsync(ids));
                }}
                data-testid={`batch-${batch}`}
              >
                {t(`cases.actions.${batch}`)}
              </Button>
              <Button size="small" type="text" onClick={() => setSelected(new Set())}>
                {t('cases.batch.clear')}
              </Button>
            </>
          )}
        </Flex>
      )}
      <DataTable<CaseRow>
        pageKey={`cases.${scope}`}
        rowKey="id"
        loading={list.query.isLoading}
        dataSource={records}
        pagination={list.pagination}
        data-testid="case-table"
        emptyText={emptyState}
        toolbar={toolbar}
        actions={(row) => (
          <RowActions
            row={row}
            progress={downloads.progress[row.id]}
            onAction={onAction}
            linkOf={rowActionLink}
          />
        )}
        actionsColumn="adaptive"
        columns={columns}
        card={(row) => (
          <CaseCard
            row={row}
            reduced={reduced}
            custId={custId}
            to={casePath(row.id)}
            unread={unread.get(row.id)}
            selection={selectionOf(row)}
            actions={
              <RowActions
                row={row}
                progress={downloads.progress[row.id]}
                onAction={onAction}
                linkOf={rowActionLink}
                variant="menu"
                menuName={t('caseLists.actionsFor', { patient: row.patientName })}
              />
            }
          />
        )}
        rowClassName={(row) => (arrived.has(row.id) ? 'case-arrived' : undefined)}
      />
      {dialog?.kind === 'forward' && (
        <ForwardDialog caseId={dialog.id} patient={dialog.patient} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'print' && (
        <PrintDialog
          caseId={dialog.id}
          reduced={reduced}
          initialLayout={dialog.layout}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'import' && <ImportDialog onClose={() => setDialog(null)} />}
      {dialog?.kind === 'convert' && (
        <ConvertDialog caseId={dialog.id} patient={dialog.patient} onClose={() => setDialog(null)} />
      )}
    </Flex>
  );
}
