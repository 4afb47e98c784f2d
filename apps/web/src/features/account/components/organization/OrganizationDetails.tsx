import { useState } from 'react';
import { Alert, App, Button, Card, Descriptions, Flex, Tag, Typography } from 'antd';
import { DeleteOutlined, EditOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { CustStatus, type OrgDetail } from '@archway/contract';
import { toast } from '../../../../shared/ui/toast.ts';
import { useDeleteOrganization } from '../../api/org-delete.ts';
import { useProtectedFile } from '../../../../shared/api/protected-file.ts';
import { EditOrganizationDialog } from './EditOrganizationDialog.tsx';
import { ResubmitDialog } from './ResubmitDialog.tsx';

const STATUS_COLOR: Record<number, string> = {
  [CustStatus.authorized]: 'success',
  [CustStatus.underReview]: 'processing',
  [CustStatus.auditFailed]: 'error',
};

/** The certification status as a coloured tag: verified, under review, audit failed. */
export function OrgStatusTag({ status }: { status: number }) {
  const { t } = useTranslation();
  return (
    <Tag color={STATUS_COLOR[status] ?? 'default'} data-testid="org-status">
      {t(`organization.status.${status}`)}
    </Tag>
  );
}

/** The licence's name, a link opening the file once it has been read with the token. */
function LicenceLink({ licence }: { licence: OrgDetail['licence'] }) {
  const { t } = useTranslation();
  const { src } = useProtectedFile(licence?.url);
  if (!licence) return <>{t('organization.licence.none')}</>;
  if (!src) return <>{licence.name}</>;
  return (
    <Typography.Link href={src} target="_blank" rel="noopener" data-testid="org-licence-link">
      {licence.name}
    </Typography.Link>
  );
}

/** The organization: its details and certification; edit, resubmit and delete as the server's `actions` allow. */
export function OrganizationDetails({ org }: { org: OrgDetail }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const [dialog, setDialog] = useState<'edit' | 'resubmit' | null>(null);
  const remove = useDeleteOrganization({
    onSuccess: () => toast(t('organization.delete.done', { name: org.name }), 'success'),
  });
  const can = (a: OrgDetail['actions'][number]) => org.actions.includes(a);
  const dash = (v: string | null) => v || '–';

  const confirmDelete = () =>
    modal.confirm({
      title: t('organization.delete.title', { name: org.name }),
      content: t('organization.delete.content'),
      okText: t('organization.delete.ok'),
      okButtonProps: { danger: true, id: 'org-delete-ok' },
      cancelText: t('common.cancel'),
      onOk: () => remove.mutateAsync(org.id).catch(() => undefined),
    });

  return (
    <Card
      data-testid="org-details"
      title={
        <Flex gap={8} align="center" wrap>
          <Typography.Text strong ellipsis style={{ maxWidth: '100%' }}>
            {org.name}
          </Typography.Text>
          <OrgStatusTag status={org.status} />
        </Flex>
      }
    >
      <Flex vertical gap={16}>
        {org.status === CustStatus.underReview && (
          <Alert type="info" showIcon message={t('organization.review.pending')} />
        )}
        {org.status === CustStatus.auditFailed && (
          <Alert
            type="error"
            showIcon
            message={t('organization.review.failed')}
            description={
              <span data-testid="org-audit-reason">
                {t('organization.review.reason', { reason: org.auditReason ?? '–' })}
              </span>
            }
          />
        )}
        <Descriptions
          column={{ xs: 1, sm: 1, md: 2, lg: 2, xl: 3, xxl: 3 }}
          size="small"
          bordered
          items={[
            {
              key: 'type',
              label: t('organization.fields.type'),
              children: t(`organization.type.${org.custType}`),
            },
            {
              key: 'registTime',
              label: t('organization.fields.registTime'),
              children: dayjs(org.registTime).format('L'),
            },
            {
              key: 'role',
              label: t('organization.fields.role'),
              children: t(`organization.role.${org.role}`),
            },
            { key: 'contact', label: t('organization.fields.contact'), children: dash(org.contact) },
            { key: 'phone', label: t('organization.fields.phone'), children: dash(org.phone) },
            { key: 'email', label: t('organization.fields.email'), children: dash(org.email) },
            { key: 'creditCode', label: t('organization.fields.creditCode'), children: dash(org.creditCode) },
            {
              key: 'place',
              label: t('organization.fields.place'),
              children: dash([org.street, org.city, org.region, org.country].filter(Boolean).join(', ')),
            },
            { key: 'address', label: t('organization.fields.address'), children: dash(org.address) },
            {
              key: 'licence',
              label: t('organization.fields.licence'),
              children: <LicenceLink licence={org.licence} />,
            },
            { key: 'memo', label: t('organization.fields.memo'), children: dash(org.memo), span: 'filled' },
          ]}
        />
        {org.actions.length > 0 && (
          <Flex wrap gap={8} justify="flex-end">
            {can('resubmit') && (
              <Button
                // The next step after a failed audit; otherwise there for a new licence (the dialog says it goes
                // back under review), so not the page's main button.
                type={org.status === CustStatus.auditFailed ? 'primary' : 'default'}
                icon={<SafetyCertificateOutlined />}
                onClick={() => setDialog('resubmit')}
                data-testid="org-resubmit"
              >
                {t('organization.resubmit.open')}
              </Button>
            )}
            {can('edit') && (
              <Button icon={<EditOutlined />} onClick={() => setDialog('edit')} data-testid="org-edit">
                {t('organization.edit.open')}
              </Button>
            )}
            {can('delete') && (
              <Button danger icon={<DeleteOutlined />} onClick={confirmDelete} data-testid="org-delete">
                {t('organization.delete.open')}
              </Button>
            )}
          </Flex>
        )}
        {org.role === 'member' && (
          <Typography.Text type="secondary">{t('organization.memberHint')}</Typography.Text>
        )}
      </Flex>
      {dialog === 'edit' && <EditOrganizationDialog org={org} onClose={() => setDialog(null)} />}
      {dialog === 'resubmit' && <ResubmitDialog org={org} onClose={() => setDialog(null)} />}
    </Card>
  );
}
