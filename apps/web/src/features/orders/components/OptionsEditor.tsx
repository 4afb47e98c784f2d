import { useState } from 'react';
import { Button, Flex, Input, Space, Tag, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { OrderOption } from '@archway/contract';
import { translateOr } from '../../../shared/i18n/i18n.ts';

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The catalogue's "Option already exists" (§8.5), the words the server refuses a duplicate with. */
const existsText = () => translateOr('errors.orderForm.optionExists', 'Option already exists');

/**
 * A small input with an add button. `onAdd` answers an error text to show under the input, or null when added.
 */
function AddLabel({
  placeholder,
  onAdd,
  testId,
}: {
  placeholder: string;
  onAdd: (label: string) => Promise<string | null> | string | null;
  testId: string;
}) {
  const { t } = useTranslation();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const add = async () => {
    const label = value.trim();
    if (!label) return;
    setBusy(true);
    const problem = await onAdd(label);
    setBusy(false);
    setError(problem);
    if (!problem) setValue('');
  };
  return (
    <Flex vertical gap={2}>
      <Space.Compact style={{ width: '100%' }}>
        <Input
          value={value}
          maxLength={60}
          placeholder={placeholder}
          status={error ? 'error' : undefined}
          onChange={(e) => {
            setValue(e.target.value);
            setError(null);
          }}
          onPressEnter={(e) => {
            e.preventDefault();
            void add();
          }}
          data-testid={testId}
        />
        <Button icon={<PlusOutlined />} loading={busy} onClick={() => void add()} disabled={!value.trim()}>
          {t('orders.options.add')}
        </Button>
      </Space.Compact>
      {error && (
        <Typography.Text type="danger" role="alert">
          {error}
        </Typography.Text>
      )}
    </Flex>
  );
}

/**
 * The options of a dropdown, radio or checkbox field, each with its sub-options. An option (or a sub-option under
 * the same option) given twice is refused with the catalogue's "Option already exists". `remote`, when editing a
 * field the draft already has, adds through the server (POST /api/order/form/option) and answers its refusal text.
 */
export function OptionsEditor({
  value,
  onChange,
  remote,
}: {
  value: OrderOption[];
  onChange: (next: OrderOption[]) => void;
  remote?: (label: string, parent?: string) => Promise<string | null>;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<string | null>(null);

  const addOption = async (label: string) => {
    if (value.some((o) => same(o.label, label))) return existsText();
    const problem = remote ? await remote(label) : null;
    if (problem) return problem;
    onChange([...value, { label }]);
    return null;
  };
  const addSub = async (parent: string, label: string) => {
    const option = value.find((o) => o.label === parent);
    if (option?.children?.some((c) => same(c, label))) return existsText();
    const problem = remote ? await remote(label, parent) : null;
    if (problem) return problem;
    onChange(value.map((o) => (o.label === parent ? { ...o, children: [...(o.children ?? []), label] } : o)));
    return null;
  };
  const removeOption = (label: string) => onChange(value.filter((o) => o.label !== label));
  const removeSub = (parent: string, label: string) =>
    onChange(
      value.map((o) =>
        o.label === parent ? { ...o, children: (o.children ?? []).filter((c) => c !== label) } : o,
      ),
    );

  return (
    <Flex vertical gap={8} data-testid="order-options">
      {value.length === 0 && <Typography.Text type="secondary">{t('orders.options.none')}</Typography.Text>}
      {value.map((option) => (
        <Flex
          key={option.label}
          vertical
          gap={6}
          style={{
            border: '1px solid var(--ant-color-border-secondary, #f0f0f0)',
            borderRadius: 6,
            padding: 8,
          }}
        >
          <Flex gap={6} align="center" wrap justify="space-between">
            <Tag
              closable
              onClose={(e) => {
                e.preventDefault();
                removeOption(option.label);
              }}
              style={{ fontSize: 14, whiteSpace: 'normal' }}
            >
              {option.label}
            </Tag>
            <Button
              size="small"
              type="link"
              onClick={() => setOpen(open === option.label ? null : option.label)}
            >
              {t('orders.options.addSub')}
            </Button>
          </Flex>
          {(option.children ?? []).length > 0 && (
            <Flex gap={4} wrap style={{ paddingInlineStart: 12 }}>
              {(option.children ?? []).map((child) => (
                <Tag
                  key={child}
                  color="blue"
                  closable
                  onClose={(e) => {
                    e.preventDefault();
                    removeSub(option.label, child);
                  }}
                >
                  {child}
                </Tag>
              ))}
            </Flex>
          )}
          {open === option.label && (
            <div style={{ paddingInlineStart: 12 }}>
              <AddLabel
                placeholder={t('orders.options.subPlaceholder', { name: option.label })}
                onAdd={(label) => addSub(option.label, label)}
                testId="order-sub-option-input"
              />
            </div>
          )}
        </Flex>
      ))}
      <AddLabel placeholder={t('orders.options.placeholder')} onAdd={addOption} testId="order-option-input" />
    </Flex>
  );
}
