import { Button, Dropdown, Empty, Flex, Input, Table, Tag, Tooltip, Typography } from 'antd';
import {
  ApartmentOutlined,
  DeleteOutlined,
  EditOutlined,
  EyeOutlined,
  KeyOutlined,
  MoreOutlined,
  ReloadOutlined,
  SafetyCertificateOutlined,
  SwapOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeviceAction, DeviceRow } from '@archway/contract';
import { getDevices, getDevicesQueryKey } from '../api/get-devices.ts';
import { usePagedQuery } from '../../../shared/ui/paged-table.ts';
import { Ellipsis, ExpiryCell, RoleTag } from './cells.tsx';
import { activeAuthorizations } from '../utils/expiry.ts';
import { isDangerous, splitActions } from '../utils/actions.ts';

export const ACTION_ICONS: Record<DeviceAction, ComponentType> = {
  receivers: ApartmentOutlined,
  authorize: KeyOutlined,
  authorizations: SafetyCertificateOutlined,
  users: TeamOutlined,
  detail: EyeOutlined,
  edit: EditOutlined,
  transfer: SwapOutlined,
  unbind: DeleteOutlined,
};

/** "All devices": POST /api2/device/scan/auths, paged and searchable, with the actions the server lists on each row. */
export function DeviceTable({ onAction }: { onAction: (action: DeviceAction, device: DeviceRow) => void }) {
  const { t } = useTranslation();
  const list = usePagedQuery(getDevicesQueryKey('auths'), (params) => getDevices('auths', params), t);

  const actionButtons = (device: DeviceRow) => {
    const { inline, more } = splitActions(device.actions);
    const Icon = (action: DeviceAction) => {
      const Component = ACTION_ICONS[action];
      return <Component />;
    };
    return (
      <Flex gap={4} align="center">
        {inline.map((action) => (
          <Button
            key={action}
            type="link"
            size="small"
            danger={isDangerous(action)}
            icon={Icon(action)}
            onClick={() => onAction(action, device)}
            data-testid={`action-${action}`}
          >
            {t(`devices.actions.${action}`)}
          </Button>
        ))}
        {more.length > 0 && (
          <Dropdown
            trigger={['click']}
            menu={{
              items: more.map((action) => ({
                key: action,
                icon: Icon(action),
                danger: isDangerous(action),
                label: t(`devices.actions.${action}`),
              })),
              onClick: ({ key }) => onAction(key as DeviceAction, device),
            }}
          >
            <Button type="link" size="small" icon={<MoreOutlined />} data-testid="action-more">
              {t('common.more')}
            </Button>
          </Dropdown>
        )}
      </Flex>
    );
  };

  return (
    <Flex vertical gap={16}>
      <Flex gap={12} align="center" wrap>
        <Input.Search
          allowClear
          value={list.keyword}
          onChange={(e) => list.setKeyword(e.target.value)}
          onSearch={list.setKeyword}
          placeholder={t('devices.searchPlaceholder')}
          style={{ maxWidth: 360 }}
          data-testid="device-search"
        />
        <Tooltip title={t('common.refresh')}>
          <Button
            icon={<ReloadOutlined />}
            aria-label={t('common.refresh')}
            onClick={() => void list.query.refetch()}
            loading={list.query.isFetching}
          />
        </Tooltip>
      </Flex>
      <Table<DeviceRow>
        rowKey="id"
        size="middle"
        loading={list.query.isLoading}
        dataSource={list.records}
        pagination={list.pagination}
        scroll={{ x: 'max-content' }}
        data-testid="device-table"
        locale={{
          emptyText: (
            <Empty
              description={t(list.keyword.trim() ? 'devices.emptySearch' : 'devices.empty')}
              data-testid="device-empty"
            />
          ),
        }}
        columns={[
          {
            key: 'number',
            title: t('devices.columns.number'),
            render: (_, d) => <Typography.Text strong>{d.number}</Typography.Text>,
          },
          { key: 'name', title: t('devices.columns.name'), render: (_, d) => <Ellipsis text={d.name} /> },
          { key: 'model', title: t('devices.columns.model'), render: (_, d) => <Tag>{d.model}</Tag> },
          { key: 'role', title: t('devices.columns.role'), render: (_, d) => <RoleTag role={d.role} /> },
          {
            key: 'owner',
            title: t('devices.columns.owner'),
            render: (_, d) => <Ellipsis text={d.ownerCustName} />,
          },
          {
            key: 'expiry',
            title: t('devices.columns.expiry'),
            render: (_, d) => <ExpiryCell expireTime={d.expireTime} flag={d.flag} />,
          },
          {
            key: 'authorizations',
            title: t('devices.columns.authorizations'),
            align: 'center',
            render: (_, d) => {
              const count = activeAuthorizations(d).length;
              return d.actions.includes('authorizations') ? (
                <Button type="link" size="small" onClick={() => onAction('authorizations', d)}>
                  {count}
                </Button>
              ) : (
                count
              );
            },
          },
          { key: 'actions', title: t('common.actions'), fixed: 'right', render: (_, d) => actionButtons(d) },
        ]}
      />
    </Flex>
  );
}
