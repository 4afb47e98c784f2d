import { Alert, Button, Form, Modal, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ExpiryPreset } from '@archway/contract';
import { useExtendAuthorizations } from '../../api/extend-authorizations.ts';
import type { ItemResult } from '../../utils/outcomes.ts';
import type { LentRow } from '../../utils/lent.ts';
import { OutcomeTag, PresetField, useBatchOutcome } from './common.tsx';

interface Outcome {
  row: LentRow | undefined;
  result: ItemResult;
}

/**
 * Bulk extension of several authorizations, with the outcome of each (also when all of them
 * failed: the refusal says why for each).
 */
export function BatchExtendDialog({ rows, onClose }: { rows: LentRow[]; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ expireTime: ExpiryPreset }>();
  const { outcome, config } = useBatchOutcome({
    done: 'devices.messages.extended',
    partly: 'devices.batch.partly',
  });
  const extend = useExtendAuthorizations(config);
  const outcomes: Outcome[] | null =
    outcome?.results?.map((result) => ({ result, row: rows.find((r) => r.auth.id === result.item) })) ?? null;

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
      {outcome?.failure && (
        <Alert type="error" showIcon title={outcome.failure} style={{ marginBottom: 16 }} />
      )}
      {!outcomes && (
        <Form
          form={form}
          layout="vertical"
          onFinish={({ expireTime }) => extend.mutate({ ids: rows.map((r) => r.auth.id), expireTime })}
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
              'result' in item ? (
                <OutcomeTag result={item.result} okKey="devices.batch.ok" />
              ) : (
                <Tag>{t('devices.batch.pending')}</Tag>
              ),
          },
        ]}
      />
    </Modal>
  );
}
