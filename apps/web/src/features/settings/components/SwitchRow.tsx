import type { ReactNode } from 'react';
import { Flex, Switch, Typography } from 'antd';

interface SwitchRowProps {
  label: ReactNode;
  hint?: ReactNode;
  checked: boolean;
  disabled?: boolean;
  loading?: boolean;
  testId: string;
  onChange: (checked: boolean) => void;
}

/** One setting: its label and hint on the left, the switch on the right (wraps on a phone). */
export function SwitchRow({ label, hint, checked, disabled, loading, testId, onChange }: SwitchRowProps) {
  return (
    <Flex justify="space-between" align="center" gap={16} style={{ padding: '10px 0' }}>
      <Flex vertical style={{ minWidth: 0 }}>
        <Typography.Text strong>{label}</Typography.Text>
        {hint && (
          <Typography.Text type="secondary" style={{ fontSize: 13 }}>
            {hint}
          </Typography.Text>
        )}
      </Flex>
      <Switch
        checked={checked}
        disabled={disabled}
        loading={loading}
        onChange={onChange}
        data-testid={testId}
        aria-label={typeof label === 'string' ? label : undefined}
        style={{ flex: 'none' }}
      />
    </Flex>
  );
}
