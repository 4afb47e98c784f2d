import { Form, Input, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../shared/ui/toast.ts';
import { useDecideCertification } from '../api/decide-certification.ts';
import type { CertificationRow } from '../api/get-certification.ts';

/** Refusing a certification: the reason is required; it is mailed to the organization. */
export function RefuseDialog({ row, onClose }: { row: CertificationRow; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ reason: string }>();
  const decide = useDecideCertification({
    onSuccess: () => {
      toast(t('certification.refused', { name: row.name }), 'success');
      onClose();
    },
  });
  const send = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return; // the form shows what is missing
    decide.mutate({ id: row.id, status: 2, reason: values.reason.trim() });
  };
  return (
    <Modal
      open
      title={t('certification.refuseTitle', { name: row.name })}
      okText={t('certification.refuse')}
      okButtonProps={{ danger: true }}
      cancelText={t('common.cancel')}
      confirmLoading={decide.isPending}
      onOk={() => void send()}
      onCancel={onClose}
      destroyOnHidden
      data-testid="refuse-dialog"
    >
      <Typography.Paragraph type="secondary">{t('certification.refuseIntro')}</Typography.Paragraph>
      <Form form={form} layout="vertical">
        <Form.Item
          name="reason"
          label={t('certification.reason')}
          rules={[{ required: true, whitespace: true, message: t('certification.reasonRequired') }]}
        >
          <Input.TextArea
            maxLength={500}
            showCount
            autoSize={{ minRows: 3, maxRows: 6 }}
            data-testid="refuse-reason"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
