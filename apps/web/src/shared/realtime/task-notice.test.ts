import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ArgsProps, NotificationInstance } from 'antd/es/notification/interface';
import type { TFunction } from 'i18next';
import type { TaskMessage } from '@archway/contract';
import {
  forgetShownNotices,
  replaceShownNotices,
  showFailedNotice,
  showingCase,
  showTaskNotice,
} from './task-notice.tsx';

describe('showingCase', () => {
  it('knows the case detail and the model builder of a case, under any base or system prefix', () => {
    expect(showingCase('c1', 'case', { pathname: '/v5/case', search: '?id=c1' })).toBe(true);
    expect(showingCase('c1', 'case', { pathname: '/v5/first/case/', search: '?id=c1&x=1' })).toBe(true);
    expect(showingCase('c1', 'case', { pathname: '/v5/case', search: '' })).toBe(false);
    expect(showingCase('c1', 'case', { pathname: '/v5/case', search: '?id=c2' })).toBe(false);
    expect(showingCase('c1', 'case', { pathname: '/v5/caseBuilder', search: '?id=c1' })).toBe(false);
    expect(showingCase('c1', 'caseBuilder', { pathname: '/v5/caseBuilder', search: '?id=c1' })).toBe(true);
  });
});

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
