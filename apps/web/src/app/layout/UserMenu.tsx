import type { ReactNode } from 'react';
import { Button, Dropdown, Flex, Typography, type MenuProps } from 'antd';
import { BgColorsOutlined, CheckOutlined, IdcardOutlined, SettingOutlined } from '@ant-design/icons';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { CurrentUser } from '@archway/contract';
import { useSystem, type SystemType } from '../../shared/system.ts';
import { userStatusLine } from './UserCard.tsx';

/** The look-and-feel systems in the order the menu lists them: the default (second) first. */
const SYSTEMS: readonly SystemType[] = ['second', 'first'];

/**
 * The user card's menu: who is signed in, the appearance (the two look-and-feel systems of product §1, named by what
 * they look like; choosing one goes through `/{system}/{path}` as the spec's switch does), the personal centre and
 * the settings.
 */
export function UserMenu({
  user,
  onOpenSettings,
  children,
  named = false,
}: {
  user: CurrentUser;
  onOpenSettings: () => void;
  children: ReactNode;
  /** `children` show the person's name: it is the button's name (the menu's purpose is its title). */
  named?: boolean;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const { system } = useSystem();
  const items: MenuProps['items'] = [
    {
      key: 'user',
      disabled: true,
      label: (
        <Flex vertical style={{ maxWidth: 260 }}>
          <Typography.Text strong ellipsis>
            {user.custName ?? user.username}
          </Typography.Text>
          <Typography.Text type="secondary" ellipsis style={{ fontSize: 12 }}>
            {user.custName ? `${user.username} · ` : ''}
            {userStatusLine(user, t)}
          </Typography.Text>
        </Flex>
      ),
    },
    { type: 'divider' },
    {
      key: 'system',
      type: 'group',
      label: (
        <span data-testid="system-switch">
          <BgColorsOutlined aria-hidden /> {t('system.label')}
        </span>
      ),
      children: SYSTEMS.map((value) => ({
        key: `system:${value}`,
        label: <span data-testid={`system-${value}`}>{t(`system.${value}`)}</span>,
        icon: system === value ? <CheckOutlined /> : <span style={{ display: 'inline-block', width: 14 }} />,
      })),
    },
    { type: 'divider' },
    { key: 'account', icon: <IdcardOutlined />, label: t('routes.account') },
    { key: 'settings', icon: <SettingOutlined />, label: t('settings.title') },
  ];
  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key.startsWith('system:')) {
      const value = key.slice('system:'.length);
      if (value !== system) void navigate(`/${value}${pathname}${search}`);
    } else if (key === 'account') void navigate('/account');
    else if (key === 'settings') onOpenSettings();
  };
  return (
    <Dropdown trigger={['click']} menu={{ items, onClick }} placement="bottomRight">
      <Button
        type="text"
        // A name read out contains what the button shows (WCAG 2.5.3): an avatar alone gets the menu's purpose.
        aria-label={named ? undefined : t('system.menu')}
        title={t('system.menu')}
        data-testid="user-menu"
        style={{ height: 'auto', padding: '2px 6px', minWidth: 0 }}
      >
        {children}
      </Button>
    </Dropdown>
  );
}
