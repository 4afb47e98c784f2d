import type { MouseEvent } from 'react';
import { Button, type ButtonProps } from 'antd';
import { useHref, useNavigate } from 'react-router';

/**
 * A button that is a real link: an address for a middle click, a new tab or the keyboard; a plain click navigates in
 * the app without reloading.
 */
export function LinkButton({ to, ...props }: Omit<ButtonProps, 'href' | 'onClick'> & { to: string }) {
  const href = useHref(to);
  const navigate = useNavigate();
  const onClick = (e: MouseEvent<HTMLElement>) => {
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    void navigate(to);
  };
  return <Button {...props} href={href} onClick={onClick} />;
}
