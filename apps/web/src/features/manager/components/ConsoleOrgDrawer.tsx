import type { ReactNode } from 'react';
import {
  Alert,
  Descriptions,
  Drawer,
  Empty,
  Flex,
  List,
  Result,
  Skeleton,
  Statistic,
  Tag,
  Typography,
} from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useViewportMode } from '../../../shared/ui/use-viewport.ts';
import { useConsoleOrg, type ConsoleOrgDetail } from '../api/console-org-detail.ts';
import { LicencePreview } from './LicencePreview.tsx';
import { CERTIFICATION_COLOR, StateTag } from './ConsoleTags.tsx';

const SCREENS = ['order', 'compare', 'builder'] as const;
const dash = (v: string | null | undefined) => v || '–';

/** One organization in the console: its fields, counts, certification and licence, optional screens, members. */
export function ConsoleOrgDrawer({
  id,
  onClose,
  stateButton,
}: {
  id: string | null;
  onClose: () => void;
  stateButton: (row: Pick<ConsoleOrgDetail, 'id' | 'name' | 'disabled'>) => ReactNode;
}) {
  const { t } = useTranslation();
  const mode = useViewportMode();
  const org = useConsoleOrg(id);
  const d = org.data;
  return (
    <Drawer
      open={Boolean(id)}
      onClose={onClose}
      title={d?.name ?? t('console.orgs.detailTitle')}
      size={mode === 'mobile' ? '100%' : 640}
      destroyOnHidden
      extra={d ? stateButton(d) : undefined}
      data-testid="console-org-drawer"
    >
      {org.isError ? (
        <Result status="warning" title={t('console.loadFailed')} />
      ) : !d ? (
        <Skeleton active />
      ) : (
        <Flex vertical gap={20}>
          {d.disabled && (
            <Alert
              type="error"
              showIcon
              title={t('console.orgs.disabledSince', { time: dayjs(d.disabledAt).format('L LT') })}
              description={
                d.disabledReason ? t('console.orgs.disabledReason', { reason: d.disabledReason }) : undefined
              }
              data-testid="console-org-disabled-alert"
            />
          )}
          <Flex gap={16} wrap>
            <Statistic title={t('console.orgs.members')} value={d.members} />
            <Statistic title={t('console.orgs.devices')} value={d.devices} />
            <Statistic title={t('console.orgs.cases')} value={d.cases} />
          </Flex>
          <Descriptions
            size="small"
            bordered
            column={1}
            styles={{ label: { width: mode === 'mobile' ? 120 : 180 } }}
            items={[
              {
                key: 'type',
                label: t('organization.fields.type'),
                children: t(`organization.type.${d.custType}`),
              },
              {
                key: 'status',
                label: t('console.orgs.certification'),
                children: (
                  <Flex vertical gap={4}>
                    <Tag color={CERTIFICATION_COLOR[d.status]} style={{ width: 'fit-content' }}>
                      {t(`organization.status.${d.status}`)}
                    </Tag>
                    {d.auditReason && <Typography.Text type="secondary">{d.auditReason}</Typography.Text>}
                  </Flex>
                ),
              },
              {
                key: 'state',
                label: t('console.orgs.stateFilter'),
                children: <StateTag kind="orgs" disabled={d.disabled} />,
              },
              { key: 'contact', label: t('organization.fields.contact'), children: dash(d.contact) },
              { key: 'phone', label: t('organization.fields.phone'), children: dash(d.phone) },
              { key: 'email', label: t('organization.fields.email'), children: dash(d.email) },
              { key: 'creditCode', label: t('organization.fields.creditCode'), children: dash(d.creditCode) },
              {
                key: 'place',
                label: t('organization.fields.place'),
                children: dash([d.street, d.address, d.city, d.region, d.country].filter(Boolean).join(', ')),
              },
              {
                key: 'registTime',
                label: t('organization.fields.registTime'),
                children: dayjs(d.registTime).format('L LT'),
              },
              { key: 'timeZone', label: t('console.orgs.timeZone'), children: d.timeZone },
              { key: 'memo', label: t('organization.fields.memo'), children: dash(d.memo) },
              {
                key: 'pages',
                label: t('console.orgs.pages'),
                children: (
                  <Flex gap={4} wrap>
                    {SCREENS.map((s) => (
                      <Tag key={s} color={d.pages[s] ? 'blue' : 'default'}>
                        {t(`pageFlags.${s}`)}: {t(d.pages[s] ? 'console.on' : 'console.off')}
                      </Tag>
                    ))}
                  </Flex>
                ),
              },
              {
                key: 'licence',
                label: t('organization.fields.licence'),
                children: <LicencePreview licence={d.licence} />,
              },
            ]}
            data-testid="console-org-fields"
          />
          <div>
            <Typography.Title level={5}>{t('console.orgs.memberList')}</Typography.Title>
            {d.memberList.length === 0 ? (
              <Empty description={t('console.orgs.noMembers')} image={Empty.PRESENTED_IMAGE_SIMPLE} />
            ) : (
              <List
                size="small"
                bordered
                dataSource={d.memberList}
                data-testid="console-org-members"
                renderItem={(m) => (
                  <List.Item key={m.userId}>
                    <Flex vertical gap={2} style={{ minWidth: 0, flex: 1 }}>
                      <Flex gap={6} wrap align="center">
                        <Typography.Text strong>{m.username}</Typography.Text>
                        <Tag color={m.role === 'owner' ? 'gold' : 'default'}>
                          {t(`console.roles.${m.role}`)}
                        </Tag>
                        {m.disabled && <Tag color="error">{t('console.users.state.disabled')}</Tag>}
                      </Flex>
                      <Typography.Text type="secondary" ellipsis style={{ maxWidth: '100%' }}>
                        {m.email ?? '–'} · {t('console.orgs.joined', { time: dayjs(m.joinedAt).format('L') })}
                      </Typography.Text>
                    </Flex>
                  </List.Item>
                )}
              />
            )}
          </div>
        </Flex>
      )}
    </Drawer>
  );
}
