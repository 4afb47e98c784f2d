import { Badge, Button, Empty, Flex, List, Result, Skeleton, Typography } from 'antd';
import { CheckOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import type { NoticeItem } from '@archway/contract';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useNotices } from '../api/get-notices.ts';
import { useMarkRead } from '../api/mark-read.ts';
import { noticeTarget, noticeText } from './notice-text.ts';
import { ServiceEntry } from './ServiceEntry.tsx';

/** The bell's content: the person's notices (unread first), mark all read, and the service entry. */
export function NoticePanel({
  open,
  onClose,
  titled = true,
}: {
  open: boolean;
  onClose: () => void;
  /** False where the container already shows the title (the phone's drawer). */
  titled?: boolean;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const list = useNotices(open);
  const mark = useMarkRead();
  const unread = list.data?.unread ?? 0;

  const openNotice = (n: NoticeItem) => {
    if (!n.read) mark.mutate([n.id]);
    const target = noticeTarget(n);
    if (target) {
      onClose();
      void navigate(target);
    }
  };

  return (
    <Flex vertical gap={8} data-testid="notice-panel">
      <Flex align="center" justify={titled ? 'space-between' : 'flex-end'} gap={8} wrap>
        {titled && <Typography.Text strong>{t('notices.title')}</Typography.Text>}
        <Button
          size="small"
          type="link"
          icon={<CheckOutlined />}
          disabled={unread === 0}
          loading={mark.isPending && mark.variables === undefined}
          onClick={() => mark.mutate(undefined)}
          data-testid="notices-mark-all"
        >
          {t('notices.markAll')}
        </Button>
      </Flex>
      {list.isLoading ? (
        <Skeleton active />
      ) : list.isError ? (
        <Result
          status="warning"
          subTitle={t('notices.loadFailed')}
          extra={<Button onClick={() => void list.refetch()}>{t('common.retry')}</Button>}
        />
      ) : !list.data?.records.length ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={
            <Flex vertical>
              <Typography.Text>{t('notices.empty')}</Typography.Text>
              <Typography.Text type="secondary">{t('notices.emptyHint')}</Typography.Text>
            </Flex>
          }
          data-testid="notices-empty"
        />
      ) : (
        <List<NoticeItem>
          size="small"
          style={{ maxHeight: 'min(60vh, 420px)', overflowY: 'auto' }}
          dataSource={list.data.records}
          data-testid="notice-list"
          renderItem={(n) => (
            <List.Item
              key={n.id}
              onClick={() => openNotice(n)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') openNotice(n);
              }}
              role="button"
              tabIndex={0}
              data-testid="notice-item"
              data-kind={n.kind}
              data-read={n.read ? 'yes' : 'no'}
              style={{ cursor: 'pointer', paddingInline: 4 }}
            >
              <Flex gap={8} align="flex-start" style={{ minWidth: 0, width: '100%' }}>
                <Badge status={n.read ? 'default' : 'processing'} style={{ paddingTop: 2 }} />
                <Flex vertical style={{ minWidth: 0, flex: 1 }}>
                  <Typography.Text strong={!n.read} style={{ overflowWrap: 'anywhere' }}>
                    {noticeText(n, t)}
                  </Typography.Text>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {dayjs(n.createdAt).format('L LT')}
                  </Typography.Text>
                </Flex>
              </Flex>
            </List.Item>
          )}
        />
      )}
      <ServiceEntry enabled={open} />
    </Flex>
  );
}
