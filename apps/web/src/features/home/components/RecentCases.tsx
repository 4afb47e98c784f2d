import { Card, Flex, List, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { DashboardAttention } from '@archway/contract';
import { caseTypeKey } from '../../../shared/case-types.ts';
import { casePath } from '../../../shared/case-page/case-path.ts';
import { CaseThumb } from '../../../shared/case-page/CaseThumb.tsx';
import { UnreadMark, useUnreadByCase } from '../../../shared/case-page/unread-replies.tsx';

/**
 * The latest copies in the case box: the scan's preview image (as the case lists show it), patient (a link to the
 * case's page) with its unread replies, type, from whom, when, and whether a received one was downloaded.
 */
export function RecentCases({ recent }: { recent: DashboardAttention['recent'] }) {
  const { t } = useTranslation();
  const unread = useUnreadByCase();
  return (
    <Card
      title={t('home.recent.title')}
      size="small"
      data-testid="home-recent"
      extra={<Link to="/case">{t('home.recent.all')}</Link>}
      style={{ height: '100%' }}
    >
      <List
        size="small"
        dataSource={recent}
        rowKey="caseId"
        locale={{ emptyText: t('home.recent.empty') }}
        renderItem={(c) => (
          <List.Item style={{ paddingInline: 0 }} data-testid="recent-case">
            <Flex justify="space-between" align="center" gap={8} style={{ width: '100%', minWidth: 0 }}>
              <Link to={casePath(c.caseId)} tabIndex={-1} aria-hidden style={{ flex: 'none' }}>
                <CaseThumb thumbnail={c.thumbnail} ext={c.ext} patientName={c.patientName} />
              </Link>
              <Flex vertical style={{ minWidth: 0, flex: 1 }}>
                <Flex align="center" gap={6} style={{ minWidth: 0 }}>
                  <Link to={casePath(c.caseId)} style={{ overflowWrap: 'anywhere' }} data-testid="case-open">
                    {c.patientName}
                  </Link>
                  <UnreadMark count={unread.get(c.caseId)} />
                </Flex>
                <Typography.Text type="secondary" style={{ fontSize: 12, overflowWrap: 'anywhere' }}>
                  {[
                    t(caseTypeKey(c.caseType)),
                    c.fromName ? t('home.recent.from', { name: c.fromName }) : t('home.recent.own'),
                    dayjs(c.createdAt).format('L LT'),
                  ].join(' · ')}
                </Typography.Text>
              </Flex>
              {c.received ? (
                <Tag
                  color={c.downloadedAt ? 'success' : 'warning'}
                  style={{ marginInlineEnd: 0, flex: 'none' }}
                >
                  {t(c.downloadedAt ? 'home.recent.downloaded' : 'home.recent.notDownloaded')}
                </Tag>
              ) : (
                <Tag style={{ marginInlineEnd: 0, flex: 'none' }}>{t('home.recent.sent')}</Tag>
              )}
            </Flex>
          </List.Item>
        )}
      />
    </Card>
  );
}
