import { useState } from 'react';
import { App, Button, Empty, Flex, Segmented, Tag, Typography } from 'antd';
import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { CustStatus } from '@archway/contract';
import { DataTable } from '../../../shared/ui/DataTable.tsx';
import { SearchAndRefresh } from '../../../shared/ui/SearchAndRefresh.tsx';
import { toast } from '../../../shared/ui/toast.ts';
import { useDecideCertification } from '../api/decide-certification.ts';
import { useCertificationList, type CertificationRow } from '../api/get-certification.ts';
import { LicencePreview } from './LicencePreview.tsx';
import { RefuseDialog } from './RefuseDialog.tsx';

const STATUS_COLOR: Record<number, string> = { 0: 'success', 1: 'processing', 2: 'error' };

/**
 * Certification (administrators): organizations under review, oldest first, with their licence; verify, or refuse
 * with a reason (both mailed to the organization). The verified and refused ones can be looked up too.
 */
export function CertificationTab() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const [status, setStatus] = useState<number>(CustStatus.underReview);
  const [refusing, setRefusing] = useState<CertificationRow | null>(null);
  const list = useCertificationList(status, t);
  const decide = useDecideCertification();

  const verify = (row: CertificationRow) =>
    modal.confirm({
      title: t('certification.verifyTitle', { name: row.name }),
      content: t('certification.verifyContent'),
      okText: t('certification.verify'),
      cancelText: t('common.cancel'),
      onOk: () =>
        decide
          .mutateAsync({ id: row.id, status: 0 })
          .then(() => toast(t('certification.verified', { name: row.name }), 'success'))
          .catch(() => undefined),
    });

  return (
    <Flex vertical gap={16} data-testid="certification">
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t('certification.intro')}
      </Typography.Paragraph>
      <DataTable<CertificationRow>
        pageKey="manager.certification"
        rowKey="id"
        loading={list.query.isLoading}
        dataSource={list.records}
        pagination={list.pagination}
        data-testid="certification-table"
        toolbar={
          <>
            <Segmented<number>
              value={status}
              onChange={setStatus}
              options={[1, 0, 2].map((s) => ({ value: s, label: t(`certification.status.${s}`) }))}
              data-testid="certification-status"
            />
            <SearchAndRefresh
              keyword={list.keyword}
              onKeyword={list.setKeyword}
              placeholder={t('certification.search')}
              onRefresh={() => void list.query.refetch()}
              refreshing={list.query.isFetching}
            />
          </>
        }
        emptyText={
          <Empty
            description={t(
              list.keyword.trim() ? 'certification.emptySearch' : `certification.empty.${status}`,
            )}
          />
        }
        cardTitle={(r) => <Typography.Text strong>{r.name}</Typography.Text>}
        actions={
          status === CustStatus.underReview
            ? (r) => (
                <>
                  <Button
                    type="primary"
                    size="small"
                    icon={<CheckOutlined />}
                    disabled={!r.licence}
                    onClick={() => verify(r)}
                    data-testid={`verify-${r.id}`}
                  >
                    {t('certification.verify')}
                  </Button>
                  <Button
                    danger
                    size="small"
                    icon={<CloseOutlined />}
                    onClick={() => setRefusing(r)}
                    data-testid={`refuse-${r.id}`}
                  >
                    {t('certification.refuse')}
                  </Button>
                </>
              )
            : undefined
        }
        columns={[
          {
            key: 'name',
            title: t('organization.fields.name'),
            ellipsis: 200,
            render: (r) => <Typography.Text strong>{r.name}</Typography.Text>,
          },
          {
            key: 'type',
            title: t('organization.fields.type'),
            render: (r) => t(`organization.type.${r.custType}`),
          },
          {
            key: 'licence',
            title: t('organization.fields.licence'),
            render: (r) => <LicencePreview licence={r.licence} />,
          },
          { key: 'creditCode', title: t('organization.fields.creditCode'), ellipsis: 160 },
          { key: 'contact', title: t('organization.fields.contact'), ellipsis: 140 },
          { key: 'phone', title: t('organization.fields.phone'), ellipsis: 140 },
          { key: 'email', title: t('organization.fields.email'), ellipsis: 180, defaultHidden: true },
          { key: 'createdBy', title: t('certification.createdBy'), ellipsis: 140, defaultHidden: true },
          {
            key: 'registTime',
            title: t('organization.fields.registTime'),
            render: (r) => dayjs(r.registTime).format('L LT'),
          },
          {
            key: 'status',
            title: t('organization.fields.status'),
            render: (r) => (
              <Flex vertical gap={2}>
                <Tag color={STATUS_COLOR[r.status]} style={{ width: 'fit-content' }}>
                  {t(`organization.status.${r.status}`)}
                </Tag>
                {r.auditReason && <Typography.Text style={{ fontSize: 13 }}>{r.auditReason}</Typography.Text>}
              </Flex>
            ),
          },
        ]}
      />
      {refusing && <RefuseDialog row={refusing} onClose={() => setRefusing(null)} />}
    </Flex>
  );
}
