import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ArgsProps, NotificationInstance } from 'antd/es/notification/interface';
import type { TFunction } from 'i18next';
import type { TaskMessage } from '@archway/contract';
import {
  forgetShownNotices,
  replaceShownNotices,
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

describe('persistent notices follow a new placement', () => {
  afterEach(() => {
    forgetShownNotices();
    vi.unstubAllGlobals();
  });

  it('opens the notices on screen again, once each, and forgets those put away or opened', () => {
    vi.stubGlobal('window', { location: { pathname: '/v5/home', search: '' } });
    const first = recorder();
    const deps = { notify: first.notify, t, go: () => {} };
    showTaskNotice(task('n1'), deps);
    showTaskNotice(task('n2'), deps);
    showFailedNotice({ noticeId: 'n3', caseId: 'c3', reason: 'conversion' } as never, deps);
    expect(first.opened.map((a) => [a.key, a.type, a.duration])).toEqual([
      ['task-n1', 'success', 0],
      ['task-n2', 'success', 0],
      ['failed-n3', 'error', 0],
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
    expect(second.opened[0]).toMatchObject({ type: 'success', className: 'task-notice', duration: 0 });

    // Gone from the hub (signed out): nothing comes back.
    forgetShownNotices();
    const third = recorder();
    replaceShownNotices(third.notify);
    expect(third.opened).toEqual([]);
  });
});

describe("a notice's open button", () => {
  afterEach(() => {
    forgetShownNotices();
    vi.unstubAllGlobals();
  });
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

  it("the new case's toast opens its page, goes by itself, and offers nothing on that page", () => {
    vi.stubGlobal('window', { location: { pathname: '/v5/home', search: '' } });
    const { notify, opened, destroyed } = recorder();
    const go = vi.fn();
    showArrivalToast({ id: 'c9', patientName: 'Ada' }, { notify, t, go }, 'top');
    expect(opened[0]).toMatchObject({ key: 'case-arrived-c9', duration: 8, placement: 'top' });
    press(opened[0]!);
    expect(go).toHaveBeenCalledWith('/case/c9');
    expect(destroyed).toEqual(['case-arrived-c9']);

    vi.stubGlobal('window', { location: { pathname: '/v5/case/c9', search: '' } });
    const onPage = recorder();
    showArrivalToast({ id: 'c9', patientName: 'Ada' }, { notify: onPage.notify, t, go }, 'top');
    expect(onPage.opened[0]!.actions).toBeUndefined();
  });
});
