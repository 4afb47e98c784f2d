import { describe, expect, it } from 'vitest';
import {
  GUIDE_CHECK_INTERVAL_MS,
  GUIDE_RECEIVER_PAGE,
  GUIDE_STEPS,
  SKIP_PROPERTY,
  guideAllowedOn,
  guideButtons,
  isNewUserProperty,
  nextStep,
  ownReceiverRecords,
  previousStep,
  nextIsPrimary,
  shouldOpenGuide,
  startStep,
} from './guide-rules.ts';

describe('first-use guide', () => {
  it('opens by itself only for a property of exactly {} and no receiver record', () => {
    expect(shouldOpenGuide({}, 0)).toBe(true);
    expect(shouldOpenGuide({}, 1)).toBe(false);
    expect(shouldOpenGuide({ skipNovice: 'yes' }, 0)).toBe(false);
    expect(shouldOpenGuide({ other: 1 }, 0)).toBe(false);
    expect(shouldOpenGuide(null, 0)).toBe(false);
    expect(shouldOpenGuide(undefined, 0)).toBe(false);
    expect(shouldOpenGuide([], 0)).toBe(false);
    expect(isNewUserProperty({})).toBe(true);
  });

  it('checks every 2 hours with the first page of 10 receiver records, newest first', () => {
    expect(GUIDE_CHECK_INTERVAL_MS).toBe(7_200_000);
    expect(GUIDE_RECEIVER_PAGE).toEqual({ pageIndex: 1, pageSize: 10, sorter: 'registTime desc' });
    expect(SKIP_PROPERTY).toEqual({ skipNovice: 'yes' });
  });

  it('is never shown on /account', () => {
    expect(guideAllowedOn('/account')).toBe(false);
    expect(guideAllowedOn('/account/x')).toBe(false);
    expect(guideAllowedOn('/home')).toBe(true);
    expect(guideAllowedOn('/accounts')).toBe(true);
  });

  it('has three steps: back from step 1, next at steps 0 and 1, finish at step 2, skip always', () => {
    expect(GUIDE_STEPS).toEqual(['device', 'transfer', 'studio']);
    expect(guideButtons(0)).toEqual({ back: false, next: true, finish: false, skip: true });
    expect(guideButtons(1)).toEqual({ back: true, next: true, finish: false, skip: true });
    expect(guideButtons(2)).toEqual({ back: true, next: false, finish: true, skip: true });
    expect([nextStep(0), nextStep(1), nextStep(2)]).toEqual([1, 2, 2]);
    expect([previousStep(0), previousStep(1), previousStep(2)]).toEqual([0, 0, 1]);
  });

  it('starts at the first step not done: a clinic with devices starts at step 1', () => {
    expect(startStep(0, 0)).toBe(0);
    expect(startStep(0, 3)).toBe(0);
    expect(startStep(2, 0)).toBe(1);
    expect(startStep(1, 1)).toBe(2);
    // Receivers another organization chose (the lender's) do not count as this user's step 1.
    const records = [{ siginUserId: 'lender' }, { siginUserId: 'lender' }];
    expect(startStep(2, ownReceiverRecords(records, 'me'))).toBe(1);
    expect(startStep(2, ownReceiverRecords([...records, { siginUserId: 'me' }], 'me'))).toBe(2);
  });

  it('has one primary button per step: bind, then next, then finish', () => {
    expect([0, 1, 2].map((s) => nextIsPrimary(s as 0 | 1 | 2))).toEqual([false, true, false]);
  });
});
