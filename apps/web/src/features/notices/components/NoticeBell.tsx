import { useState } from 'react';
import { Badge, Button, Drawer, Popover } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useViewportMode } from '../../../shared/ui/use-viewport.ts';
import { useUnreadCount } from '../api/get-unread-count.ts';
import { NoticePanel } from './NoticePanel.tsx';

/**
 * The top bar's bell: the unread count, and the notices in a popover (a drawer from the bottom on a phone). The
 * top bar may hold its open state (the phone's "…" menu opens it too).
 */
export function NoticeBell(props: { open?: boolean; onOpenChange?: (open: boolean) => void }) {
  const { t } = useTranslation();
  const mobile = useViewportMode() === 'mobile';
  const [ownOpen, setOwnOpen] = useState(false);
  const open = props.open ?? ownOpen;
  const setOpen = props.onOpenChange ?? setOwnOpen;
  const count = useUnreadCount().data?.count ?? 0;
  const label = count ? t('notices.openUnread', { count }) : t('notices.open');
  const button = (
    <Button
      type="text"
      aria-label={label}
      title={label}
      onClick={mobile ? () => setOpen(true) : undefined}
      data-testid="notice-bell"
      icon={
        <Badge count={count} size="small" overflowCount={99} data-testid="notice-count">
          <BellOutlined style={{ fontSize: 16 }} />
        </Badge>
      }
    />
  );
  const panel = <NoticePanel open={open} onClose={() => setOpen(false)} titled={!mobile} />;
  if (mobile)
    return (
      <>
        {button}
        <Drawer
          placement="bottom"
          open={open}
          onClose={() => setOpen(false)}
          title={t('notices.title')}
          size="80vh"
          styles={{ body: { paddingTop: 8 } }}
          destroyOnHidden
        >
          {panel}
        </Drawer>
      </>
    );
  return (
    <Popover
      trigger="click"
      placement="bottomRight"
      open={open}
      onOpenChange={setOpen}
      content={<div style={{ width: 360, maxWidth: 'calc(100vw - 32px)' }}>{panel}</div>}
      destroyOnHidden
    >
      {button}
    </Popover>
  );
}
