import { useState } from 'react';
import { Alert, Flex, Form, Input, Modal, Select, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { OrderFieldTypes, type OrderField, type OrderFieldType, type OrderOption } from '@archway/contract';
import { translateOr } from '../../../shared/i18n/i18n.ts';
import { ApiError } from '../../../shared/request.ts';
import { useAddOrderField } from '../api/add-order-field.ts';
import { useAddOrderOption } from '../api/add-order-option.ts';
import { useUpdateOrderField } from '../api/update-order-field.ts';
import { FIELD_TYPE_ICONS, hasOptions } from './field-types.tsx';
import { OptionsEditor } from './OptionsEditor.tsx';

interface Values {
  name?: string;
  type?: OrderFieldType;
  mandatory: boolean;
  options: OrderOption[];
}

/** Which input of the dialog a refusal belongs to (the rest show above the form). */
const FIELD_OF: Record<string, keyof Values> = {
  'errors.orderForm.nameRequired': 'name',
  'errors.orderForm.nameExists': 'name',
  'errors.orderForm.typeRequired': 'type',
  'errors.orderForm.optionsRequired': 'options',
  'errors.orderForm.optionExists': 'options',
};

const errorText = (error: unknown) =>
  error instanceof ApiError
    ? translateOr(error.i18nKey, error.message)
    : translateOr('errors.orderForm.addFailed', 'New addition failed');

/**
 * Adds a field to the draft or changes one: name and type required (§5), the mandatory flag, and for a dropdown,
 * radio or checkbox its options with sub-options. Refusals show the catalogue's words at the input they concern.
 */
export function FieldDialog({
  field,
  taken,
  onClose,
}: {
  /** The field being changed; absent when adding. */
  field?: OrderField;
  /** The draft's other field names (a second field of the same name is refused). */
  taken: readonly string[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [failure, setFailure] = useState<string | null>(null);
  const type = Form.useWatch('type', form);
  const onError = (error: Error) => {
    const key = error instanceof ApiError ? error.i18nKey : '';
    const at = FIELD_OF[key];
    if (at) form.setFields([{ name: at, errors: [errorText(error)] }]);
    else setFailure(errorText(error));
  };
  const add = useAddOrderField({ onSuccess: onClose, onError });
  const update = useUpdateOrderField({ onSuccess: onClose, onError });
  const option = useAddOrderOption();
  const busy = add.isPending || update.isPending;

  const submit = async () => {
    setFailure(null);
    const values = await form.validateFields().catch(() => null);
    if (!values?.type) return;
    const next: OrderField = {
      name: (values.name ?? '').trim(),
      type: values.type,
      mandatory: values.mandatory,
      options: hasOptions(values.type) ? values.options : [],
    };
    if (field) update.mutate({ name: field.name, field: next });
    else add.mutate(next);
  };

  /** Editing a field the draft has: a new option goes to the server at once, which refuses one it already has. */
  const remote = field
    ? async (label: string, parent?: string) => {
        try {
          await option.mutateAsync({ field: field.name, label, parent });
          return null;
        } catch (error) {
          return errorText(error);
        }
      }
    : undefined;

  return (
    <Modal
      open
      title={field ? t('orders.dialog.editTitle', { name: field.name }) : t('orders.dialog.addTitle')}
      okText={field ? t('orders.dialog.save') : t('orders.dialog.add')}
      cancelText={t('common.cancel')}
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={busy}
      destroyOnHidden
      width={560}
      okButtonProps={{ 'data-testid': 'order-field-save' }}
    >
      <Flex vertical gap={8}>
        {failure && <Alert type="error" showIcon title={failure} data-testid="order-field-failure" />}
        <Form<Values>
          form={form}
          layout="vertical"
          name="orderField"
          disabled={busy}
          initialValues={{
            name: field?.name,
            type: field?.type,
            mandatory: field?.mandatory ?? false,
            options: field?.options ?? [],
          }}
        >
          <Form.Item
            name="name"
            label={t('orders.dialog.name')}
            rules={[
              {
                required: true,
                whitespace: true,
                message: translateOr('errors.orderForm.nameRequired', 'Enter the field name'),
              },
              { max: 60, message: t('orders.dialog.tooLong', { count: 60 }) },
              {
                validator: (_, value?: string) =>
                  value && taken.some((n) => n.toLowerCase() === value.trim().toLowerCase())
                    ? Promise.reject(
                        new Error(
                          translateOr('errors.orderForm.nameExists', 'A field with this name already exists'),
                        ),
                      )
                    : Promise.resolve(),
              },
            ]}
          >
            <Input maxLength={60} allowClear placeholder={t('orders.dialog.namePlaceholder')} />
          </Form.Item>
          <Form.Item
            name="type"
            label={t('orders.dialog.type')}
            rules={[
              {
                required: true,
                message: translateOr('errors.orderForm.typeRequired', 'Choose the field type'),
              },
            ]}
          >
            <Select
              placeholder={t('orders.fill.choose')}
              data-testid="order-field-type"
              options={OrderFieldTypes.map((value) => {
                const Icon = FIELD_TYPE_ICONS[value];
                return {
                  value,
                  label: (
                    <Flex gap={8} align="center">
                      <Icon />
                      {t(`orders.types.${value}`)}
                    </Flex>
                  ),
                };
              })}
            />
          </Form.Item>
          <Form.Item
            name="mandatory"
            label={t('orders.dialog.mandatory')}
            valuePropName="checked"
            extra={type === 'switch' ? t('orders.dialog.switchMandatory') : undefined}
          >
            <Switch data-testid="order-field-mandatory" />
          </Form.Item>
          {hasOptions(type) && (
            <Form.Item
              name="options"
              label={t('orders.dialog.options')}
              extra={field ? t('orders.dialog.optionsAtOnce') : undefined}
              rules={[
                {
                  validator: (_, value?: OrderOption[]) =>
                    value && value.length > 0
                      ? Promise.resolve()
                      : Promise.reject(
                          new Error(
                            translateOr(
                              'errors.orderForm.optionsRequired',
                              'A dropdown, radio or checkbox field needs options',
                            ),
                          ),
                        ),
                },
              ]}
            >
              <OptionsEditorItem remote={remote} />
            </Form.Item>
          )}
          {type === 'file' && (
            <Typography.Paragraph type="secondary">{t('orders.dialog.fileHint')}</Typography.Paragraph>
          )}
        </Form>
      </Flex>
    </Modal>
  );
}

/** The options editor as a form control (Form.Item gives it `value` and `onChange`). */
function OptionsEditorItem({
  value,
  onChange,
  remote,
}: {
  value?: OrderOption[];
  onChange?: (next: OrderOption[]) => void;
  remote?: (label: string, parent?: string) => Promise<string | null>;
}) {
  return <OptionsEditor value={value ?? []} onChange={(next) => onChange?.(next)} remote={remote} />;
}
