import { useState } from 'react';
import { Alert, Button, Empty, Form, Modal, Select, Skeleton, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../shared/ui/toast.ts';
import { useForwardCase } from '../api/forward-case.ts';
import { useForwardTargets } from '../api/get-forward-targets.ts';

/** Forward a received case to a third party the lab has an open cooperation with (once; it cannot be undone). */
export function ForwardDialog({
  caseId,
  patient,
  onClose,
}: {
  caseId: string;
  patient: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const targets = useForwardTargets();
  const [custId, setCustId] = useState<string | undefined>();
  const forward = useForwardCase({
    onSuccess: (row) => {
      toast(t('cases.forward.done', { name: row.thirdPartyName ?? '' }), 'success');
      onClose();
    },
  });
  const options = (targets.data ?? []).map((c) => ({ value: c.custId, label: c.custName }));

  return (
    <Modal
      open
      title={t('cases.forward.title')}
      okText={t('cases.forward.submit')}
      cancelText={t('common.cancel')}
      okButtonProps={{ disabled: !custId, loading: forward.isPending, id: 'forward-ok' }}
      onOk={() => custId && forward.mutate({ id: caseId, custId })}
      onCancel={onClose}
      destroyOnHidden
    >
      {targets.isLoading ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : options.length === 0 ? (
        <Empty description={t('cases.forward.none')} data-testid="forward-none">
          <Button
            type="primary"
            onClick={() => {
              onClose();
              void navigate('/partner');
            }}
          >
            {t('cases.forward.openPartners')}
          </Button>
        </Empty>
      ) : (
        <>
          <Typography.Paragraph>{t('cases.forward.intro', { patient })}</Typography.Paragraph>
          <Alert type="warning" showIcon title={t('cases.forward.warning')} style={{ marginBottom: 16 }} />
          <Form layout="vertical">
            <Form.Item
              label={t('cases.forward.partner')}
              htmlFor="forward-partner"
              style={{ marginBottom: 0 }}
            >
              <Select<string>
                id="forward-partner"
                data-testid="forward-partner"
                value={custId}
                onChange={setCustId}
                options={options}
                placeholder={t('cases.forward.partnerPlaceholder')}
                showSearch={{ optionFilterProp: 'label' }}
                style={{ width: '100%' }}
              />
            </Form.Item>
          </Form>
        </>
      )}
    </Modal>
  );
}
