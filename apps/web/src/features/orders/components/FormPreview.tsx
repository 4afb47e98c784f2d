import { Card, Empty, Flex, Form, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { OrderField } from '@archway/contract';
import { OrderFieldInputs } from '../../../shared/order-form/OrderFieldInputs.tsx';

/** Example files for a file field in the preview (a clinic chooses among the files it sends). */
const SAMPLE_FILES = ['upper.ply', 'lower.ply'];

/**
 * The draft as a clinic sees it when it sends a case: the same inputs, prompts and required marks as the web
 * import. It can be tried (the check button shows the prompts) but sends nothing.
 */
export function FormPreview({ fields }: { fields: readonly OrderField[] }) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  return (
    <Card size="small" title={t('orders.preview.title')} data-testid="order-preview">
      <Flex gap={8} wrap justify="space-between" align="baseline" style={{ marginBottom: 12 }}>
        <Typography.Text type="secondary">{t('orders.preview.intro')}</Typography.Text>
        {fields.length > 0 && (
          <Typography.Link
            onClick={() => void form.validateFields().catch(() => null)}
            data-testid="order-preview-check"
          >
            {t('orders.preview.check')}
          </Typography.Link>
        )}
      </Flex>
      {fields.length === 0 ? (
        <Empty description={t('orders.preview.empty')} />
      ) : (
        <Form form={form} layout="vertical" name="orderPreview">
          <OrderFieldInputs fields={fields} path={[]} fileNames={SAMPLE_FILES} />
        </Form>
      )}
    </Card>
  );
}
