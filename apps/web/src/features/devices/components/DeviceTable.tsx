import { Button, Dropdown, Empty, Flex, Tag, Typography } from 'antd';
import {
  ApartmentOutlined,
  DeleteOutlined,
  EditOutlined,
  EyeOutlined,
  KeyOutlined,
  MoreOutlined,
  SafetyCertificateOutlined,
  SwapOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeviceAction, DeviceRow } from '@archway/contract';
import { getDevices, getDevicesQueryKey } from '../api/get-devices.ts';
import { DataTable } from '../../../shared/ui/DataTable.tsx';
import { SearchAndRefresh } from '../../../shared/ui/SearchAndRefresh.tsx';
import { usePagedQuery } from '../../../shared/ui/paged-table.ts';
import { ExpiryCell, RoleTag } from './cells.tsx';
import { ScannerPicture } from './ScannerPicture.tsx';
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
      <Flex gap={4} align="center" wrap>
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
    <DataTable<DeviceRow>
      pageKey="devices.all"
      rowKey="id"
      loading={list.query.isLoading}
      dataSource={list.records}
      pagination={list.pagination}
      data-testid="device-table"
      emptyText={
        <Empty
          description={t(list.keyword.trim() ? 'devices.emptySearch' : 'devices.empty')}
          data-testid="device-empty"
        />
      }
      toolbar={
        <>
          <SearchAndRefresh
            keyword={list.keyword}
            onKeyword={list.setKeyword}
            placeholder={t('devices.searchPlaceholder')}
            onRefresh={() => void list.query.refetch()}
            refreshing={list.query.isFetching}
            data-testid="device-search"
          />
        </>
      }
      actions={actionButtons}
      columns={[
        {
          key: 'number',
          title: t('devices.columns.number'),
          render: (d) => (
            <Typography.Text strong style={{ whiteSpace: 'nowrap' }}>
              {d.number}
            </Typography.Text>
          ),
        },
        { key: 'name', title: t('devices.columns.name'), ellipsis: true, render: (d) => d.name },
        {
          key: 'model',
          title: t('devices.columns.model'),
          render: (d) => (
            <Flex align="center" gap={8} data-testid="device-model">
              <ScannerPicture model={d.model} />
              <Tag style={{ marginInlineEnd: 0 }}>{d.model}</Tag>
            </Flex>
          ),
        },
        { key: 'role', title: t('devices.columns.role'), render: (d) => <RoleTag role={d.role} /> },
        {
          key: 'owner',
          title: t('devices.columns.owner'),
          ellipsis: true,
          render: (d) => d.ownerCustName,
        },
        {
          key: 'expiry',
          title: t('devices.columns.expiry'),
          render: (d) => <ExpiryCell expireTime={d.expireTime} flag={d.flag} />,
        },
        {
          key: 'authorizations',
          title: t('devices.columns.authorizations'),
          align: 'center',
          render: (d) => {
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
      ]}
    />
  );
}
