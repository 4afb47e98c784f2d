import { useState } from 'react';
import { Alert, Flex, Form, Modal, Select, Spin, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CustFindResult } from '@archway/contract';
import { toast } from '../../../shared/ui/toast.ts';
import { useDebouncedValue } from '../../../shared/ui/use-debounced-value.ts';
import { useApplyCooperation } from '../api/apply-cooperation.ts';
import { ORG_SEARCH_DEBOUNCE_MS, useOrganizationSearch } from '../api/find-organizations.ts';

/** Why an organization cannot be applied to, or null. */
const unavailable = (r: CustFindResult, custId: string) =>
  r.id === custId ? 'partners.coop.self' : r.status !== 0 ? 'partners.coop.notVerified' : null;

/** Apply for a third-party cooperation: find a verified organization by name, send the application. */
export function ApplyDialog({ custId, onClose }: { custId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [picked, setPicked] = useState<CustFindResult | null>(null);
  const key = useDebouncedValue(text.trim(), ORG_SEARCH_DEBOUNCE_MS);
  const found = useOrganizationSearch(key);
  const results = key === '' ? [] : (found.data ?? []);
  const shown = picked && !results.some((r) => r.id === picked.id) ? [picked, ...results] : results;
  const searching = text.trim() !== '' && (text.trim() !== key || found.isFetching);
  const apply = useApplyCooperation({
    onSuccess: (row) => {
      toast(t('partners.coop.done.applied', { name: row.custName }), 'success');
      onClose();
    },
  });

  return (
    <Modal
      open
      title={t('partners.coop.applyTitle')}
      okText={t('partners.coop.submit')}
      cancelText={t('common.cancel')}
      okButtonProps={{ disabled: !picked, loading: apply.isPending, id: 'coop-apply-ok' }}
      onOk={() => picked && apply.mutate(picked.id)}
      onCancel={onClose}
      destroyOnHidden
    >
      <Flex vertical gap={12}>
        <Alert type="info" showIcon title={t('partners.coop.applyIntro')} />
        <Form layout="vertical">
          <Form.Item label={t('partners.coop.organization')} htmlFor="coop-org" style={{ marginBottom: 0 }}>
            <Select<string>
              id="coop-org"
              data-testid="coop-org"
              value={picked?.id}
              allowClear
              placeholder={t('partners.coop.searchPlaceholder')}
              showSearch={{ filterOption: false, searchValue: text, onSearch: setText }}
              onChange={(id) => {
                setPicked(shown.find((r) => r.id === id) ?? null);
                setText('');
              }}
              options={shown.map((r) => ({
                value: r.id,
                label: r.name,
                disabled: unavailable(r, custId) !== null,
                result: r,
              }))}
              optionRender={(option) => {
                const r = (option.data as { result: CustFindResult }).result;
                const why = unavailable(r, custId);
                return (
                  <Flex align="center" gap={8} wrap style={{ minWidth: 0 }} data-testid="coop-org-option">
                    <Typography.Text strong ellipsis style={{ maxWidth: 220 }}>
                      {r.name}
                    </Typography.Text>
                    <Tag>{t(`partners.types.${r.custType}`)}</Tag>
                    {why && <Typography.Text type="secondary">{t(why)}</Typography.Text>}
                  </Flex>
                );
              }}
              notFoundContent={
                searching ? (
                  <Flex justify="center" style={{ padding: 8 }}>
                    <Spin size="small" />
                  </Flex>
                ) : (
                  <Typography.Text type="secondary">
                    {text.trim() === '' ? t('partners.coop.searchHint') : t('partners.noMatch')}
                  </Typography.Text>
                )
              }
              style={{ width: '100%' }}
            />
          </Form.Item>
        </Form>
      </Flex>
    </Modal>
  );
}
