import { Tooltip, theme } from 'antd';
import { WarningFilled } from '@ant-design/icons';
import { visuallyHidden } from './visually-hidden.ts';

/**
 * A number, shown red with a warning icon and a hint (tooltip, and the same words for screen readers) when it is
 * below the person's threshold: never by colour alone.
 */
export function AlertCell({
  value,
  text,
  alert,
  hint,
  testId,
}: {
  value: number;
  text: string;
  alert: boolean;
  hint: string;
  testId: string;
}) {
  const { token } = theme.useToken();
  if (!alert)
    return (
      <span data-testid={testId} data-value={value}>
        {text}
      </span>
    );
  return (
    <Tooltip title={hint}>
      <span
        data-testid={testId}
        data-alert="true"
        data-value={value}
        tabIndex={0}
        style={{ color: token.colorError, fontWeight: 600, whiteSpace: 'nowrap' }}
      >
        <WarningFilled aria-hidden style={{ marginInlineEnd: 4 }} />
        {text}
        <span style={visuallyHidden}>{` (${hint})`}</span>
      </span>
    </Tooltip>
  );
}
