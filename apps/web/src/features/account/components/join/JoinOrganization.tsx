import { useState } from 'react';
import { Button, Card, Empty, Flex, Input, List, Spin, Tag, Typography } from 'antd';
import { ClockCircleOutlined, SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { orgTypeKey } from '../../../../shared/org-labels.ts';
import { toast } from '../../../../shared/ui/toast.ts';
import { useDebouncedValue } from '../../../../shared/ui/use-debounced-value.ts';
import { useFindOrganizations, type CustFindResult } from '../../api/join-find-organizations.ts';
import { useMyOrganizations } from '../../api/join-my-organizations.ts';
import { useRequestJoin } from '../../api/join-request.ts';

/**
 * For people without an organization: find one by name and ask to join it; an owner of that organization accepts.
 * Requests still waiting are listed on top.
 */
export function JoinOrganization() {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const key = useDebouncedValue(text.trim(), 300);
  const found = useFindOrganizations(key);
  const mine = useMyOrganizations();
  const join = useRequestJoin({
    onSuccess: (r) => toast(t('members.joinOrg.sent', { name: r.custName }), 'success'),
  });
  const pending = (mine.data ?? []).filter((o) => o.state === 'pending');

  const action = (c: CustFindResult) => {
    if (c.joinState === 'member') return <Tag color="success">{t('members.joinOrg.member')}</Tag>;
    if (c.joinState === 'pending')
      return (
        <Tag icon={<ClockCircleOutlined />} color="processing">
          {t('members.joinOrg.pending')}
        </Tag>
      );
    return (
      <Button
        size="small"
        type="primary"
        loading={join.isPending && join.variables === c.id}
        onClick={() => join.mutate(c.id)}
        data-testid={`join-ask-${c.id}`}
      >
        {t('members.joinOrg.ask')}
      </Button>
    );
  };

  return (
    <Card title={t('members.joinOrg.title')} data-testid="join-organization">
      <Flex vertical gap={12}>
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          {t('members.joinOrg.intro')}
        </Typography.Paragraph>
        {pending.length > 0 && (
          <List
            size="small"
            bordered
            header={<Typography.Text strong>{t('members.joinOrg.waiting')}</Typography.Text>}
            dataSource={pending}
            renderItem={(o) => (
              <List.Item>
                <Flex justify="space-between" align="center" gap={8} wrap style={{ width: '100%' }}>
                  <Typography.Text style={{ overflowWrap: 'anywhere' }}>{o.custName}</Typography.Text>
                  <Tag icon={<ClockCircleOutlined />} color="processing">
                    {t('members.joinOrg.pending')}
                  </Tag>
                </Flex>
              </List.Item>
            )}
            data-testid="join-pending"
          />
        )}
        <Input
          allowClear
          prefix={<SearchOutlined />}
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder={t('members.joinOrg.searchPlaceholder')}
          maxLength={100}
          data-testid="join-search"
        />
        {key ? (
          <Spin spinning={found.isFetching}>
            <List
              dataSource={found.data ?? []}
              locale={{ emptyText: <Empty description={t('members.joinOrg.none')} /> }}
              renderItem={(c) => (
                <List.Item>
                  <Flex justify="space-between" align="center" gap={8} wrap style={{ width: '100%' }}>
                    <Flex vertical style={{ minWidth: 0 }}>
                      <Typography.Text strong style={{ overflowWrap: 'anywhere' }}>
                        {c.name}
                      </Typography.Text>
                      <Typography.Text type="secondary">
                        {[t(orgTypeKey(c.custType)), c.city, c.country].filter(Boolean).join(' · ')}
                      </Typography.Text>
                    </Flex>
                    {action(c)}
                  </Flex>
                </List.Item>
              )}
              data-testid="join-results"
            />
          </Spin>
        ) : (
          <Typography.Text type="secondary">{t('members.joinOrg.hint')}</Typography.Text>
        )}
      </Flex>
    </Card>
  );
}
