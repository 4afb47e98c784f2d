import type { CSSProperties } from 'react';
import { Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DeviceRole, ExpiryFlag } from '@archway/contract';
import { FLAG_TAGS, STATUS_COLORS, expiryDisplay, type AuthStatus } from '../utils/expiry.ts';

const ROLE_COLORS: Record<DeviceRole, string> = {
  owner: 'blue',
  authorized: 'purple',
  user: 'cyan',
  receiver: 'geekblue',
  none: 'default',
};

export function RoleTag({ role }: { role: DeviceRole }) {
  const { t } = useTranslation();
  return <Tag color={ROLE_COLORS[role]}>{t(`devices.roles.${role}`)}</Tag>;
}

/** An expiry: the local date and time (none when permanent) and its flag (due soon, expired, permanent). */
export function ExpiryCell({ expireTime, flag }: { expireTime: string; flag: ExpiryFlag }) {
  const { t } = useTranslation();
  const text = expiryDisplay(expireTime);
  const tag = flag === 'normal' ? null : FLAG_TAGS[flag];
  return (
    <Flex align="center" gap={6} wrap>
      {text && <Typography.Text style={{ whiteSpace: 'nowrap' }}>{text}</Typography.Text>}
      {tag && (
        <Tag color={tag.color} style={{ marginInlineEnd: 0 }}>
          {t(tag.key)}
        </Tag>
      )}
    </Flex>
  );
}

/** A server date-time shown in local time. */
export function DateCell({ value }: { value: string }) {
  return <Typography.Text style={{ whiteSpace: 'nowrap' }}>{expiryDisplay(value) ?? value}</Typography.Text>;
}

export function StatusTag({ status }: { status: AuthStatus }) {
  const { t } = useTranslation();
  return <Tag color={STATUS_COLORS[status]}>{t(`devices.status.${status}`)}</Tag>;
}

/** A name that may be long: one line, cut with an ellipsis, the whole text in a tooltip. */
export function Ellipsis({
  text,
  maxWidth = 220,
  strong,
  type,
  style,
}: {
  text: string;
  maxWidth?: number;
  strong?: boolean;
  type?: 'secondary';
  style?: CSSProperties;
}) {
  return (
    <Typography.Text strong={strong} type={type} ellipsis={{ tooltip: text }} style={{ maxWidth, ...style }}>
      {text}
    </Typography.Text>
  );
}
