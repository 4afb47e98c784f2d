import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** The Archway mark: an arch over a base line. */
export function LogoMark({ size = 32, color = 'currentColor' }: { size?: number; color?: string }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true">
      <path d="M6 27V15a10 10 0 0 1 20 0v12h-5V15a5 5 0 0 0-10 0v12z" fill={color} />
      <rect x="3" y="27" width="26" height="3" rx="1.5" fill={color} opacity="0.45" />
    </svg>
  );
}

export function Logo({
  color,
  size = 32,
  collapsed = false,
}: {
  color?: string;
  size?: number;
  collapsed?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Flex align="center" gap={10} justify={collapsed ? 'center' : 'flex-start'}>
      <LogoMark size={size} color={color} />
      {!collapsed && (
        <Typography.Text
          strong
          style={{ fontSize: size * 0.66, color, letterSpacing: 0.5, whiteSpace: 'nowrap' }}
        >
          {t('app.name')}
        </Typography.Text>
      )}
    </Flex>
  );
}
