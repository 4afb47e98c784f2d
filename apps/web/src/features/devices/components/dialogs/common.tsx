import { useState, type ReactNode } from 'react';
import { Descriptions, Form, Input, Modal, Select, Tag, type FormInstance } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { DeviceRow, ExpiryPreset } from '@archway/contract';
import { ApiError } from '../../../../shared/request.ts';
import { toast } from '../../../../shared/ui/toast.ts';
import { nameSaysModel } from '../../utils/device-name.ts';
import { PRESETS, presetKey } from '../../utils/expiry.ts';
import { failedItems, refusedResults, type ItemResult } from '../../utils/outcomes.ts';
import { showRefusal, type RefusalField } from '../../utils/field-errors.ts';
import { Ellipsis } from '../cells.tsx';

/** A required text field that counts only when something is left after trimming. */
export const requiredTrimmed = (t: TFunction, messageKey: string) => ({
  validator: (_: unknown, value: unknown) =>
    typeof value === 'string' && value.trim() ? Promise.resolve() : Promise.reject(new Error(t(messageKey))),
});

/** The bind code printed on the scanner's card, hidden while typed (one word for it everywhere). */
export function DeviceCodeField({ name = 'secret' }: { name?: string }) {
  const { t } = useTranslation();
  return (
    <Form.Item
      name={name}
      label={t('devices.bind.code')}
      required
      rules={[requiredTrimmed(t, 'devices.bind.codeRequired')]}
      extra={t('devices.bind.codeHint')}
    >
      <Input.Password maxLength={64} autoComplete="new-password" data-testid="device-code" />
    </Form.Item>
  );
}

/** Shows a device refusal at its field of `form` when it has one there, else in a toast. */
export function useRefusalAtField(
  form: FormInstance,
  fields: Partial<Record<RefusalField, string>>,
): (error: unknown) => void {
  const { t } = useTranslation();
  return (error) =>
    showRefusal(
      error,
      fields,
      (name, text) => {
        form.setFields([{ name, errors: [text] }]);
        form.scrollToField(name, { block: 'center' });
      },
      (key, fallback) => t(key, { defaultValue: fallback }),
      (text) => toast(text),
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

/** A small dialog that asks for a new period (a preset), below what it changes. */
export function PresetDialog({
  title,
  label,
  loading,
  onSubmit,
  onClose,
  children,
}: {
  title: string;
  label: string;
  loading: boolean;
  onSubmit: (preset: ExpiryPreset) => void;
  onClose: () => void;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ expireTime: ExpiryPreset }>();
  return (
    <Modal
      open
      title={title}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ loading }}
      destroyOnHidden
    >
      {children}
      <Form form={form} layout="vertical" onFinish={({ expireTime }) => onSubmit(expireTime)}>
        <PresetField label={label} />
      </Form>
    </Modal>
  );
}

/** One item's outcome of a call on several items: done, or the catalogue's reason. */
export function OutcomeTag({ result, okKey }: { result: ItemResult; okKey: string }) {
  const { t } = useTranslation();
  if (result.code === 0) return <Tag color="green">{t(okKey)}</Tag>;
  return <Tag color="red">{result.key ? t(`errors.${result.key}`) : t('devices.batch.failed')}</Tag>;
}

export interface BatchOutcome {
  /** Each item's outcome: from the answer, or from the refusal when every item failed (else null). */
  results: ItemResult[] | null;
  /** The refusal's text when the call failed as a whole. */
  failure: string | null;
}

/**
 * The outcome of a (silent) call on several items: a toast for the whole, each item's outcome kept
 * for the dialog (also when all of them failed: the refusal carries them). `config` goes to the
 * operation's mutation hook, which refreshes every device list.
 */
export function useBatchOutcome(
  messages: { done: string; partly: string },
  onResults?: (results: ItemResult[]) => void,
) {
  const { t } = useTranslation();
  const [outcome, setOutcome] = useState<BatchOutcome | null>(null);
  const config = {
    onMutate: () => setOutcome(null),
    onSuccess: ({ results }: { results: ItemResult[] }) => {
      const failed = failedItems(results).length;
      toast(
        failed ? t(messages.partly, { count: failed }) : t(messages.done),
        failed ? 'warning' : 'success',
      );
      setOutcome({ results, failure: null });
      onResults?.(results);
    },
    onError: (error: Error) => {
      // A cancelled duplicate is followed by its own answer; a lost session goes to sign-in.
      if (error instanceof ApiError && (error.kind === 'duplicate' || error.kind === 'sessionLost')) return;
      const text =
        error instanceof ApiError ? t(error.i18nKey, { defaultValue: error.message }) : String(error);
      const results = refusedResults(error);
      setOutcome({ results, failure: text });
      if (results) onResults?.(results);
      toast(text);
    },
  };
  return { outcome, config };
}

/** Which device a dialog acts on. */
export function DeviceSummary({ device }: { device: DeviceRow }) {
  const { t } = useTranslation();
  return (
    <Descriptions
      size="small"
      // One item a row on a phone: side by side, a long name squeezed the serial into one character a line.
      column={{ xs: 1, sm: 2 }}
      style={{ marginBottom: 16 }}
      items={[
        { key: 'number', label: t('devices.columns.number'), children: device.number },
        {
          key: 'name',
          label: t('devices.columns.name'),
          children: (
            <span data-testid="device-summary-name">
              <Ellipsis text={device.name} maxWidth={200} />
              {!nameSaysModel(device.name, device.model) && (
                <Tag style={{ marginInlineStart: 8 }}>{device.model}</Tag>
              )}
            </span>
          ),
        },
      ]}
    />
  );
}
