import { Alert, Divider, Flex, Skeleton, Tag, Typography, theme } from 'antd';
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

/** Which of a lab's fields a part of the import shows: its mandatory ones (shown first, marked) or the others. */
export type FormPart = 'required' | 'optional';

/** A field belongs to the required part when the lab made it mandatory. */
export const inPart = (field: Pick<OrderField, 'mandatory'>, part: FormPart): boolean =>
  part === 'required' ? field.mandatory : !field.mandatory;

/**
 * The order forms of the labs the case goes to, filled in the web import (product §5: each mandatory field with its
 * "Please enter …" prompt). The import shows each lab's mandatory fields first, in a marked box ("Required by <lab>",
 * `part` required), and its other fields with the optional details (`part` optional). A file field chooses one of
 * the files being imported.
 */
export function OrderFormFields({
  forms,
  loading,
  failed,
  fileNames,
  part,
}: {
  forms: readonly ReceiverForm[] | undefined;
  loading: boolean;
  failed: boolean;
  fileNames: readonly string[];
  part: FormPart;
}) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const required = part === 'required';
  if (loading) return required ? <Skeleton active paragraph={{ rows: 2 }} /> : null;
  if (failed) return required ? <Alert type="warning" showIcon title={t('orders.fill.failed')} /> : null;
  if (!forms?.length) return null;
  const sections = formSections(forms)
    .map(({ form, fields }) => ({ form, fields: fields.filter((f) => inPart(f, part)) }))
    .filter(({ fields }) => fields.length > 0);
  if (!sections.length) return null;
  return (
    <Flex
      vertical
      gap={required ? 12 : 0}
      data-testid={required ? 'import-order-forms' : 'import-order-more'}
    >
      {sections.map(({ form, fields }) =>
        required ? (
          <section
            key={form.custId}
            data-testid={`import-order-form-${form.custId}`}
            aria-label={t('cases.import.requiredBy', { name: form.custName })}
            style={{
              border: `1px solid ${token.colorBorderSecondary}`,
              borderInlineStart: `3px solid ${token.colorPrimary}`,
              background: token.colorFillAlter,
              borderRadius: token.borderRadiusLG,
              padding: '10px 12px 0',
            }}
          >
            <Flex gap={8} align="center" wrap style={{ marginBottom: 8 }}>
              <Typography.Text strong>
                {t('cases.import.requiredBy', { name: form.custName })}
              </Typography.Text>
              <Tag>{t('orders.fill.version', { version: form.version })}</Tag>
            </Flex>
            <OrderFieldInputs fields={fields} path={[ORDER_FIELDS]} fileNames={fileNames} />
          </section>
        ) : (
          <div key={form.custId} data-testid={`import-order-more-${form.custId}`}>
            <Divider style={{ marginBlock: 12 }} />
            <Flex gap={8} align="center" wrap style={{ marginBottom: 8 }}>
              <Typography.Text strong>{t('orders.fill.title', { name: form.custName })}</Typography.Text>
              <Tag>{t('orders.fill.version', { version: form.version })}</Tag>
            </Flex>
            <OrderFieldInputs fields={fields} path={[ORDER_FIELDS]} fileNames={fileNames} />
          </div>
        ),
      )}
    </Flex>
  );
}
