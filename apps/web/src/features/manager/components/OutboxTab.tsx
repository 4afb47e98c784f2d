import { useState } from 'react';
import { Button, Empty, Flex, Modal, Spin, Tag, Typography } from 'antd';
import { EyeOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../shared/ui/DataTable.tsx';
import { SearchAndRefresh } from '../../../shared/ui/SearchAndRefresh.tsx';
import { useOutbox, type OutboxRow } from '../api/get-outbox.ts';
import { useOutboxMessage } from '../api/get-outbox-message.ts';

const STATE_COLOR: Record<string, string> = {
  sent: 'success',
  pending: 'processing',
  failed: 'error',
  outbox: 'default',
};

/** One message: its headers and its plain text, read on demand. */
function MessageDialog({ row, onClose }: { row: OutboxRow; onClose: () => void }) {
  const { t } = useTranslation();
  const message = useOutboxMessage(row.id);
  return (
    <Modal
      open
      title={row.subject || t('outbox.noSubject')}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t('common.close')}</Button>}
      width={720}
      data-testid="outbox-message"
    >
      <Flex vertical gap={8}>
        <Typography.Text type="secondary">
          {t('outbox.to')}: {row.to} · {dayjs(row.createdAt).format('L LT')}
        </Typography.Text>
        {message.data ? (
          <pre
            style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', margin: 0, fontFamily: 'inherit' }}
            data-testid="outbox-text"
          >
            {message.data.text}
          </pre>
        ) : (
          <Spin />
        )}
      </Flex>
    </Modal>
  );
}

/** The mail outbox (administrators): every e-mail and text message, newest first; the embedded default keeps them here. */
export function OutboxTab() {
  const { t } = useTranslation();
  const list = useOutbox(t);
  const [open, setOpen] = useState<OutboxRow | null>(null);
  return (
    <Flex vertical gap={16} data-testid="outbox">
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t('outbox.intro')}
      </Typography.Paragraph>
      <DataTable<OutboxRow>
        pageKey="manager.outbox"
        rowKey="id"
        loading={list.query.isLoading}
        dataSource={list.records}
        pagination={list.pagination}
        data-testid="outbox-table"
        toolbar={
          <SearchAndRefresh
            keyword={list.keyword}
            onKeyword={list.setKeyword}
            placeholder={t('outbox.search')}
            onRefresh={() => void list.query.refetch()}
            refreshing={list.query.isFetching}
          />
        }
        emptyText={<Empty description={t(list.keyword.trim() ? 'outbox.emptySearch' : 'outbox.empty')} />}
        cardTitle={(r) => <Typography.Text strong>{r.subject || t('outbox.noSubject')}</Typography.Text>}
        actions={(r) => (
          <Button size="small" icon={<EyeOutlined />} onClick={() => setOpen(r)} data-testid="outbox-open">
            {t('outbox.open')}
          </Button>
        )}
        columns={[
          {
            key: 'subject',
            title: t('outbox.subject'),
            ellipsis: 280,
            render: (r) => r.subject || t('outbox.noSubject'),
          },
          { key: 'to', title: t('outbox.to'), ellipsis: 200 },
          {
            key: 'channel',
            title: t('outbox.channel'),
            render: (r) => t(`outbox.channels.${r.channel === 'sms' ? 'sms' : 'email'}`),
          },
          {
            key: 'state',
            title: t('outbox.state'),
            render: (r) => (
              <Tag color={STATE_COLOR[r.state] ?? 'default'}>{t(`outbox.states.${r.state}`)}</Tag>
            ),
          },
          { key: 'attempts', title: t('outbox.attempts'), align: 'right' },
          { key: 'createdAt', title: t('outbox.created'), render: (r) => dayjs(r.createdAt).format('L LT') },
          { key: 'lastError', title: t('outbox.lastError'), ellipsis: 200, defaultHidden: true },
        ]}
      />
      {open && <MessageDialog row={open} onClose={() => setOpen(null)} />}
    </Flex>
  );
}
