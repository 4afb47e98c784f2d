import { z } from 'zod';
import { passwordSchema, safeString } from './schemas.ts';
import { Username } from './registration.ts';

/**
 * The personal centre (`/account`, issue 9): the signed-in person's own profile, avatar, e-mail, password, phone,
 * chat-app login and account. The profile itself is read with `GET /api2/user` (`currentUser`).
 */

/** Avatar: jpg, png or gif (by content), at most 2 MB (product §5, §9). Form field `avatar`. */
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const AVATAR_TYPES = ['jpg', 'png', 'gif'] as const;

/** A phone number: digits, optionally a leading +, spaces and dashes between; 6 to 20 digits. */
export const PHONE_PATTERN = /^\+?[0-9][0-9 -]{4,28}[0-9]$/;
/** The digits (and a leading +) a number is stored and compared by. */
export const normalizePhone = (phone: string) => phone.replace(/[\s-]/g, '');
export const isValidPhone = (phone: string) => {
  if (!PHONE_PATTERN.test(phone.trim())) return false;
  const digits = normalizePhone(phone.trim()).replace('+', '').length;
  return digits >= 6 && digits <= 20;
};

/** The six-digit phone code: valid 10 minutes, re-sent after 60 s, at most 5 wrong tries (then a new one is needed). */
export const PHONE_CODE = { length: 6, ttlSeconds: 600, resendSeconds: 60, maxTries: 5 } as const;
/** How long an e-mail change link works. */
export const CHANGE_EMAIL_HOURS = 48;

/** The longest name a person may give themselves. */
export const PERSON_NAME_MAX = 60;

/** `PUT /api2/user/profile`: any of the fields; an empty string clears an address field (not the username). */
export const updateProfileBody = z
  .object({
    username: z.string().trim().min(Username.min).max(Username.max).regex(Username.pattern).optional(),
    /** The person's own name (issue 33: the home greets by it); an empty string clears it. */
    name: safeString(PERSON_NAME_MAX).optional(),
    country: safeString(60).optional(),
    region: safeString(60).optional(),
    city: safeString(60).optional(),
    street: safeString(200).optional(),
  })
  .strict();
export type UpdateProfileBody = z.infer<typeof updateProfileBody>;

/** `POST /api2/user/avatar` answers the avatar's address (`GET /attachment/{id}`). */
export const avatarResponse = z.object({ avatar: z.string() });

/** `POST /api2/user/email`: a confirmation link goes to the new address; the address changes when it is followed. */
export const changeEmailBody = z.object({ email: safeString(254).pipe(z.email()) });
export const changeEmailResponse = z.object({ sent: z.literal(true), email: z.string() });

/** `POST /api2/user/password`: the current password, the new one (product §5 rules) and its confirmation. */
export const changePasswordBody = z.object({
  oldPassword: z.string().min(1).max(64),
  password: passwordSchema,
  confirmPassword: z.string().max(64),
});
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;
/** Every session of the account ended, this one too: the caller signs in again with the new password. */
export const changePasswordResponse = z.object({ signInAgain: z.literal(true) });

/** `POST /api2/user/phone/code`: a six-digit code is sent to `phone` by text message. */
export const phoneCodeBody = z.object({ phone: safeString(32) });
export const phoneCodeResponse = z.object({
  /** Seconds until another code may be asked for. */
  resendAfter: z.number().int(),
  /** Seconds the code stays valid. */
  expiresIn: z.number().int(),
});

/** `PUT /api2/user/phone`: the number and the code sent to it (neither empty). */
export const changePhoneBody = z.object({ phone: safeString(32), code: safeString(12) });

/** `POST /api2/user/delete`: the account is deleted once the password confirms it. */
export const deleteAccountBody = z.object({ password: z.string().min(1).max(64) });
