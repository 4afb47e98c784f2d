import { Button, Card, Flex, Form, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../../shared/ui/toast.ts';
import { useCreateOrganization } from '../../api/org-create.ts';
import { ORG_FORM_FIELDS, OrganizationForm, orgBody, type OrgFormValues } from './OrganizationForm.tsx';
import { showOrgRefusal } from './refusal.ts';

/** Creating an organization: every field and the licence; it starts under review, the creator its owner. */
export function CreateOrganization() {
  const { t } = useTranslation();
  const [form] = Form.useForm<OrgFormValues>();
  const create = useCreateOrganization({
    onSuccess: (org) => toast(t('organization.create.done', { name: org.name }), 'success'),
  });
  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return; // the form shows what is missing
    create.mutate(
      {
        ...orgBody(values, 'create'),
        custType: values.custType as 2 | 3 | 4,
        licenseFile: values.licence?.id,
      },
      { onError: (err) => showOrgRefusal(err, t, form, ORG_FORM_FIELDS) },
    );
  };
  return (
    <Card data-testid="org-create">
      <Flex vertical gap={8}>
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          {t('organization.create.intro')}
        </Typography.Paragraph>
        <OrganizationForm form={form} mode="create" />
        <Flex justify="flex-end">
          <Button
            type="primary"
            loading={create.isPending}
            onClick={() => void submit()}
            data-testid="org-create-submit"
          >
            {t('organization.create.submit')}
          </Button>
        </Flex>
      </Flex>
    </Card>
  );
}
