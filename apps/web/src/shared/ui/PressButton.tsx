import { Button, type ButtonProps } from 'antd';
import type { MouseEvent } from 'react';
import { useThrottledPress } from './use-throttled-press.ts';

/** A button that ignores presses for 2000 ms after each press (product §9). */
export function PressButton({ onClick, disabled, ...props }: ButtonProps) {
  const press = useThrottledPress((event: MouseEvent<HTMLElement>) => onClick?.(event));
  return <Button {...props} disabled={disabled || press.pressing} onClick={press.run} />;
}
