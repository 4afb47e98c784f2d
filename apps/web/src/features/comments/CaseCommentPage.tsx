import { useState } from 'react';
import { Badge, Button, Card, Flex, Typography } from 'antd';
import { MessageOutlined, PictureOutlined } from '@ant-design/icons';
import { useNavigate, useSearchParams } from 'react-router';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { CommentCaseRow } from '@archway/contract';
import { DataTable, type DataColumn } from '../../shared/ui/DataTable.tsx';
import { SearchAndRefresh } from '../../shared/ui/SearchAndRefresh.tsx';
import { usePagedQuery } from '../../shared/ui/paged-table.ts';
import { commentPageKey, getCommentPage } from './api/get-comment-page.ts';
import { ThreadDrawer } from './components/ThreadDrawer.tsx';

/**
 * `/caseComment`: the cases with comments, newest comment first, paged, with each case's new replies; a row opens
 * its thread (which clears them). `?caseId=` opens a case's thread directly (the case card's comment action).
 */
export default function CaseCommentPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const [opened, setOpened] = useState<CommentCaseRow | null>(null);
  const list = usePagedQuery(commentPageKey, getCommentPage, t);
  const linked = params.get('caseId');
  const openCaseId = opened?.caseId ?? linked;
  const linkedRow = list.records.find((r) => r.caseId === linked);

  const columns: DataColumn<CommentCaseRow>[] = [
    {
      key: 'patientName',
      title: t('comments.columns.patient'),
      render: (r) => (
        <Badge count={r.unread} size="small" offset={[8, 0]} data-testid="row-unread">
          <Typography.Text strong>{r.patientName}</Typography.Text>
        </Badge>
      ),
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
        cardTitle={(r) => r.patientName}
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
        actions={(r) => (
          <Button
            type="link"
            size="small"
            icon={<MessageOutlined />}
            onClick={() => setOpened(r)}
            data-testid="open-thread"
          >
            {t('comments.open')}
          </Button>
        )}
      />
      <ThreadDrawer
        caseId={openCaseId}
        title={(opened ?? linkedRow)?.patientName}
        canComment={(opened ?? linkedRow)?.canComment ?? true}
        onClose={() => {
          setOpened(null);
          if (linked) setParams({}, { replace: true });
        }}
      />
    </Card>
  );
}
