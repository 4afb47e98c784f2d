import type { ReactNode } from 'react';
import { Checkbox, Col, DatePicker, Flex, Form, Input, Radio, Row, Select, Switch } from 'antd';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import type { OrderField } from '@archway/contract';
import { checkboxChoices, choiceValue, promptKey, splitChoice } from './values.ts';

/** A dropdown or radio answer: the option, then (when it has sub-options) one of them, kept as "option / sub". */
function ChoiceInput({
  field,
  variant,
  value,
  onChange,
  id,
  disabled,
}: {
  field: OrderField;
  variant: 'dropdown' | 'radio';
  value?: string;
  onChange?: (value: string | undefined) => void;
  id?: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const { option, sub } = splitChoice(value);
  const chosen = field.options.find((o) => o.label === option);
  const subs = chosen?.children ?? [];
  const pick = (next?: string) => onChange?.(next);
  const top =
    variant === 'dropdown' ? (
      <Select
        id={id}
        allowClear
        disabled={disabled}
        value={option}
        placeholder={t('orders.fill.choose')}
        onChange={(next?: string) => pick(next)}
        options={field.options.map((o) => ({ value: o.label, label: o.label }))}
        style={{ width: '100%' }}
      />
    ) : (
      <Radio.Group
        id={id}
        disabled={disabled}
        value={option}
        onChange={(e) => pick(e.target.value as string)}
        options={field.options.map((o) => ({ value: o.label, label: o.label }))}
      />
    );
  if (subs.length === 0) return top;
  return (
    <Flex vertical gap={6}>
      {top}
      {variant === 'dropdown' ? (
        <Select
          allowClear
          disabled={disabled}
          value={sub}
          placeholder={t('orders.fill.chooseSub', { name: option })}
          onChange={(next?: string) => pick(choiceValue(option ?? '', next))}
          options={subs.map((s) => ({ value: s, label: s }))}
          style={{ width: '100%' }}
          aria-label={t('orders.fill.chooseSub', { name: option })}
        />
      ) : (
        <Radio.Group
          disabled={disabled}
          value={sub}
          onChange={(e) => pick(choiceValue(option ?? '', e.target.value as string))}
          options={subs.map((s) => ({ value: s, label: s }))}
          aria-label={t('orders.fill.chooseSub', { name: option })}
        />
      )}
    </Flex>
  );
}

function inputOf(field: OrderField, fileNames: readonly string[], placeholder: string): ReactNode {
  switch (field.type) {
    case 'input':
      return <Input maxLength={2000} allowClear />;
    case 'date':
      return <DatePicker style={{ width: '100%' }} inputReadOnly placeholder={placeholder} />;
    case 'dropdown':
    case 'radio':
      return <ChoiceInput field={field} variant={field.type} />;
    case 'checkbox':
      return <Checkbox.Group options={checkboxChoices(field).map((c) => ({ value: c, label: c }))} />;
    case 'switch':
      return <Switch />;
    case 'file':
      return (
        <Select
          allowClear
          placeholder={placeholder}
          options={fileNames.map((name) => ({ value: name, label: name }))}
          style={{ width: '100%' }}
        />
      );
  }
}

/**
 * One order form's fields as a clinic fills them, inside an Ant Design Form: each field at `[...path, name]`, its
 * label the field's name, a mandatory one with the §5 prompt ("Please enter …" / "Please select …"). Used by the
 * designer's live preview and by the web import. A file field chooses one of the files being sent (`fileNames`).
 */
export function OrderFieldInputs({
  fields,
  path,
  fileNames,
}: {
  fields: readonly OrderField[];
  path: readonly (string | number)[];
  fileNames: readonly string[];
}) {
  const { t } = useTranslation();
  return (
    <Row gutter={12}>
      {fields.map((field) => {
        const prompt = t(promptKey(field.type), { name: field.name });
        const rules: Rule[] = [];
        if (field.mandatory && field.type === 'checkbox')
          rules.push({ required: true, type: 'array', min: 1, message: prompt });
        else if (field.mandatory && field.type !== 'switch')
          rules.push({ required: true, whitespace: field.type === 'input', message: prompt });
        const wide = field.type === 'checkbox' || field.type === 'radio' || field.type === 'input';
        return (
          <Col key={field.name} xs={24} sm={wide ? 24 : 12} data-testid={`order-field-${field.name}`}>
            <Form.Item
              name={[...path, field.name]}
              label={field.name}
              required={field.mandatory && field.type !== 'switch'}
              rules={rules}
              valuePropName={field.type === 'switch' ? 'checked' : 'value'}
              extra={field.type === 'file' && fileNames.length === 0 ? t('orders.fill.fileHint') : undefined}
            >
              {inputOf(field, fileNames, field.type === 'input' ? prompt : t('orders.fill.choose'))}
            </Form.Item>
          </Col>
        );
      })}
    </Row>
  );
}
