import type { FocusEvent, KeyboardEvent } from 'react';
import { Button } from 'antd';
import type { ArgsProps, NotificationInstance } from 'antd/es/notification/interface';
import type { TFunction } from 'i18next';
import type { FailedMessage, TaskMessage } from '@archway/contract';
import { casePath, showingCasePage } from '../case-page/case-path.ts';
import {
  ARRIVAL_MS,
  FAILED_NOTICE_MS,
  holdTimer,
  overlayOpen,
  TASK_NOTICE_MS,
  toShowAfterWaiting,
  type HoldTimer,
} from './notice-timing.ts';
import './notices.css';

interface NoticeDeps {
  notify: NotificationInstance;
  t: TFunction;
  go: (to: string) => void;
}

/**
 * A realtime notice (a task's, a failure's, a new case's) while it waits or shows. It is built when it shows (its
 * open button depends on the page shown then), closes by itself after `ms` unless hovered or focused, and is put away
 * when a dialog or drawer opens (it is in the bell). `follows`: it moves with the layout's placement
 * (`replaceShownNotices`); a new case's toast has its own place.
 */
interface Entry {
  key: string;
  notify: NotificationInstance;
  build: () => ArgsProps;
  ms: number;
  follows: boolean;
  state: 'waiting' | 'shown';
  args?: ArgsProps;
  timer?: HoldTimer;
}

/** The notices waiting for a dialog or drawer to close, or on screen, by key, in the order they came. */
const notices = new Map<string, Entry>();
/** Whether a dialog, a drawer, the bell or a tour is open (replaced in unit tests). */
let covered = () => typeof document !== 'undefined' && overlayOpen(document);
/** While notices wait or show, how often the page is looked at for a dialog or drawer. */
const WATCH_MS = 200;
let watcher: ReturnType<typeof setInterval> | null = null;

/** For unit tests: what tells whether a dialog or drawer is open. */
export function setCoveredCheck(check: () => boolean): void {
  covered = check;
}

function forget(key: string): void {
  notices.get(key)?.timer?.stop();
  notices.delete(key);
  if (notices.size === 0 && watcher !== null) {
    clearInterval(watcher);
    watcher = null;
  }
}

function putAway(key: string): void {
  const entry = notices.get(key);
  if (!entry) return;
  forget(key);
  entry.notify.destroy(key);
}

/** Opens the notice through its API, with what holds it (pointer, focus) and puts it away (Escape). */
function open(entry: Entry): void {
  const { key } = entry;
  const args = (entry.args ??= entry.build());
  const hold = (why: 'hover' | 'focus') => entry.timer?.hold(why);
  const release = (why: 'hover' | 'focus') => entry.timer?.release(why);
  entry.notify.open({
    ...args,
    // Our own clock (held by focus as well as by the pointer), not the notification's.
    duration: false,
    role: 'status',
    onClose: () => forget(key),
    props: {
      onPointerEnter: () => hold('hover'),
      onPointerLeave: () => release('hover'),
      onFocus: () => hold('focus'),
      onBlur: (e: FocusEvent<HTMLDivElement>) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) release('focus');
      },
      onKeyDown: (e: KeyboardEvent<HTMLDivElement>) => {
        if (e.key !== 'Escape') return;
        e.stopPropagation();
        putAway(key);
      },
    },
  });
}

function present(entry: Entry): void {
  entry.state = 'shown';
  entry.timer?.stop();
  entry.timer = holdTimer(entry.ms, () => putAway(entry.key));
  open(entry);
}

/**
 * Looks at the page while notices wait or show: a dialog or drawer open puts away those on screen (they are in the
 * bell); once none is open, the latest that waited show.
 */
function check(): void {
  const entries = [...notices.values()];
  if (covered()) {
    for (const e of entries) if (e.state === 'shown') putAway(e.key);
    return;
  }
  const waiting = entries.filter((e) => e.state === 'waiting');
  const shown = new Set(toShowAfterWaiting(waiting));
  for (const e of waiting) {
    if (shown.has(e)) present(e);
    else forget(e.key);
  }
}

function offer(entry: Omit<Entry, 'state'>): void {
  notices.get(entry.key)?.timer?.stop();
  const made: Entry = { ...entry, state: 'waiting' };
  notices.set(entry.key, made);
  if (!covered()) present(made);
  watcher ??= setInterval(check, WATCH_MS);
}

/**
 * Opens the notices on screen again through `notify`, whose default placement is the current one (below the top bar
 * at the right, at the bottom on a phone): the same notices, moved, nothing lost or doubled, each for its full time.
 */
export function replaceShownNotices(notify: NotificationInstance): void {
  for (const entry of notices.values())
    if (entry.follows) {
      entry.notify = notify;
      if (entry.state !== 'shown') continue;
      // Moved to a new element (the pointer and the focus were on the old one): its full time again, to be found.
      entry.timer?.stop();
      entry.timer = holdTimer(entry.ms, () => putAway(entry.key));
      open(entry);
    }
}

/** The page changed: the notices on screen are put away (they are in the bell); those waiting for a dialog stay. */
export function putAwayShownNotices(): void {
  for (const entry of [...notices.values()]) if (entry.state === 'shown') putAway(entry.key);
}

/** Forgets the notices (the hub's client closes, e.g. on signing out): no later resize brings them back. */
export function forgetShownNotices(): void {
  for (const key of [...notices.keys()]) forget(key);
}

/** The open button of a notice about a case (to its page), or none when the page already shows that case. */
function openAction(
  key: string,
  caseId: string,
  label: string,
  deps: NoticeDeps,
  { primary = true }: { primary?: boolean } = {},
) {
  // The page already shows that case (at any tab): no button to open it again.
  if (showingCasePage(caseId)) return undefined;
  return (
    <Button
      type={primary ? 'primary' : 'default'}
      size="small"
      className="realtime-task-open"
      onClick={() => {
        putAway(key);
        deps.go(casePath(caseId));
      }}
    >
      {label}
    </Button>
  );
}

/**
 * A new case arrived (realtime `caseChanged`, reason `received`): a toast that goes by itself after `ARRIVAL_MS`
 * (held while hovered or focused), opening the case's page unless the page already shows it. Where it shows is the
 * caller's (`placement`, or an API of its own: on a phone a slim bar over the top bar, `slim`).
 */
export function showArrivalToast(
  m: { id: string; patientName?: string | null },
  deps: NoticeDeps,
  placement: ArgsProps['placement'],
  { slim = false }: { slim?: boolean } = {},
): void {
  const { notify, t } = deps;
  const key = `case-arrived-${m.id}`;
  offer({
    key,
    notify,
    ms: ARRIVAL_MS,
    follows: false,
    build: () => ({
      type: 'info',
      key,
      className: slim ? 'realtime-case-arrived realtime-slim' : 'realtime-case-arrived',
      placement,
      title: t('realtime.arrived.title'),
      description: m.patientName
        ? t('realtime.arrived.patient', { name: m.patientName })
        : t('realtime.arrived.description'),
      closable: { 'aria-label': t('notices.closeTask') },
      actions: openAction(key, m.id, t('realtime.task.open'), deps),
    }),
  });
}

/**
 * A task's notice ("Order complete", "Conversion done", "Model ready"): issue 33 replaces the spec's persistent
 * notice (product "persistent task notice never closes"; calls-and-errors §7.3) by one that closes by itself after
 * `TASK_NOTICE_MS`, held while hovered or focused, put away by its close button or Escape; it waits while a dialog or
 * drawer is open, and is put away when one opens or the page changes. Its history is in the bell, where the server
 * stored it. Where it shows (below the top bar, at the bottom on a phone) is the notification placement of
 * `app/providers.tsx`; a notice on screen follows when the window is resized across the phone's width.
 */
export function showTaskNotice(m: TaskMessage, deps: NoticeDeps): void {
  const { notify, t } = deps;
  const key = `task-${m.noticeId}`;
  const model = m.reason === 'model';
  offer({
    key,
    notify,
    ms: TASK_NOTICE_MS,
    follows: true,
    build: () => ({
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
      closable: { 'aria-label': t('notices.closeTask') },
      // Every task opens the case's page (a built model is among its files); not while that page shows.
      actions: openAction(key, m.caseId, t('realtime.task.open'), deps),
    }),
  });
}

/** A failed task: an error notice, timed like a task's (a little longer: `FAILED_NOTICE_MS`), opening the case unless the page shows it. */
export function showFailedNotice(m: FailedMessage, deps: NoticeDeps): void {
  const { notify, t } = deps;
  const key = `failed-${m.noticeId}`;
  offer({
    key,
    notify,
    ms: FAILED_NOTICE_MS,
    follows: true,
    build: () => ({
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
      closable: { 'aria-label': t('notices.closeTask') },
      actions: m.caseId
        ? openAction(key, m.caseId, t('realtime.task.open'), deps, { primary: false })
        : undefined,
    }),
  });
}
