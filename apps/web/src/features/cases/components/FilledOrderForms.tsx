import { Descriptions, Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FilledOrderForm } from '@archway/contract';
import { displayOrderValue } from '../../../shared/order-form/values.ts';

/**
 * The order form each receiving lab's copy was sent with and what was filled (a section per form: the lab, the
 * form's version, every field and its value; a switch as yes/no, a checkbox as a comma list). In the detail dialog
 * (`variant` "detail") or on the printed case sheet ("sheet").
 */
export function FilledOrderForms({
  forms,
  variant = 'detail',
}: {
  forms: readonly FilledOrderForm[] | undefined;
  variant?: 'detail' | 'sheet';
}) {
  const { t } = useTranslation();
  if (!forms?.length) return null;
  const words = { yes: t('orders.filled.yes'), no: t('orders.filled.no'), none: '–' };
  const rows = (form: FilledOrderForm) =>
    form.fields.map((field) => ({
      key: field.name,
      label: field.name,
      value: displayOrderValue(field, form.values[field.name], words),
    }));

  if (variant === 'sheet')
    return (
      <>
        {forms.map((form) => (
          <section key={form.custId} className="case-sheet-order-form" data-testid="sheet-order-form">
            <h3>
              {t('orders.filled.title', { name: form.custName })} ·{' '}
              {t('orders.fill.version', { version: form.version })}
            </h3>
            <dl>
              {rows(form).map((row) => (
                <div key={row.key} className="case-sheet-line">
                  <dt>{row.label}</dt>
                  <dd>{row.value}</dd>
                </div>
              ))}
            </dl>
          </section>
        ))}
      </>
    );

  return (
    <Flex vertical gap={12} style={{ marginTop: 16 }} data-testid="detail-order-forms">
      {forms.map((form) => (
        <Descriptions
          key={form.custId}
          bordered
          size="small"
          column={1}
          styles={{ label: { width: '38%' } }}
          data-testid={`detail-order-form-${form.custId}`}
          title={
            <Flex gap={8} align="center" wrap>
              <Typography.Text strong>{t('orders.filled.title', { name: form.custName })}</Typography.Text>
              <Tag>{t('orders.fill.version', { version: form.version })}</Tag>
            </Flex>
          }
          items={rows(form).map((row) => ({
            key: row.key,
            label: row.label,
            children: <span style={{ overflowWrap: 'anywhere' }}>{row.value}</span>,
          }))}
        />
      ))}
    </Flex>
  );
}
