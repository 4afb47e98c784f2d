import { Privacy } from '@archway/contract';

/**
 * The privacy switch view (product §4): a server value of exactly 0 is shown as all hidden (external access
 * disabled); otherwise each set bit hides its field. The master switch is on while the e-mail or the phone is visible.
 */
export function switchView(privacy: number) {
  const shown = privacy === 0 ? Privacy.all : privacy;
  return {
    master: (shown & (Privacy.email | Privacy.phone)) !== (Privacy.email | Privacy.phone),
    email: (shown & Privacy.email) === 0,
    phone: (shown & Privacy.phone) === 0,
    address: (shown & Privacy.other) === 0,
  };
}

/** The delay between showing the e-mail and showing the phone when the master switch goes on (product §4). */
export const MASTER_ON_STEP_MS = 100;
