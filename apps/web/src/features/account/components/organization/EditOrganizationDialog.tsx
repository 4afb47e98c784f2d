import { Form, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import type { OrgDetail } from '@archway/contract';
import { toast } from '../../../../shared/ui/toast.ts';
import { useViewportMode } from '../../../../shared/ui/use-viewport.ts';
import { useUpdateOrganization } from '../../api/org-update.ts';
import { ORG_FORM_FIELDS, OrganizationForm, orgBody, type OrgFormValues } from './OrganizationForm.tsx';
import { showOrgRefusal } from './refusal.ts';

/** The owner edits the organization's fields (after a failed audit, saving puts it back under review). */
export function EditOrganizationDialog({ org, onClose }: { org: OrgDetail; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<OrgFormValues>();
  const isPhone = useViewportMode() === 'mobile';
  const update = useUpdateOrganization({
    onSuccess: () => {
      toast(t('organization.edit.done'), 'success');
      onClose();
    },
  });
  const initial: Partial<OrgFormValues> = {
    name: org.name,
    custType: org.custType,
    contact: org.contact ?? '',
    phone: org.phone ?? '',
    creditCode: org.creditCode ?? '',
    email: org.email ?? '',
    country: org.country ?? '',
    region: org.region ?? '',
    city: org.city ?? '',
    street: org.street ?? '',
    address: org.address ?? '',
    memo: org.memo ?? '',
  };
  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return; // the form shows what is missing
    update.mutate(orgBody(values, 'edit'), {
      onError: (err) => showOrgRefusal(err, t, form, ORG_FORM_FIELDS),
    });
  };
  return (
    <Modal
      open
      title={t('organization.edit.title')}
      okText={t('organization.edit.save')}
      cancelText={t('common.cancel')}
      confirmLoading={update.isPending}
      onOk={() => void submit()}
      onCancel={onClose}
      width={isPhone ? '100%' : 760}
      destroyOnHidden
      data-testid="org-edit-dialog"
    >
      <OrganizationForm form={form} mode="edit" initialValues={initial} />
    </Modal>
  );
}
