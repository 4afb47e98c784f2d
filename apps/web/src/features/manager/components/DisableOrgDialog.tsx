import { Alert, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../shared/ui/toast.ts';
import { useSetConsoleOrgDisabled } from '../api/console-org-disable.ts';

/**
 * Disabling an organization asks for confirmation and a reason (kept in the audit log): its members stop working for
 * it and it leaves every search, but nothing is deleted.
 */
export function DisableOrgDialog({
  row,
  onClose,
}: {
  row: { id: string; name: string };
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ reason: string }>();
  const disable = useSetConsoleOrgDisabled({
    onSuccess: () => {
      toast(t('console.orgs.disabled', { name: row.name }), 'success');
      onClose();
    },
  });
  return (
    <Modal
      open
      title={t('console.orgs.disableTitle', { name: row.name })}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('console.orgs.disable')}
      okButtonProps={{ danger: true, loading: disable.isPending, 'data-testid': 'console-org-disable-ok' }}
      cancelText={t('common.cancel')}
      destroyOnHidden
      data-testid="console-org-disable-dialog"
    >
      <Alert type="warning" showIcon title={t('console.orgs.disableText')} style={{ marginBottom: 16 }} />
      <Form
        form={form}
        layout="vertical"
        onFinish={({ reason }) => disable.mutate({ id: row.id, disabled: true, reason: reason.trim() })}
      >
        <Form.Item
          name="reason"
          label={t('console.orgs.reason')}
          rules={[{ required: true, whitespace: true, message: t('console.orgs.reasonRequired') }]}
        >
          <Input.TextArea
            rows={3}
            maxLength={500}
            showCount
            placeholder={t('console.orgs.reasonPlaceholder')}
            data-testid="console-org-disable-reason"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
