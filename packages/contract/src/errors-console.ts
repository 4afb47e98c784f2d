/**
 * The catalogue's tables for the administrator's console (issue 13: organizations, users, administrators). Codes are
 * Archway's; the spec has none for these calls.
 */
import { def } from './error-def.ts';

/** `/api2/admin/console/*`: the console's own refusals. */
export const ConsoleErrors = {
  parameter: def(-1, 'console.parameter', 400, 'Parameter error'),
  self: def(-2, 'console.self', 400, 'Not on your own account: another administrator must do this'),
  userNotFound: def(-3, 'console.userNotFound', 400, 'User not found or does not exist'),
  noEmail: def(-4, 'console.noEmail', 400, 'This account has no e-mail address to send a password link to'),
  userDisabled: def(-5, 'console.userDisabled', 400, 'This account is disabled: enable it first'),
  /** An administrator creates, joins or is invited into an organization. */
  adminNoOrg: def(
    -6,
    'console.adminNoOrg',
    400,
    'Administrator accounts belong to no organization: use a separate account for that',
  ),
} as const;

/**
 * `/api2/admin/backups`: starting a backup from the console (issue 30). `npm run backup` says the same in plain text.
 */
export const BackupErrors = {
  parameter: def(-1, 'backup.parameter', 400, 'Parameter error'),
  running: def(-2, 'backup.running', 409, 'A backup is already running: wait until it is done'),
  notWritable: def(
    -3,
    'backup.notWritable',
    400,
    'The backup directory cannot be written: check BACKUP_DIR and its permissions',
  ),
  noSpace: def(-4, 'backup.noSpace', 400, 'Not enough free space in the backup directory for a backup'),
} as const;

/**
 * A member acting for an organization the platform administrator disabled: every call needing an organization
 * (access `member`) answers this instead of `cust.missing`, until the organization is enabled again.
 */
export const CustDisabledErrors = {
  disabled: def(
    -20,
    'cust.disabled',
    400,
    'Your organization has been disabled by the platform administrator: contact Archway support',
  ),
} as const;

/** Sign-in (`POST /account/token`, the sign-in page): Archway's addition after `SignInErrors`. */
export const SignInResetErrors = {
  resetRequired: def(
    -5,
    'signIn.resetRequired',
    400,
    'An administrator asked you to choose a new password: use the link mailed to you, or "Forgot password"',
  ),
} as const;
