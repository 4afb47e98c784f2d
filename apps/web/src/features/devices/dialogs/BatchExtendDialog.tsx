import { useState } from 'react';
import { Alert, Button, Form, Modal, Table, Tag } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ExpiryPreset } from '@archway/contract';
import { deviceKeys } from '../../../shared/devices/api.ts';
import { ApiError } from '../../../shared/request.ts';
import { toast } from '../../../shared/ui/toast.ts';
import { extendAuthorizations, type ItemResult } from '../api.ts';
import type { LentRow } from '../lent.ts';
import { PresetField } from './common.tsx';

interface Outcome {
  row: LentRow | undefined;
  result: ItemResult;
}

/** Bulk extension of several authorizations, with the outcome of each. */
export function BatchExtendDialog({ rows, onClose }: { rows: LentRow[]; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ expireTime: ExpiryPreset }>();
  const [outcomes, setOutcomes] = useState<Outcome[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const extend = useMutation({
    mutationFn: extendAuthorizations,
    onSuccess: async (answer) => {
      const failed = answer.results.filter((r) => r.code !== 0).length;
      toast(
        failed ? t('devices.batch.partly', { failed }) : t('devices.messages.extended'),
        failed ? 'warning' : 'success',
      );
      setOutcomes(
        answer.results.map((result) => ({ result, row: rows.find((r) => r.auth.id === result.item) })),
      );
      await queryClient.invalidateQueries({ queryKey: deviceKeys.all });
    },
    onError: (error) => {
      // Every one failed: the call is refused as a whole.
      const text =
        error instanceof ApiError ? t(error.i18nKey, { defaultValue: error.message }) : String(error);
      setFailure(text);
      toast(text);
    },
  });

  return (
    <Modal
      open
      title={t('devices.batch.title', { count: rows.length })}
      onCancel={onClose}
      width={720}
      destroyOnHidden
      footer={
        outcomes ? (
          <Button type="primary" onClick={onClose}>
            {t('common.close')}
          </Button>
        ) : (
          <>
            <Button onClick={onClose}>{t('common.cancel')}</Button>
            <Button
              type="primary"
              loading={extend.isPending}
              onClick={() => form.submit()}
              data-testid="batch-submit"
            >
              {t('devices.actions.extend')}
            </Button>
          </>
        )
      }
    >
      {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} />}
      {!outcomes && (
        <Form
          form={form}
          layout="vertical"
          onFinish={({ expireTime }) => {
            setFailure(null);
            extend.mutate({ ids: rows.map((r) => r.auth.id), expireTime });
          }}
        >
          <PresetField label={t('devices.batch.newExpiry')} />
        </Form>
      )}
      <Table<Outcome | LentRow>
        size="small"
        pagination={false}
        rowKey={(item) => ('result' in item ? item.result.item : item.auth.id)}
        dataSource={outcomes ?? rows}
        scroll={{ x: 'max-content', y: 320 }}
        data-testid="batch-results"
        columns={[
          {
            key: 'number',
            title: t('devices.columns.number'),
            render: (_, item) => ('result' in item ? item.row?.device.number : item.device.number) ?? '–',
          },
          {
            key: 'to',
            title: t('devices.lent.lentTo'),
            render: (_, item) => ('result' in item ? item.row?.auth.custName : item.auth.custName) ?? '–',
          },
          {
            key: 'result',
            title: t('devices.batch.result'),
            render: (_, item) =>
              !('result' in item) ? (
                <Tag>{t('devices.batch.pending')}</Tag>
              ) : item.result.code === 0 ? (
                <Tag color="green">{t('devices.batch.ok')}</Tag>
              ) : (
                <Tag color="red">
                  {item.result.key ? t(`errors.${item.result.key}`) : t('devices.batch.failed')}
                </Tag>
              ),
          },
        ]}
      />
    </Modal>
  );
}
