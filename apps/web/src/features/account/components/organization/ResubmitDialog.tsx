import { Form, Input, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Attachment, OrgDetail } from '@archway/contract';
import { toast } from '../../../../shared/ui/toast.ts';
import { useSubmitCredit } from '../../api/org-credit.ts';
import { LicenceUpload } from './LicenceUpload.tsx';
import { showOrgRefusal } from './refusal.ts';

interface Values {
  creditCode: string;
  licence: Attachment | null;
}

/** Sends the unified credit code and a business licence again after a failed audit: back under review. */
export function ResubmitDialog({ org, onClose }: { org: OrgDetail; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const submit = useSubmitCredit({
    onSuccess: () => {
      toast(t('organization.resubmit.done'), 'success');
      onClose();
    },
  });
  const send = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return; // the form shows what is missing
    submit.mutate(
      { creditCode: values.creditCode.trim(), licenseFile: values.licence!.id },
      { onError: (err) => showOrgRefusal(err, t, form, ['creditCode', 'licenseFile']) },
    );
  };
  return (
    <Modal
      open
      title={t('organization.resubmit.title')}
      okText={t('organization.resubmit.submit')}
      cancelText={t('common.cancel')}
      confirmLoading={submit.isPending}
      onOk={() => void send()}
      onCancel={onClose}
      destroyOnHidden
      data-testid="org-resubmit-dialog"
    >
      <Typography.Paragraph type="secondary">{t('organization.resubmit.intro')}</Typography.Paragraph>
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{ creditCode: org.creditCode ?? '', licence: null }}
      >
        <Form.Item
          name="creditCode"
          label={t('organization.fields.creditCode')}
          rules={[{ required: true, whitespace: true, message: t('organization.rules.creditCode') }]}
        >
          <Input maxLength={64} allowClear />
        </Form.Item>
        <Form.Item
          name="licence"
          label={t('organization.fields.licence')}
          rules={[{ required: true, message: t('organization.rules.licence') }]}
        >
          <LicenceUpload />
        </Form.Item>
      </Form>
    </Modal>
  );
}
