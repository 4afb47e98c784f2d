/**
 * The first-use guide of product §4: three steps (0 bind device, 1 set the data receiver, 2 start
 * scanning), back/next/skip rules, and when it opens by itself.
 */
export const GUIDE_STEPS = ['device', 'transfer', 'studio'] as const;
export type GuideStep = 0 | 1 | 2;
export const LAST_STEP: GuideStep = 2;

/** The check repeats every 2 hours. */
export const GUIDE_CHECK_INTERVAL_MS = 7_200_000;

/** The receiver page the check reads: first page, 10 per page, newest first. */
export const GUIDE_RECEIVER_PAGE = { pageIndex: 1, pageSize: 10, sorter: 'registTime desc' } as const;

/** What skipping or finishing stores on the user. */
export const SKIP_PROPERTY = { skipNovice: 'yes' } as const;

/** An empty property object means a new user. */
export function isNewUserProperty(property: unknown): boolean {
  return (
    typeof property === 'object' &&
    property !== null &&
    !Array.isArray(property) &&
    Object.keys(property).length === 0
  );
}

/** Opens by itself when the property is exactly `{}` and no receiver record exists; otherwise closed. */
export function shouldOpenGuide(property: unknown, receiverRecords: number): boolean {
  return isNewUserProperty(property) && receiverRecords === 0;
}

/** Never shown on /account. */
export function guideAllowedOn(pathname: string): boolean {
  return pathname !== '/account' && !pathname.startsWith('/account/');
}

/** Back shows from step 1; next shows at steps 0 and 1 and hides at step 2, where finish shows. */
export function guideButtons(step: GuideStep): {
  back: boolean;
  next: boolean;
  finish: boolean;
  skip: boolean;
} {
  return { back: step >= 1, next: step < LAST_STEP, finish: step === LAST_STEP, skip: true };
}

export const nextStep = (step: GuideStep): GuideStep => (step < LAST_STEP ? ((step + 1) as GuideStep) : step);
export const previousStep = (step: GuideStep): GuideStep => (step > 0 ? ((step - 1) as GuideStep) : step);

/**
 * The step the guide opens at: the first one not done yet. No device this organization can route
 * (owned or lent to it): bind one (0); a device but no receiver this user chose (a lab's own
 * receiver rows are added by whoever bound the device): choose receivers (1); both: start
 * scanning (2). A clinic with devices lent to it therefore starts at step 1.
 */
export function startStep(routableDevices: number, receiverRecords: number): GuideStep {
  if (routableDevices === 0) return 0;
  return receiverRecords === 0 ? 1 : 2;
}

/** The receiver records the start step reads: the newest 100. */
export const GUIDE_START_RECORDS = { pageIndex: 1, pageSize: 100, sorter: 'registTime desc' } as const;

/** Receiver records this user added (all of them when the user is not known). */
export const ownReceiverRecords = (records: readonly { siginUserId: string }[], userId?: string) =>
  userId ? records.filter((r) => r.siginUserId === userId).length : records.length;

/** One primary button per step: bind at step 0 (in the form), next at step 1, finish at step 2. */
export const nextIsPrimary = (step: GuideStep) => step === 1;
