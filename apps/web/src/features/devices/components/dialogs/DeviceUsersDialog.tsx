import { useState } from 'react';
import {
  Alert,
  App,
  Button,
  DatePicker,
  Descriptions,
  Empty,
  Flex,
  Form,
  Input,
  Modal,
  Typography,
} from 'antd';
import { DeleteOutlined, FieldTimeOutlined, UserAddOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { DeviceRow, DeviceUserRow, ExpiryPreset } from '@archway/contract';
import { useAddDeviceUsers } from '../../api/add-device-users.ts';
import { useChangeDeviceUser } from '../../api/change-device-user.ts';
import { useDeviceUsers } from '../../api/get-device-users.ts';
import { useRemoveDeviceUser } from '../../api/remove-device-user.ts';
import { DataTable } from '../../../../shared/ui/DataTable.tsx';
import { toast } from '../../../../shared/ui/toast.ts';
import { DateCell, Ellipsis, ExpiryCell } from '../cells.tsx';
import { MAX_USERS_PER_ADD, failedItems, parseLogins } from '../../utils/outcomes.ts';
import { DeviceSummary, OutcomeTag, PresetDialog, PresetField, useBatchOutcome } from './common.tsx';

interface Values {
  users: string;
  startTime?: Dayjs | null;
  endTime: ExpiryPreset;
}

/**
 * Device users (product §3, §6): people who may scan with the device within a validity window.
 * The owner sees everyone, an authorized organization the people it added; whoever added a person
 * changes the end or removes them (after a confirmation). Adding takes several usernames or
 * e-mails at once and shows how each went.
 */
export function DeviceUsersDialog({ device, onClose }: { device: DeviceRow; onClose: () => void }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [changing, setChanging] = useState<DeviceUserRow | null>(null);

  const list = useDeviceUsers(device.id);
  const { outcome, config } = useBatchOutcome(
    { done: 'devices.users.added', partly: 'devices.users.partly' },
    // Only the people who could not be added stay in the field, to be corrected.
    (results) =>
      form.setFieldValue(
        'users',
        failedItems(results)
          .map((r) => r.item)
          .join(', '),
      ),
  );
  const add = useAddDeviceUsers(config);
  const change = useChangeDeviceUser({
    onSuccess: () => {
      toast(t('devices.users.changed'), 'success');
      setChanging(null);
    },
  });
  const remove = useRemoveDeviceUser({ onSuccess: () => toast(t('devices.users.removed'), 'success') });

  const confirmRemove = (row: DeviceUserRow) =>
    modal.confirm({
      title: t('devices.users.removeTitle'),
      content: t('devices.users.removeConfirm', { name: row.username, number: device.number }),
      okText: t('devices.users.remove'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: () => remove.mutateAsync(row.id).catch(() => undefined),
    });

  const failed = outcome?.results ? failedItems(outcome.results).length : 0;

  return (
    <Modal
      open
      title={t('devices.users.title')}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t('common.close')}</Button>}
      width={880}
      destroyOnHidden
    >
      <DeviceSummary device={device} />
      <Typography.Paragraph type="secondary">
        {t('devices.users.intro')} {t('devices.users.ownOrganization')}
      </Typography.Paragraph>
      <Form<Values>
        form={form}
        layout="vertical"
        data-testid="device-users-form"
        onFinish={({ users, startTime, endTime }) =>
          add.mutate({
            number: device.number,
            users: parseLogins(users),
            endTime,
            startTime: startTime ? startTime.toISOString() : undefined,
          })
        }
      >
        <Form.Item
          name="users"
          label={t('devices.users.people')}
          required
          extra={t('devices.users.peopleHint', { count: MAX_USERS_PER_ADD })}
          rules={[
            {
              validator: (_, value: unknown) => {
                const logins = parseLogins(typeof value === 'string' ? value : '');
                if (!logins.length) return Promise.reject(new Error(t('devices.users.peopleRequired')));
                if (logins.length > MAX_USERS_PER_ADD)
                  return Promise.reject(new Error(t('devices.users.tooMany', { count: MAX_USERS_PER_ADD })));
                return Promise.resolve();
              },
            },
          ]}
        >
          <Input
            allowClear
            maxLength={2000}
            placeholder={t('devices.users.peoplePlaceholder')}
            data-testid="device-users-input"
          />
        </Form.Item>
        <Flex gap={12} align="flex-start" wrap>
          <Form.Item name="startTime" label={t('devices.users.start')} style={{ flex: '1 1 200px' }}>
            <DatePicker
              showTime={{ format: 'HH:mm' }}
              format="YYYY-MM-DD HH:mm"
              placeholder={t('devices.users.startNow')}
              disabledDate={(day) => day.isBefore(dayjs().startOf('day'))}
              style={{ width: '100%' }}
            />
          </Form.Item>
          <div style={{ flex: '1 1 200px' }}>
            <PresetField name="endTime" />
          </div>
          {/* A label of one space lines the button up with the fields. */}
          <Form.Item label=" ">
            <Button
              type="primary"
              htmlType="submit"
              icon={<UserAddOutlined />}
              loading={add.isPending}
              data-testid="device-users-add"
            >
              {t('devices.users.add')}
            </Button>
          </Form.Item>
        </Flex>
      </Form>
      {outcome && (
        <Alert
          type={outcome.failure ? 'error' : failed ? 'warning' : 'success'}
          showIcon
          style={{ marginBottom: 16 }}
          data-testid="device-users-outcome"
          title={
            outcome.failure ??
            (failed ? t('devices.users.partly', { count: failed }) : t('devices.users.added'))
          }
          description={
            outcome.results && (
              <Flex vertical gap={4}>
                {outcome.results.map((result) => (
                  <Flex key={result.item} gap={8} align="center" wrap>
                    <Typography.Text>{result.item}</Typography.Text>
                    <OutcomeTag result={result} okKey="devices.users.ok" />
                  </Flex>
                ))}
              </Flex>
            )
          }
        />
      )}
      <DataTable<DeviceUserRow>
        pageKey="devices.users"
        size="small"
        rowKey="id"
        loading={list.isLoading || remove.isPending}
        dataSource={list.data ?? []}
        pagination={false}
        data-testid="device-users-table"
        emptyText={<Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('devices.users.empty')} />}
        // What the server allows on each row (whoever added a person; the owner on its own device).
        actions={
          (list.data ?? []).some((u) => u.actions.length > 0)
            ? (u) => (
                <Flex gap={4}>
                  {u.actions.includes('edit') && (
                    <Button
                      type="link"
                      size="small"
                      icon={<FieldTimeOutlined />}
                      onClick={() => setChanging(u)}
                    >
                      {t('devices.actions.changeTime')}
                    </Button>
                  )}
                  {u.actions.includes('remove') && (
                    <Button
                      type="link"
                      size="small"
                      danger
                      icon={<DeleteOutlined />}
                      onClick={() => confirmRemove(u)}
                    >
                      {t('devices.users.remove')}
                    </Button>
                  )}
                </Flex>
              )
            : undefined
        }
        columns={[
          {
            key: 'user',
            title: t('devices.users.user'),
            render: (u) => (
              <Flex vertical>
                <Ellipsis text={u.username} strong maxWidth={200} />
                {u.custName && <Ellipsis text={u.custName} type="secondary" maxWidth={200} />}
              </Flex>
            ),
          },
          {
            key: 'start',
            title: t('devices.users.start'),
            render: (u) => <DateCell value={u.startTime} />,
          },
          {
            key: 'end',
            title: t('devices.expiry'),
            render: (u) => <ExpiryCell expireTime={u.endTime} flag={u.flag} />,
          },
        ]}
      />
      {changing && (
        <PresetDialog
          title={t('devices.users.changeTitle')}
          label={t('devices.changeTime.new')}
          loading={change.isPending}
          onSubmit={(endTime) => change.mutate({ id: changing.id, endTime })}
          onClose={() => setChanging(null)}
        >
          <Descriptions
            size="small"
            column={1}
            style={{ marginBottom: 16 }}
            items={[
              { key: 'user', label: t('devices.users.user'), children: changing.username },
              {
                key: 'end',
                label: t('devices.changeTime.current'),
                children: <ExpiryCell expireTime={changing.endTime} flag={changing.flag} />,
              },
            ]}
          />
        </PresetDialog>
      )}
    </Modal>
  );
}
