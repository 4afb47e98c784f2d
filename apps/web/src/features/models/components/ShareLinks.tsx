import { useState } from 'react';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Empty,
  Flex,
  Input,
  InputNumber,
  List,
  Popconfirm,
  Table,
  Tag,
  Typography,
} from 'antd';
import { CopyOutlined, LinkOutlined, StopOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { SHARE_LINK_DAYS, type ShareLinkCreated, type ShareLinkRow } from '@archway/contract';
import { toast } from '../../../shared/ui/toast.ts';
import { useViewportMode } from '../../../shared/ui/use-viewport.ts';
import { useCreateShareLink } from '../api/create-share-link.ts';
import { useCaseRemarks } from '../api/get-case-remarks.ts';
import { useShareLinks } from '../api/get-share-links.ts';
import { useRevokeShareLink } from '../api/revoke-share-link.ts';
import { localDateTime } from './dates.ts';

type LinkStatus = 'active' | 'revoked' | 'expired';
const statusOf = (row: ShareLinkRow): LinkStatus =>
  row.active ? 'active' : row.revokedAt ? 'revoked' : 'expired';
const STATUS_COLOR: Record<LinkStatus, string> = { active: 'green', revoked: 'red', expired: 'default' };

async function copy(text: string, done: string, failed: string) {
  try {
    await navigator.clipboard.writeText(text);
    toast(done, 'success');
  } catch {
    toast(failed);
  }
}

/**
 * Share links of the case's report: made for a number of days (default 30) with the remarks pinned to the scan that
 * the patient may read (none ticked: remarks are internal), shown once with Copy (the server keeps only a hash),
 * listed with their expiry and how many remarks they show, and revoked after a confirmation.
 */
export function ShareLinks({ caseId }: { caseId: string }) {
  const { t } = useTranslation();
  const mobile = useViewportMode() === 'mobile';
  const [days, setDays] = useState<number>(SHARE_LINK_DAYS.default);
  const [created, setCreated] = useState<ShareLinkCreated | null>(null);
  // The remarks this link shows the patient: none until the sharer ticks them (remarks are internal).
  const [shown, setShown] = useState<string[]>([]);
  const remarks = useCaseRemarks(caseId);
  const links = useShareLinks(caseId);
  const create = useCreateShareLink({ onSuccess: (link) => setCreated(link) });
  const revoke = useRevokeShareLink({
    onSuccess: () => toast(t('models.share.revoked'), 'success'),
  });

  const remarksShown = (row: ShareLinkRow) =>
    row.pins.length
      ? t('models.share.remarks.shown', { count: row.pins.length })
      : t('models.share.remarks.none');

  const revokeButton = (row: ShareLinkRow) =>
    row.active ? (
      <Popconfirm
        title={t('models.share.revokeConfirm')}
        description={t('models.share.revokeHint')}
        okText={t('models.share.revoke')}
        okButtonProps={{ danger: true, className: 'share-revoke-ok' }}
        cancelText={t('models.share.cancel')}
        onConfirm={() => revoke.mutateAsync(row.id)}
      >
        <Button danger size="small" icon={<StopOutlined />} data-testid="share-revoke">
          {t('models.share.revoke')}
        </Button>
      </Popconfirm>
    ) : null;

  return (
    <Card size="small" title={t('models.share.title')} data-testid="share-links" className="no-print">
      <Flex vertical gap={12}>
        <Typography.Text type="secondary">{t('models.share.hint')}</Typography.Text>
        <Flex gap={8} align="center" wrap>
          <Typography.Text id="share-days-label">{t('models.share.days')}</Typography.Text>
          <InputNumber
            min={SHARE_LINK_DAYS.min}
            max={SHARE_LINK_DAYS.max}
            precision={0}
            value={days}
            onChange={(v) => v !== null && setDays(Number(v))}
            aria-labelledby="share-days-label"
            data-testid="share-days"
            style={{ width: 100 }}
          />
          <Button
            type="primary"
            icon={<LinkOutlined />}
            loading={create.isPending}
            onClick={() => create.mutate({ caseId, days, pins: shown })}
            data-testid="share-create"
          >
            {t('models.share.create')}
          </Button>
        </Flex>
        {(remarks.data?.length ?? 0) > 0 && (
          <Flex vertical gap={4} data-testid="share-remarks">
            <Typography.Text strong id="share-remarks-label">
              {t('models.share.remarks.title')}
            </Typography.Text>
            <Typography.Text type="secondary">{t('models.share.remarks.hint')}</Typography.Text>
            <Checkbox.Group
              value={shown}
              onChange={(values) => setShown(values as string[])}
              aria-labelledby="share-remarks-label"
              style={{ display: 'flex', flexDirection: 'column', gap: 4 }}
            >
              {remarks.data!.map((r) => (
                <div key={r.id} data-testid="share-remark">
                  <Checkbox value={r.id}>
                    <span style={{ overflowWrap: 'anywhere' }}>{r.text}</span>{' '}
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      · {r.custName}
                    </Typography.Text>
                  </Checkbox>
                </div>
              ))}
            </Checkbox.Group>
          </Flex>
        )}
        {created && (
          <Alert
            type="success"
            showIcon
            data-testid="share-created"
            title={t('models.share.created', { date: localDateTime(created.expiresAt) ?? created.expiresAt })}
            description={
              <Flex vertical gap={6}>
                <Typography.Text type="secondary">{t('models.share.onlyOnce')}</Typography.Text>
                <Flex gap={8} wrap={mobile}>
                  <Input
                    readOnly
                    value={created.url}
                    data-testid="share-url"
                    onFocus={(e) => e.target.select()}
                  />
                  <Button
                    icon={<CopyOutlined />}
                    onClick={() =>
                      void copy(created.url, t('models.share.copied'), t('models.share.copyFailed'))
                    }
                    data-testid="share-copy"
                  >
                    {t('models.share.copy')}
                  </Button>
                  <Button href={created.url} target="_blank" rel="noopener noreferrer">
                    {t('models.share.open')}
                  </Button>
                </Flex>
              </Flex>
            }
          />
        )}
        {mobile ? (
          <List
            dataSource={links.data ?? []}
            loading={links.isLoading}
            rowKey="id"
            data-testid="share-list"
            locale={{
              emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('models.share.empty')} />,
            }}
            renderItem={(row) => (
              <List.Item
                data-testid="share-row"
                data-status={statusOf(row)}
                actions={row.active ? [revokeButton(row)] : []}
              >
                <Flex vertical gap={2}>
                  <Tag color={STATUS_COLOR[statusOf(row)]} style={{ alignSelf: 'flex-start' }}>
                    {t(`models.share.statuses.${statusOf(row)}`)}
                  </Tag>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {remarksShown(row)}
                  </Typography.Text>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {t('models.share.createdAt')}: {localDateTime(row.createdAt)}
                    {row.createdByName ? ` · ${row.createdByName}` : ''}
                  </Typography.Text>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {t('models.share.expiresAt')}: {localDateTime(row.revokedAt ?? row.expiresAt)}
                  </Typography.Text>
                </Flex>
              </List.Item>
            )}
          />
        ) : (
          <Table<ShareLinkRow>
            size="small"
            rowKey="id"
            loading={links.isLoading}
            dataSource={links.data ?? []}
            pagination={false}
            scroll={{ x: 'max-content' }}
            data-testid="share-list"
            locale={{
              emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('models.share.empty')} />,
            }}
            onRow={(row) => ({ 'data-testid': 'share-row', 'data-status': statusOf(row) }) as object}
            columns={[
              {
                key: 'created',
                title: t('models.share.createdAt'),
                render: (_, row) => (
                  <Flex vertical>
                    <span>{localDateTime(row.createdAt)}</span>
                    {row.createdByName && (
                      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                        {row.createdByName}
                      </Typography.Text>
                    )}
                  </Flex>
                ),
              },
              {
                key: 'expires',
                title: t('models.share.expiresAt'),
                render: (_, row) => localDateTime(row.revokedAt ?? row.expiresAt),
              },
              {
                key: 'status',
                title: t('models.share.status'),
                render: (_, row) => (
                  <Flex vertical gap={2} align="flex-start">
                    <Tag color={STATUS_COLOR[statusOf(row)]}>
                      {t(`models.share.statuses.${statusOf(row)}`)}
                    </Tag>
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {remarksShown(row)}
                    </Typography.Text>
                  </Flex>
                ),
              },
              {
                key: 'actions',
                title: t('models.share.actions'),
                render: (_, row) => revokeButton(row),
              },
            ]}
          />
        )}
      </Flex>
    </Card>
  );
}
