import { useEffect, useRef } from 'react';
import { App, notification as notifications } from 'antd';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  RealtimeEvent,
  type AdminNoticeMessage,
  type CaseChangedMessage,
  type FailedMessage,
  type TaskMessage,
} from '@archway/contract';
import { renewUser } from '../auth/identity.ts';
import { markArrived } from './arrivals.ts';
import { openHub, REALTIME_KEYS } from './hub.ts';
import { viewportMode } from '../ui/use-viewport.ts';
import {
  forgetShownNotices,
  putAwayShownNotices,
  replaceShownNotices,
  showArrivalToast,
  showFailedNotice,
  showTaskNotice,
} from './task-notice.tsx';

/**
 * Where a new case's toast shows, by layout mode (the task notices' places are in `app/providers.tsx`); on a phone
 * it is a slim bar over the top bar, through an API of its own (4 px from the top), so it covers none of the list.
 */
const arrivalPlacement = { wide: 'bottom', compact: 'bottomRight', mobile: 'top' } as const;
const SLIM_BAR = { placement: 'top', top: 4, stack: false, maxCount: 2 } as const;

const refresh = (client: QueryClient, ...keys: (readonly string[])[]) =>
  keys.forEach((queryKey) => void client.invalidateQueries({ queryKey }));

/**
 * The realtime hub's client side, mounted once by the application layout: it renders only the phone's slim bars. Messages only
 * announce what is stored, so each one refreshes the queries that read it: `caseChanged` the case lists and the
 * home's cards (a case `received` also shows a toast opening its page, at the bottom or on a phone at the top, and
 * is highlighted in open lists), `NewReply` the comment badge, `notice` the bell; `Task` also shows a
 * notice opening the case (for a few seconds, never over a dialog or drawer), `Failed` an error notice, `adminNotice` renews the token and reads the current
 * user again. After a reconnect everything is read again, so nothing missed while offline stays missed.
 */
export function RealtimeBridge() {
  const client = useQueryClient();
  const navigate = useNavigate();
  const { notification } = App.useApp();
  const [slimBar, slimBarHolder] = notifications.useNotification(SLIM_BAR);
  const { t } = useTranslation();
  const { pathname } = useLocation();
  // The handlers read the latest of these without reconnecting when they change.
  const latest = useRef({ navigate, notification, slimBar, t });
  useEffect(() => {
    latest.current = { navigate, notification, slimBar, t };
  });
  // Another page: the notices on screen do not follow the person (they are in the bell); the first render is no move.
  const shownPath = useRef(pathname);
  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    putAwayShownNotices();
  }, [pathname]);
  // The notification API changes with its placement (the window crossed the phone's width, or the theme changed
  // the top bar's height): the task notices on screen move to the new place.
  useEffect(() => replaceShownNotices(notification), [notification]);

  useEffect(() => {
    const { socket, close } = openHub({
      onReconnect: () => refresh(client, REALTIME_KEYS.notices, REALTIME_KEYS.cases, REALTIME_KEYS.comments),
      // A refused handshake: the token may have expired while the page slept; a renewed one reconnects.
      onRefused: () => void renewUser(),
    });
    socket.on(RealtimeEvent.caseChanged, (m: CaseChangedMessage) => {
      refresh(client, REALTIME_KEYS.cases, REALTIME_KEYS.home);
      if (m?.reason !== 'received') return;
      const { navigate: go, notification, slimBar: slim, t: tr } = latest.current;
      markArrived(m.id);
      // Clear of the page's toolbar (filters, view switch), of the task notices and of the help button: at the
      // bottom in the middle, where wide lists have text cells and no controls (their actions are pinned right);
      // below 1200 px, where the actions are the second column, at the bottom right; on a phone a slim bar over the
      // top bar for a few seconds, covering none of the list.
      const mode = viewportMode(window.innerWidth);
      showArrivalToast(
        m,
        { notify: mode === 'mobile' ? slim : notification, t: tr, go: (to) => void go(to) },
        arrivalPlacement[mode],
        { slim: mode === 'mobile' },
      );
    });
    socket.on(RealtimeEvent.notice, () => refresh(client, REALTIME_KEYS.notices));
    socket.on(RealtimeEvent.newReply, () => refresh(client, REALTIME_KEYS.comments));
    socket.on(RealtimeEvent.task, (m: TaskMessage) => {
      const { navigate: go, notification: notify, t: tr } = latest.current;
      // A built model refreshes the model builder's jobs; its notice opens the case's page (issue 32).
      refresh(client, REALTIME_KEYS.cases, ...(m.reason === 'model' ? [REALTIME_KEYS.models] : []));
      showTaskNotice(m, { notify, t: tr, go: (to) => void go(to) });
    });
    socket.on(RealtimeEvent.failed, (m: FailedMessage) => {
      const { navigate: go, notification: notify, t: tr } = latest.current;
      showFailedNotice(m, { notify, t: tr, go: (to) => void go(to) });
    });
    socket.on(RealtimeEvent.adminNotice, (_m: AdminNoticeMessage) => {
      // The organization, membership or certification changed: a new token carries it; then read the user again.
      void renewUser().finally(() =>
        refresh(client, REALTIME_KEYS.currentUser, REALTIME_KEYS.customer, REALTIME_KEYS.cases),
      );
    });
    return () => {
      close();
      forgetShownNotices();
    };
  }, [client]);

  // Renders only the slim bar's notices (in a portal).
  return slimBarHolder;
}
