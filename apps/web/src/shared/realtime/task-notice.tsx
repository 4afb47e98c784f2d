import { Button } from 'antd';
import type { ArgsProps, NotificationInstance } from 'antd/es/notification/interface';
import type { TFunction } from 'i18next';
import type { FailedMessage, TaskMessage } from '@archway/contract';
import { casePath, showingCasePage } from '../case-page/case-path.ts';

interface NoticeDeps {
  notify: NotificationInstance;
  t: TFunction;
  go: (to: string) => void;
}

/**
 * The persistent notices on screen, by key, as they were opened: when the window changes between the phone's layout
 * and the others (or the theme's top bar height changes), `replaceShownNotices` opens them again in their new place.
 * A notice leaves when its close button puts it away or its open button is used.
 */
const shown = new Map<string, ArgsProps>();

function showPersistent(notify: NotificationInstance, args: ArgsProps): void {
  const key = String(args.key);
  const config: ArgsProps = {
    ...args,
    onClose: () => {
      shown.delete(key);
    },
  };
  shown.set(key, config);
  notify.open(config);
}

/**
 * Opens the persistent notices on screen again through `notify`, whose default placement is the current one
 * (below the top bar at the right, at the bottom on a phone): the same notices, moved, nothing lost or doubled.
 */
export function replaceShownNotices(notify: NotificationInstance): void {
  for (const config of shown.values()) notify.open(config);
}

/** Forgets the notices on screen (the hub's client closes, e.g. on signing out): no later resize brings them back. */
export function forgetShownNotices(): void {
  shown.clear();
}

/** The open button of a notice about a case (to its page), or none when the page already shows that case. */
function openAction(
  key: string,
  caseId: string,
  label: string,
  deps: NoticeDeps,
  { primary = true, onOpen }: { primary?: boolean; onOpen?: () => void } = {},
) {
  // The page already shows that case (at any tab): no button to open it again.
  if (showingCasePage(caseId)) return undefined;
  return (
    <Button
      type={primary ? 'primary' : 'default'}
      size="small"
      className="realtime-task-open"
      onClick={() => {
        onOpen?.();
        deps.notify.destroy(key);
        deps.go(casePath(caseId));
      }}
    >
      {label}
    </Button>
  );
}

/**
 * A new case arrived (realtime `caseChanged`, reason `received`): a toast that goes by itself, opening the case's
 * page unless the page already shows it. Where it shows is the caller's (`placement`).
 */
export function showArrivalToast(
  m: { id: string; patientName?: string | null },
  deps: NoticeDeps,
  placement: ArgsProps['placement'],
): void {
  const { notify, t } = deps;
  const key = `case-arrived-${m.id}`;
  notify.open({
    type: 'info',
    key,
    className: 'realtime-case-arrived',
    placement,
    title: t('realtime.arrived.title'),
    description: m.patientName
      ? t('realtime.arrived.patient', { name: m.patientName })
      : t('realtime.arrived.description'),
    // A toast, not a task: it goes by itself (and any time by its close button).
    duration: 8,
    actions: openAction(key, m.id, t('realtime.task.open'), deps, {}),
  });
}

/**
 * The persistent task notice (product: "persistent task notice never closes" by itself; calls-and-errors §7.3): it
 * stays until the person opens the case or puts it away with its close button (a real button, so the keyboard
 * reaches it); either way the notice stays in the bell, where the server stored it. Where it shows (below the top
 * bar, at the bottom on a phone) is the notification placement of `app/providers.tsx`; a notice on screen follows
 * when the window is resized across the phone's width (`replaceShownNotices`).
 */
export function showTaskNotice(m: TaskMessage, deps: NoticeDeps): void {
  const { notify, t } = deps;
  const key = `task-${m.noticeId}`;
  const model = m.reason === 'model';
  showPersistent(notify, {
    type: 'success',
    key,
    className: 'task-notice',
    title: t(
      model
        ? 'models.task.title'
        : m.reason === 'converted'
          ? 'realtime.task.convertedTitle'
          : 'realtime.task.finishedTitle',
    ),
    description: t(
      model
        ? 'models.task.done'
        : m.reason === 'converted'
          ? 'realtime.task.converted'
          : 'realtime.task.finished',
    ),
    duration: 0,
    closable: { 'aria-label': t('notices.closeTask') },
    // Every task opens the case's page (a built model is among its files); not while that page shows.
    actions: openAction(key, m.caseId, t('realtime.task.open'), deps, { onOpen: () => shown.delete(key) }),
  });
}

/** A failed task: an error notice, persistent like a task's, opening the case unless the page shows it. */
export function showFailedNotice(m: FailedMessage, deps: NoticeDeps): void {
  const { notify, t } = deps;
  const key = `failed-${m.noticeId}`;
  showPersistent(notify, {
    type: 'error',
    key,
    className: 'task-notice',
    title: t('realtime.failed.title'),
    description: t(
      m.reason === 'conversion'
        ? 'realtime.failed.conversion'
        : m.reason === 'model'
          ? 'realtime.failed.model'
          : 'realtime.failed.other',
    ),
    duration: 0,
    closable: { 'aria-label': t('notices.closeTask') },
    actions: m.caseId
      ? openAction(key, m.caseId, t('realtime.task.open'), deps, {
          primary: false,
          onOpen: () => shown.delete(key),
        })
      : undefined,
  });
}
