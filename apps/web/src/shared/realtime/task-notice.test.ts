import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ArgsProps, NotificationInstance } from 'antd/es/notification/interface';
import type { TFunction } from 'i18next';
import type { TaskMessage } from '@archway/contract';
import { ARRIVAL_MS, FAILED_NOTICE_MS, TASK_NOTICE_MS } from './notice-timing.ts';
import {
  forgetShownNotices,
  putAwayShownNotices,
  replaceShownNotices,
  setCoveredCheck,
  showFailedNotice,
  showArrivalToast,
  showTaskNotice,
} from './task-notice.tsx';

/** A notification API that records what it was asked to open and close. */
function recorder() {
  const opened: ArgsProps[] = [];
  const destroyed: unknown[] = [];
  const notify = {
    open: (args: ArgsProps) => opened.push(args),
    destroy: (key?: unknown) => destroyed.push(key),
  } as unknown as NotificationInstance;
  return { notify, opened, destroyed };
}
const t = ((key: string) => key) as unknown as TFunction;
const task = (noticeId: string, caseId = 'c1') => ({ noticeId, caseId, reason: 'finished' }) as TaskMessage;
/** The handlers the notice's element gets (pointer, focus, keys). */
type Handlers = {
  onPointerEnter: () => void;
  onPointerLeave: () => void;
  onKeyDown: (e: { key: string; stopPropagation: () => void }) => void;
};
const handlers = (args: ArgsProps) => args.props as unknown as Handlers;

let covered = false;
beforeEach(() => {
  vi.useFakeTimers();
  covered = false;
  setCoveredCheck(() => covered);
  vi.stubGlobal('window', { location: { pathname: '/v5/home', search: '' } });
});
afterEach(() => {
  forgetShownNotices();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('a task notice goes by itself', () => {
  it('closes after a few seconds, as a status a screen reader announces', () => {
    const { notify, opened, destroyed } = recorder();
    showTaskNotice(task('n1'), { notify, t, go: () => {} });
    expect(opened[0]).toMatchObject({ key: 'task-n1', type: 'success', role: 'status', duration: false });
    vi.advanceTimersByTime(TASK_NOTICE_MS - 1);
    expect(destroyed).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(destroyed).toEqual(['task-n1']);
  });

  it('stays while the pointer is over it, and Escape puts it away', () => {
    const { notify, opened, destroyed } = recorder();
    showTaskNotice(task('n1'), { notify, t, go: () => {} });
    handlers(opened[0]!).onPointerEnter();
    vi.advanceTimersByTime(TASK_NOTICE_MS * 10);
    expect(destroyed).toEqual([]);
    handlers(opened[0]!).onKeyDown({ key: 'Escape', stopPropagation: () => {} });
    expect(destroyed).toEqual(['task-n1']);
  });

  it('a failure stays a little longer', () => {
    const { notify, destroyed } = recorder();
    showFailedNotice({ noticeId: 'n3', caseId: 'c3', reason: 'conversion' } as never, {
      notify,
      t,
      go: () => {},
    });
    vi.advanceTimersByTime(TASK_NOTICE_MS);
    expect(destroyed).toEqual([]);
    vi.advanceTimersByTime(FAILED_NOTICE_MS - TASK_NOTICE_MS);
    expect(destroyed).toEqual(['failed-n3']);
  });

  it('the page changed: the notice on screen is put away', () => {
    const { notify, destroyed } = recorder();
    showTaskNotice(task('n1'), { notify, t, go: () => {} });
    putAwayShownNotices();
    expect(destroyed).toEqual(['task-n1']);
  });
});

describe('a task notice never sits over a dialog or drawer', () => {
  it('waits while one is open and shows once it closes, for its full time', () => {
    const { notify, opened, destroyed } = recorder();
    covered = true;
    showTaskNotice(task('n1'), { notify, t, go: () => {} });
    vi.advanceTimersByTime(60_000);
    expect(opened).toEqual([]);
    covered = false;
    vi.advanceTimersByTime(500);
    expect(opened.map((a) => a.key)).toEqual(['task-n1']);
    vi.advanceTimersByTime(TASK_NOTICE_MS - 500);
    expect(destroyed).toEqual([]);
    vi.advanceTimersByTime(500);
    expect(destroyed).toEqual(['task-n1']);
  });

  it('on screen when one opens, it is put away (it is in the bell)', () => {
    const { notify, opened, destroyed } = recorder();
    showTaskNotice(task('n1'), { notify, t, go: () => {} });
    expect(opened).toHaveLength(1);
    covered = true;
    vi.advanceTimersByTime(500);
    expect(destroyed).toEqual(['task-n1']);
    covered = false;
    vi.advanceTimersByTime(60_000);
    expect(opened).toHaveLength(1);
  });

  it('of many that waited, the latest three show', () => {
    const { notify, opened } = recorder();
    covered = true;
    for (const id of ['n1', 'n2', 'n3', 'n4']) showTaskNotice(task(id), { notify, t, go: () => {} });
    covered = false;
    vi.advanceTimersByTime(500);
    expect(opened.map((a) => a.key)).toEqual(['task-n2', 'task-n3', 'task-n4']);
  });
});

describe('notices on screen follow a new placement', () => {
  it('opens the notices on screen again, once each, and forgets those put away or opened', () => {
    const first = recorder();
    const deps = { notify: first.notify, t, go: () => {} };
    showTaskNotice(task('n1'), deps);
    showTaskNotice(task('n2'), deps);
    showFailedNotice({ noticeId: 'n3', caseId: 'c3', reason: 'conversion' } as never, deps);
    expect(first.opened.map((a) => [a.key, a.type])).toEqual([
      ['task-n1', 'success'],
      ['task-n2', 'success'],
      ['failed-n3', 'error'],
    ]);
    // No placement of their own: the API's default (the layout's place) decides where they show.
    expect(first.opened.every((a) => a.placement === undefined)).toBe(true);

    // n1 is put away with its close button; n3's open button opens its case.
    first.opened[0]!.onClose!();
    const button = first.opened[2]!.actions as { props: { onClick: () => void } };
    button.props.onClick();
    expect(first.destroyed).toEqual(['failed-n3']);

    // The window crossed the phone's width: the API with the new placement opens the one left, with its key.
    const second = recorder();
    replaceShownNotices(second.notify);
    expect(second.opened.map((a) => a.key)).toEqual(['task-n2']);
    expect(second.opened[0]).toMatchObject({ type: 'success', className: 'task-notice' });
    // Moved, it has its full time again, and goes by itself from the new place.
    vi.advanceTimersByTime(TASK_NOTICE_MS);
    expect(second.destroyed).toEqual(['task-n2']);

    // Gone from the hub (signed out): nothing comes back.
    showTaskNotice(task('n4'), deps);
    forgetShownNotices();
    const third = recorder();
    replaceShownNotices(third.notify);
    expect(third.opened).toEqual([]);
  });
});

describe("a notice's open button", () => {
  const press = (args: ArgsProps) => (args.actions as { props: { onClick: () => void } }).props.onClick();

  it.each(['finished', 'converted', 'model'])("opens the case's page (a %s task)", (reason) => {
    vi.stubGlobal('window', { location: { pathname: '/v5/case', search: '' } });
    const { notify, opened, destroyed } = recorder();
    const go = vi.fn();
    showTaskNotice({ noticeId: 'n1', caseId: 'c 1', reason } as TaskMessage, { notify, t, go });
    expect((opened[0]!.actions as { props: { children: string } }).props.children).toBe('realtime.task.open');
    press(opened[0]!);
    expect(go).toHaveBeenCalledWith('/case/c%201');
    expect(destroyed).toEqual(['task-n1']);
    // Opened: it does not come back when the window changes its layout.
    const again = recorder();
    replaceShownNotices(again.notify);
    expect(again.opened).toEqual([]);
  });

  it("is not offered while that case's page shows (at any tab), and is for another case", () => {
    vi.stubGlobal('window', { location: { pathname: '/v5/case/c1', search: '?tab=conversation' } });
    const { notify, opened } = recorder();
    const go = vi.fn();
    showTaskNotice(task('n1', 'c1'), { notify, t, go });
    showFailedNotice({ noticeId: 'n2', caseId: 'c1', reason: 'conversion' } as never, { notify, t, go });
    showTaskNotice(task('n3', 'c2'), { notify, t, go });
    expect(opened.map((a) => Boolean(a.actions))).toEqual([false, false, true]);
  });

  it('is decided when the notice shows: one that waited for a dialog on that case offers none', () => {
    const { notify, opened } = recorder();
    covered = true;
    showTaskNotice(task('n1', 'c1'), { notify, t, go: vi.fn() });
    vi.stubGlobal('window', { location: { pathname: '/v5/case/c1', search: '' } });
    covered = false;
    vi.advanceTimersByTime(500);
    expect(opened[0]!.actions).toBeUndefined();
  });

  it("the new case's toast opens its page, goes by itself, and offers nothing on that page", () => {
    const { notify, opened, destroyed } = recorder();
    const go = vi.fn();
    showArrivalToast({ id: 'c9', patientName: 'Ada' }, { notify, t, go }, 'top', { slim: true });
    expect(opened[0]).toMatchObject({ key: 'case-arrived-c9', placement: 'top', role: 'status' });
    expect(opened[0]!.className).toContain('realtime-slim');
    press(opened[0]!);
    expect(go).toHaveBeenCalledWith('/case/c9');
    expect(destroyed).toEqual(['case-arrived-c9']);

    const gone = recorder();
    showArrivalToast({ id: 'c8' }, { notify: gone.notify, t, go }, 'bottom');
    vi.advanceTimersByTime(ARRIVAL_MS);
    expect(gone.destroyed).toEqual(['case-arrived-c8']);

    vi.stubGlobal('window', { location: { pathname: '/v5/case/c9', search: '' } });
    const onPage = recorder();
    showArrivalToast({ id: 'c9', patientName: 'Ada' }, { notify: onPage.notify, t, go }, 'top');
    expect(onPage.opened[0]!.actions).toBeUndefined();
  });
});
