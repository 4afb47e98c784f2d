import { hidesField, Privacy } from '@archway/contract';

/**
 * The privacy switch view (product §4): a server value of exactly 0 is shown as all hidden (external access
 * disabled); otherwise each set bit hides its field. The master switch is on while the e-mail or the phone is visible.
 */
export function switchView(privacy: number) {
  const shown = privacy === 0 ? Privacy.all : privacy;
  return {
    master: !hidesField(shown, Privacy.email) || !hidesField(shown, Privacy.phone),
    email: !hidesField(shown, Privacy.email),
    phone: !hidesField(shown, Privacy.phone),
    address: !hidesField(shown, Privacy.other),
  };
}

/** The delay between showing the e-mail and showing the phone when the master switch goes on (product §4). */
export const MASTER_ON_STEP_MS = 100;

export interface MasterSteps {
  show: (bit: 2 | 4) => Promise<unknown>;
  hide: (bit: 2 | 4 | 8) => Promise<unknown>;
  /** The three customer notices (CustEmailNotice, CustPhoneNotice, CustNameNotice), all set to one value. */
  notices: (on: boolean) => Promise<unknown>;
  wait: (ms: number) => Promise<unknown>;
}

/**
 * The master switch (product §4). Off: hide e-mail, phone and address (PUT 2, 4, 8: set the hide bits), then the
 * notices false. On: remove the e-mail bit (DELETE 2), 100 ms later the phone bit (DELETE 4), then the notices true.
 * A failing step stops the rest.
 */
export async function runMasterSwitch({ on }: { on: boolean }, steps: MasterSteps): Promise<void> {
  if (on) {
    await steps.show(2);
    await steps.wait(MASTER_ON_STEP_MS);
    await steps.show(4);
  } else {
    for (const bit of [2, 4, 8] as const) await steps.hide(bit);
  }
  await steps.notices(on);
}
