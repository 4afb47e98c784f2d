import { useState } from 'react';
import { App, Badge, Button, Card, Col, Empty, Flex, Result, Row, Skeleton, Tag, Typography } from 'antd';
import { CloudUploadOutlined, FileAddOutlined, PlusOutlined, UndoOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { OrderField } from '@archway/contract';
import { translateOr } from '../../shared/i18n/i18n.ts';
import { ApiError } from '../../shared/request.ts';
import { toast } from '../../shared/ui/toast.ts';
import { useOrderForm } from './api/get-order-form.ts';
import { useResetOrderForm } from './api/reset-order-form.ts';
import { useSyncOrderForm } from './api/sync-order-form.ts';
import { FieldDialog } from './components/FieldDialog.tsx';
import { FieldList } from './components/FieldList.tsx';
import { FormPreview } from './components/FormPreview.tsx';

type Editing = { field?: OrderField } | null;

/**
 * `/customizeOrder` (product §2, §3, §5, §8.5; shown with the `order` page flag): the lab designs the order form a
 * clinic fills when it sends it a case. Changes go to a draft; "Synchronize" publishes the draft as the next version.
 */
export default function OrderFormPage() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const form = useOrderForm();
  const [editing, setEditing] = useState<Editing>(null);
  const reset = useResetOrderForm({ onSuccess: () => toast(t('orders.reset.done'), 'success') });
  const sync = useSyncOrderForm({
    onSuccess: (state) => toast(t('orders.sync.done', { version: state.published }), 'success'),
  });

  const confirmReset = () =>
    modal.confirm({
      title: t('orders.reset.title'),
      content: t('orders.reset.body'),
      okText: t('orders.reset.ok'),
      cancelText: t('common.cancel'),
      okButtonProps: { danger: true, 'data-testid': 'order-reset-ok' },
      onOk: () => reset.mutateAsync(undefined).catch(() => undefined),
    });

  if (form.isError) {
    const error = form.error;
    return (
      <Card>
        <Result
          status="warning"
          title={
            error instanceof ApiError ? translateOr(error.i18nKey, error.message) : t('orders.loadFailed')
          }
          extra={<Button onClick={() => void form.refetch()}>{t('orders.retry')}</Button>}
          data-testid="order-form-failed"
        />
      </Card>
    );
  }
  if (!form.data) return <Skeleton active />;
  const { draft, published, changed } = form.data;
  // What the caller may do comes from the server (orders.access): a member reads the form, its administrator edits.
  const mayChange = form.data.actions.change;

  return (
    <Card data-testid="order-form-page" style={{ minWidth: 0 }}>
      <Flex vertical gap={16}>
        <Flex gap={12} wrap align="center" justify="space-between">
          <Flex vertical gap={4} style={{ flex: '1 1 320px', minWidth: 0 }}>
            <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
              {t('orders.intro')}
            </Typography.Paragraph>
            <Flex gap={8} wrap align="center">
              {published > 0 ? (
                <Tag color="green" data-testid="order-published">
                  {t('orders.sync.published', { version: published })}
                </Tag>
              ) : (
                <Tag data-testid="order-published">{t('orders.sync.never')}</Tag>
              )}
              {changed && (
                <Badge status="warning" text={t('orders.sync.changed')} data-testid="order-changed" />
              )}
            </Flex>
          </Flex>
          {mayChange && (
            <Flex gap={8} wrap>
              <Button icon={<PlusOutlined />} onClick={() => setEditing({})} data-testid="order-add-field">
                {t('orders.addField')}
              </Button>
              <Button
                icon={<UndoOutlined />}
                onClick={confirmReset}
                loading={reset.isPending}
                data-testid="order-reset"
              >
                {t('orders.reset.button')}
              </Button>
              <Button
                type="primary"
                icon={<CloudUploadOutlined />}
                loading={sync.isPending}
                onClick={() => sync.mutate(undefined)}
                data-testid="order-sync"
              >
                {t('orders.sync.button')}
              </Button>
            </Flex>
          )}
        </Flex>
        {draft.length === 0 ? (
          <Empty description={t('orders.empty.title')} data-testid="order-empty">
            {mayChange && (
              <Flex gap={8} wrap justify="center">
                <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})}>
                  {t('orders.addField')}
                </Button>
                <Button
                  icon={<FileAddOutlined />}
                  loading={reset.isPending}
                  onClick={() => reset.mutate(undefined)}
                  data-testid="order-start-standard"
                >
                  {t('orders.empty.standard')}
                </Button>
              </Flex>
            )}
          </Empty>
        ) : (
          <Row gutter={[16, 16]}>
            <Col xs={24} lg={12}>
              <Flex vertical gap={8}>
                <Typography.Title level={5} style={{ margin: 0 }}>
                  {t('orders.list.title', { count: draft.length })}
                </Typography.Title>
                <FieldList fields={draft} onEdit={(field) => setEditing({ field })} readOnly={!mayChange} />
              </Flex>
            </Col>
            <Col xs={24} lg={12}>
              <FormPreview fields={draft} />
            </Col>
          </Row>
        )}
      </Flex>
      {editing && (
        <FieldDialog
          field={editing.field}
          taken={draft.map((f) => f.name).filter((n) => n !== editing.field?.name)}
          onClose={() => setEditing(null)}
        />
      )}
    </Card>
  );
}
