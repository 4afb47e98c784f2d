import { z } from 'zod';
import { Languages } from './constants.ts';
import { passwordSchema, safeString, timeZoneSchema } from './schemas.ts';

/** An account name: 2 to 16 letters, digits and `@ . _ -` (product §5). */
export const Username = { min: 2, max: 16, pattern: /^[A-Za-z0-9@._-]+$/ } as const;

export const usernameSchema = z
  .string()
  .trim()
  .min(Username.min)
  .max(Username.max)
  .regex(Username.pattern, 'letters, digits and @ . _ - only');

const email = safeString(254).pipe(z.email());

/** How long an e-mail confirmation link and a password reset link work. */
export const CONFIRM_EMAIL_HOURS = 48;
export const RESET_PASSWORD_HOURS = 2;

/**
 * `POST /user/register` (issue 9 fixes the path): a new account, unconfirmed until the link mailed to `email` is
 * followed. `language` is the one the mail is written in (default en).
 */
export const registerBody = z.object({
  username: usernameSchema,
  email,
  password: passwordSchema,
  country: safeString(60).min(1),
  region: safeString(60).optional(),
  language: z.enum(Languages).optional(),
  /** Archway's (issue 34): the browser's IANA time zone, for dates in mail. */
  timeZone: timeZoneSchema.optional(),
});
export type RegisterBody = z.infer<typeof registerBody>;

/**
 * `GET /user/confirmEmail?mail=` (calls-and-errors §7.5; the start-up check of §8.1 offers it): a confirmation link
 * is mailed to `mail`, the signed-in account's own address.
 */
export const confirmEmailQuery = z.object({ mail: email });

/** What `GET /user/confirmEmail` answers: whether a mail went (none when the address is already confirmed). */
export const confirmEmailAnswer = z.object({
  sent: z.boolean(),
  email: z.string(),
  emailConfirmed: z.string(),
});

/** `POST /user/email/confirm`: the mailed link followed, with its single-use token. */
export const confirmEmailLinkBody = z.object({ token: safeString(200).min(1) });

/** `POST /user/password/forgot`: answers the same whether or not the address belongs to an account. */
export const forgotPasswordBody = z.object({ email });

/** `POST /user/password/reset`: a single-use, expiring token from the mail and the new password. */
export const resetPasswordBody = z.object({
  token: safeString(200).min(1),
  password: passwordSchema,
});
