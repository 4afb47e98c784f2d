import { Alert, Divider, Flex, Skeleton, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { OrderField, ReceiverForm } from '@archway/contract';
import { OrderFieldInputs } from '../../../shared/order-form/OrderFieldInputs.tsx';
import { fieldKey } from '../../../shared/order-form/values.ts';

/** Where the import form keeps the order-form values (by field name). */
export const ORDER_FIELDS = 'orderFields';

/**
 * Each lab's fields once: a field whose name (letter case ignored) an earlier lab's form already asks for is filled
 * once for all of them, as the server reads one value per name.
 */
export function formSections(forms: readonly ReceiverForm[]): { form: ReceiverForm; fields: OrderField[] }[] {
  const seen = new Set<string>();
  return forms.map((form) => ({
    form,
    fields: form.fields.filter((f) => {
      const key = fieldKey(f.name);
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    }),
  }));
}

/**
 * The order forms of the labs the case goes to, filled in the web import (product §5: each mandatory field with its
 * "Please enter …" prompt). A file field chooses one of the files being imported.
 */
export function OrderFormFields({
  forms,
  loading,
  failed,
  fileNames,
}: {
  forms: readonly ReceiverForm[] | undefined;
  loading: boolean;
  failed: boolean;
  fileNames: readonly string[];
}) {
  const { t } = useTranslation();
  if (loading) return <Skeleton active paragraph={{ rows: 2 }} />;
  if (failed) return <Alert type="warning" showIcon title={t('orders.fill.failed')} />;
  if (!forms?.length) return null;
  return (
    <Flex vertical data-testid="import-order-forms">
      {formSections(forms).map(({ form, fields }) => (
        <div key={form.custId} data-testid={`import-order-form-${form.custId}`}>
          <Divider style={{ marginBlock: 12 }} />
          <Flex gap={8} align="center" wrap style={{ marginBottom: 8 }}>
            <Typography.Text strong>{t('orders.fill.title', { name: form.custName })}</Typography.Text>
            <Tag>{t('orders.fill.version', { version: form.version })}</Tag>
          </Flex>
          {fields.length ? (
            <OrderFieldInputs fields={fields} path={[ORDER_FIELDS]} fileNames={fileNames} />
          ) : (
            <Typography.Text type="secondary">{t('orders.fill.sameFields')}</Typography.Text>
          )}
        </div>
      ))}
    </Flex>
  );
}
