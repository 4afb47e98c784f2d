import { Descriptions, Form, Input, Select, Tag } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { DeviceRow, ExpiryPreset } from '@archway/contract';
import { deviceKeys } from '../../../shared/devices/api.ts';
import { toast } from '../../../shared/ui/toast.ts';
import { PRESETS, presetKey } from '../expiry.ts';

/** A required text field that counts only when something is left after trimming. */
export const requiredTrimmed = (t: TFunction, messageKey: string) => ({
  validator: (_: unknown, value: unknown) =>
    typeof value === 'string' && value.trim() ? Promise.resolve() : Promise.reject(new Error(t(messageKey))),
});

/** The device (management) code, hidden while typed. */
export function DeviceCodeField({ name = 'secret' }: { name?: string }) {
  const { t } = useTranslation();
  return (
    <Form.Item
      name={name}
      label={t('devices.code')}
      required
      rules={[requiredTrimmed(t, 'devices.codeRequired')]}
      extra={t('devices.codeHint')}
    >
      <Input.Password maxLength={64} autoComplete="new-password" data-testid="device-code" />
    </Form.Item>
  );
}

/** The expiry presets of product §9 (required). */
export function PresetField({ name = 'expireTime', label }: { name?: string; label?: string }) {
  const { t } = useTranslation();
  return (
    <Form.Item
      name={name}
      label={label ?? t('devices.expiry')}
      rules={[{ required: true, message: t('devices.expiryRequired') }]}
    >
      <Select<ExpiryPreset>
        placeholder={t('devices.expiryPlaceholder')}
        options={PRESETS.map((preset) => ({ value: preset, label: t(presetKey(preset)) }))}
        data-testid="expiry-preset"
      />
    </Form.Item>
  );
}

/** Which device a dialog acts on. */
export function DeviceSummary({ device }: { device: DeviceRow }) {
  const { t } = useTranslation();
  return (
    <Descriptions
      size="small"
      column={2}
      style={{ marginBottom: 16 }}
      items={[
        { key: 'number', label: t('devices.columns.number'), children: device.number },
        {
          key: 'name',
          label: t('devices.columns.name'),
          children: (
            <>
              {device.name} <Tag>{device.model}</Tag>
            </>
          ),
        },
      ]}
    />
  );
}

/** A device change: on success its message, every device list refreshed, then `onDone`. */
export function useDeviceChange<A, R>(
  call: (args: A) => Promise<R>,
  successKey: string,
  onDone?: (result: R) => void,
) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: async (result) => {
      toast(t(successKey), 'success');
      await queryClient.invalidateQueries({ queryKey: deviceKeys.all });
      onDone?.(result);
    },
  });
}
