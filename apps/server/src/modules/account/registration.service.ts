import { createHash, randomBytes } from 'node:crypto';
import {
  AccountLinkErrors,
  CONFIRM_EMAIL_HOURS,
  ProfileEmailErrors,
  RegisterErrors,
  RESET_PASSWORD_HOURS,
  type RegisterBody,
} from '@archway/contract';
import { audit, type RequestContext } from '../../platform/audit/audit.ts';
import type { Db, Queryable } from '../../platform/db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { hashPassword } from '../../platform/identity/passwords.ts';
import type { Mailer } from '../../platform/mail/mail.ts';
import type { Realtime } from '../../platform/realtime/realtime.ts';
import { accountMail } from './account-mail.ts';
import { addressBucket } from './account.service.ts';
import * as limits from './account.repository.ts';
import * as repo from './registration.repository.ts';

const HOUR_MS = 3600_000;
/** Registrations from one address, and password mails to one person, per hour. */
export const REGISTER_PER_HOUR = 10;
export const RESET_MAILS_PER_HOUR = 3;
/** Password-reset requests from one address per hour (past it the answer is the same, and nothing is sent). */
export const FORGOT_PER_HOUR = 20;
/** Confirmation mails one person may ask for in an hour (`GET /user/confirmEmail?mail=`). */
export const CONFIRM_MAILS_PER_HOUR = 5;

export interface RegistrationDeps {
  db: Db;
  mail: Mailer;
  publicUrl: string;
  /** Closes the connections of a person whose password was reset (after the commit). */
  realtime?: Pick<Realtime, 'disconnectUser'>;
}

/**
 * The refusal for a username or e-mail address another account holds (case-insensitive, the username first), or
 * undefined when both are free. Registration and the console's new administrators both ask it, before their insert
 * and again when the insert lost a race.
 */
export async function takenRefusal(tx: Queryable, username: string, email: string) {
  const clash = await repo.taken(tx, username, email);
  if (!clash) return undefined;
  return new AppError(clash === 'username' ? RegisterErrors.usernameTaken : RegisterErrors.emailTaken);
}

const newToken = () => {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: createHash('sha256').update(token).digest('hex') };
};
const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * `POST /user/register`: the account, its confirmation link and the mail that carries it, in one transaction (the
 * mail goes once the account exists). The e-mail stays unconfirmed until the link is followed.
 */
export async function register(d: RegistrationDeps, ctx: RequestContext, body: RegisterBody) {
  if ((await limits.reserveAttempt(d.db, `register:${addressBucket(ctx.ip)}`, HOUR_MS)) > REGISTER_PER_HOUR)
    throw new AppError(RegisterErrors.invalid);
  const passwordHash = await hashPassword(body.password);
  const language = body.language ?? 'en';
  const user = await d.db.transaction(async (tx) => {
    const clash = await takenRefusal(tx, body.username, body.email);
    if (clash) throw clash;
    const row = await repo.insertUser(tx, {
      username: body.username,
      email: body.email,
      passwordHash,
      country: body.country,
      ...(body.region ? { region: body.region } : {}),
      language,
      ...(body.timeZone ? { timeZone: body.timeZone } : {}),
    });
    // Two registrations at once: the unique indexes let one through; the other is told which is taken.
    if (!row)
      throw (await takenRefusal(tx, body.username, body.email)) ?? new AppError(RegisterErrors.usernameTaken);
    const { token, tokenHash } = newToken();
    const expiresAt = new Date(Date.now() + CONFIRM_EMAIL_HOURS * HOUR_MS);
    await repo.insertToken(tx, {
      userId: row.id,
      purpose: 'confirmEmail',
      tokenHash,
      email: body.email,
      expiresAt,
    });
    await d.mail.send(
      tx,
      accountMail('confirmEmail', { language, timeZone: body.timeZone }, body.email, {
        username: row.username,
        email: body.email,
        link: `${d.publicUrl}/v5/confirmEmail?token=${token}`,
        hours: CONFIRM_EMAIL_HOURS,
        expiresAt,
      }),
    );
    await audit(tx, ctx, {
      actorUserId: row.id,
      actorCustId: null,
      action: 'user.register',
      objectType: 'user',
      objectId: row.id,
      outcome: 'allowed',
    });
    return row;
  });
  d.mail.wake();
  return {
    userId: user.id,
    username: user.username,
    email: user.email!,
    emailConfirmed: user.emailConfirmed,
  };
}

/**
 * `GET /user/confirmEmail?mail=` (calls-and-errors §7.5; the start-up check of §8.1 offers it): a confirmation link
 * is mailed to `mail`, which must be the signed-in account's own address (-1 otherwise). A newer link replaces the
 * older; at most CONFIRM_MAILS_PER_HOUR an hour (-4). An address already confirmed is answered without a mail.
 */
export async function requestConfirmation(
  d: RegistrationDeps,
  ctx: RequestContext,
  userId: string,
  mail: string,
) {
  const answer = await d.db.transaction(async (tx) => {
    const user = await repo.lockUser(tx, userId);
    if (!user || user.disabled) throw new AppError(ProfileEmailErrors.invalidUser);
    if (!user.email || user.email.toLowerCase() !== mail.toLowerCase())
      throw new AppError(ProfileEmailErrors.invalid, 'mail');
    const email = user.email;
    if (user.emailConfirmed === '1') return { sent: false, email, emailConfirmed: '1' };
    if (
      (await repo.tokensSince(tx, user.id, 'confirmEmail', new Date(Date.now() - HOUR_MS))) >=
      CONFIRM_MAILS_PER_HOUR
    )
      throw new AppError(ProfileEmailErrors.tooMany);
    await repo.retireTokens(tx, user.id, 'confirmEmail');
    const { token, tokenHash } = newToken();
    const expiresAt = new Date(Date.now() + CONFIRM_EMAIL_HOURS * HOUR_MS);
    await repo.insertToken(tx, {
      userId: user.id,
      purpose: 'confirmEmail',
      tokenHash,
      email,
      expiresAt,
    });
    await d.mail.send(
      tx,
      accountMail('confirmEmail', user, email, {
        username: user.username,
        email,
        link: `${d.publicUrl}/v5/confirmEmail?token=${token}`,
        hours: CONFIRM_EMAIL_HOURS,
        expiresAt,
      }),
    );
    await audit(tx, ctx, {
      actorUserId: user.id,
      actorCustId: null,
      action: 'user.confirmEmail.request',
      objectType: 'user',
      objectId: user.id,
      outcome: 'allowed',
    });
    return { sent: true, email, emailConfirmed: user.emailConfirmed };
  });
  if (answer.sent) d.mail.wake();
  return answer;
}

/**
 * `POST /user/email/confirm {token}`: the mailed link followed (the web page `/v5/confirmEmail?token=`); the address
 * the link was sent to is confirmed (if it is still the account's).
 */
export async function confirmEmail(d: RegistrationDeps, ctx: RequestContext, token: string) {
  return d.db.transaction(async (tx) => {
    // A registration's link confirms the account's address; an e-mail change's link (`changeEmail`, mailed to the new
    // address) makes it the account's address, confirmed, unless another account took it meanwhile.
    const registered = await repo.useToken(tx, 'confirmEmail', hashOf(token));
    const changed = registered ? undefined : await repo.useToken(tx, 'changeEmail', hashOf(token));
    const [user] = registered?.email
      ? await repo.confirmEmail(tx, registered.userId, registered.email)
      : changed?.email
        ? [await repo.takeEmail(tx, changed.userId, changed.email)]
        : [];
    if (!user) throw new AppError(AccountLinkErrors.invalidLink);
    await audit(tx, ctx, {
      actorUserId: user.id,
      actorCustId: null,
      action: changed ? 'user.changeEmail' : 'user.confirmEmail',
      objectType: 'user',
      objectId: user.id,
      outcome: 'allowed',
      ...(changed ? { detail: { email: user.email } } : {}),
    });
    return { username: user.username, email: user.email!, emailConfirmed: '1' };
  });
}

/**
 * A new password-reset link for the person and the mail carrying it, queued in the caller's transaction: the
 * "forgot password" mail, or `forcedReset` when the platform administrator requires a new password (/manager).
 */
export async function queueResetLink(
  d: Pick<RegistrationDeps, 'mail' | 'publicUrl'>,
  tx: Queryable,
  user: { id: string; username: string; email: string; language: string | null; timeZone: string | null },
  kind: 'resetPassword' | 'forcedReset',
) {
  const { token, tokenHash } = newToken();
  const expiresAt = new Date(Date.now() + RESET_PASSWORD_HOURS * HOUR_MS);
  await repo.insertToken(tx, {
    userId: user.id,
    purpose: 'resetPassword',
    tokenHash,
    expiresAt,
  });
  await d.mail.send(
    tx,
    accountMail(kind, user, user.email, {
      username: user.username,
      email: user.email,
      link: `${d.publicUrl}/v5/resetPassword?token=${token}`,
      hours: RESET_PASSWORD_HOURS,
      expiresAt,
    }),
  );
}

/**
 * `POST /user/password/forgot`: when the address belongs to an account (that is not disabled), a reset link is
 * mailed to it. The answer is the same either way, so the call cannot tell who has an account; at most
 * RESET_MAILS_PER_HOUR mails an hour go to one person.
 */
export async function forgotPassword(d: RegistrationDeps, ctx: RequestContext, email: string) {
  const asked = await limits.reserveAttempt(d.db, `forgot:${addressBucket(ctx.ip)}`, HOUR_MS);
  const user = asked <= FORGOT_PER_HOUR ? await repo.findUserByEmail(d.db, email) : undefined;
  if (user && !user.disabled) {
    await d.db.transaction(async (tx) => {
      if (
        (await repo.tokensSince(tx, user.id, 'resetPassword', new Date(Date.now() - HOUR_MS))) >=
        RESET_MAILS_PER_HOUR
      )
        return;
      await queueResetLink(d, tx, { ...user, email: user.email! }, 'resetPassword');
      await audit(tx, ctx, {
        actorUserId: user.id,
        actorCustId: null,
        action: 'user.forgotPassword',
        objectType: 'user',
        objectId: user.id,
        outcome: 'allowed',
      });
    });
    d.mail.wake();
  }
  return { sent: true };
}

/**
 * `POST /user/password/reset`: a live reset link sets the new password; every reset link of the user is spent and
 * every session of the account ends (as after a password change). A reset the administrator required is done. The
 * link of an account disabled since it was mailed is refused like a spent one, and spent with the account's other
 * links: enabling the account later does not bring it back.
 */
export async function resetPassword(
  d: RegistrationDeps,
  ctx: RequestContext,
  token: string,
  password: string,
) {
  const passwordHash = await hashPassword(password);
  const userId = await d.db.transaction(async (tx) => {
    const used = await repo.useToken(tx, 'resetPassword', hashOf(token));
    if (!used) throw new AppError(AccountLinkErrors.invalidLink);
    const account = await repo.lockUser(tx, used.userId);
    if (!account || account.disabled) {
      await repo.retireTokens(tx, used.userId, 'resetPassword');
      return null;
    }
    await repo.setPasswordHash(tx, used.userId, passwordHash);
    await repo.retireTokens(tx, used.userId, 'resetPassword');
    // Whoever knew the old password is signed out everywhere: tokens issued before now are refused.
    await repo.endSessions(tx, used.userId);
    await audit(tx, ctx, {
      actorUserId: used.userId,
      actorCustId: null,
      action: 'user.resetPassword',
      objectType: 'user',
      objectId: used.userId,
      outcome: 'allowed',
    });
    return used.userId;
  });
  // Committed: the disabled account's links are spent.
  if (!userId) throw new AppError(AccountLinkErrors.invalidLink);
  // Its realtime connections end too, on every process (a token's renewal would fail, but only when it is asked).
  d.realtime?.disconnectUser(userId);
  return { reset: true };
}
