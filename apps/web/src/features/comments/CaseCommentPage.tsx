import { useEffect } from 'react';
import { Button, Card, Flex, Typography } from 'antd';
import { MessageOutlined, PictureOutlined } from '@ant-design/icons';
import { Link, useLocation, useNavigate } from 'react-router';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { CommentCaseRow } from '@archway/contract';
import { DataTable, type DataColumn } from '../../shared/ui/DataTable.tsx';
import { SearchAndRefresh } from '../../shared/ui/SearchAndRefresh.tsx';
import { usePagedQuery } from '../../shared/ui/paged-table.ts';
import { LinkButton } from '../../shared/ui/LinkButton.tsx';
import { casePath, legacyCaseTarget } from '../../shared/case-page/case-path.ts';
import { UnreadMark } from '../../shared/case-page/unread-replies.tsx';
import { commentPageKey, getCommentPage } from './api/get-comment-page.ts';
import './case-comment-page.css';

/**
 * `/caseComment`: the cases with comments, newest comment first, paged, with each case's new replies (on a phone one
 * compact card each: patient and mark, the latest message, sender and time); a row opens
 * the case's page at its conversation (which clears them). The old `?caseId=` (a case's thread) is replaced by
 * that page.
 */
export default function CaseCommentPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const legacy = legacyCaseTarget(location.pathname, location.search);
  useEffect(() => {
    if (legacy) void navigate(legacy, { replace: true });
  }, [legacy, navigate]);
  const list = usePagedQuery(commentPageKey, getCommentPage, t);
  const conversation = (r: CommentCaseRow) => casePath(r.caseId, { tab: 'conversation' });

  const columns: DataColumn<CommentCaseRow>[] = [
    {
      key: 'patientName',
      title: t('comments.columns.patient'),
      render: (r) => <CommentPatient row={r} to={conversation(r)} />,
    },
    { key: 'senderName', title: t('comments.columns.sender'), ellipsis: 200 },
    {
      key: 'lastText',
      title: t('comments.columns.last'),
      ellipsis: 320,
      render: (r) => (
        <>
          {r.lastCustName}:{' '}
          {r.lastText || (
            <>
              <PictureOutlined /> {t('comments.image')}
            </>
          )}
        </>
      ),
    },
    {
      key: 'lastTime',
      title: t('comments.columns.lastTime'),
      render: (r) => dayjs(r.lastTime).format('L LT'),
    },
    { key: 'comments', title: t('comments.columns.count'), align: 'right' },
    {
      key: 'caseCreateTime',
      title: t('comments.columns.caseTime'),
      defaultHidden: true,
      render: (r) => dayjs(r.caseCreateTime).format('L'),
    },
  ];

  return (
    <Card data-testid="case-comment-page">
      <DataTable
        pageKey="comments.cases"
        columns={columns}
        rowKey="caseId"
        dataSource={list.records}
        loading={list.query.isFetching}
        pagination={list.pagination}
        toolbar={
          <SearchAndRefresh
            keyword={list.keyword}
            onKeyword={list.setKeyword}
            onRefresh={() => void list.query.refetch()}
            placeholder={t('comments.search')}
            refreshing={list.query.isFetching}
          />
        }
        emptyText={
          <Flex vertical align="center" gap={8} data-testid="comment-page-empty">
            <Typography.Text type="secondary">{t('comments.noCases')}</Typography.Text>
            <Button onClick={() => navigate('/case')}>{t('comments.toCases')}</Button>
          </Flex>
        }
        card={(r) => (
          <Link
            to={conversation(r)}
            className="comment-case-card"
            data-testid="case-open"
            title={t('caseLists.openCase', { patient: r.patientName })}
          >
            <span className="comment-case-line comment-case-title">
              <span className="comment-case-patient" data-testid="case-patient">
                {r.patientName}
              </span>
              <UnreadMark count={r.unread} />
            </span>
            <span className="comment-case-line comment-case-secondary">
              {r.lastCustName}: {r.lastText || t('comments.image')}
            </span>
            <span className="comment-case-line comment-case-secondary">
              {[r.senderName, dayjs(r.lastTime).format('L LT')].filter(Boolean).join(' · ')}
            </span>
          </Link>
        )}
        actions={(r) => (
          <LinkButton
            to={conversation(r)}
            type="link"
            size="small"
            icon={<MessageOutlined />}
            data-testid="open-thread"
          >
            {t('comments.open')}
          </LinkButton>
        )}
      />
    </Card>
  );
}

/** The patient, a link to the case's conversation, with the caller's unread replies on it. */
function CommentPatient({ row, to }: { row: CommentCaseRow; to: string }) {
  return (
    <Flex align="center" gap={8} style={{ minWidth: 0 }} data-testid="row-unread" data-count={row.unread}>
      <Link to={to} style={{ color: 'inherit', minWidth: 0 }} data-testid="case-open">
        <Typography.Text strong ellipsis={{ tooltip: row.patientName }} style={{ color: 'inherit' }}>
          {row.patientName}
        </Typography.Text>
      </Link>
      <UnreadMark count={row.unread} />
    </Flex>
  );
}
