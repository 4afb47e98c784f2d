import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AccountLinkErrors,
  confirmEmailAnswer,
  confirmEmailLinkBody,
  confirmEmailQuery,
  envelope,
  forgotPasswordBody,
  ProfileEmailErrors,
  RegisterErrors,
  registerBody,
  resetPasswordBody,
} from '@archway/contract';
import { requestContext, requireActor } from '../../platform/auth.ts';
import { ok } from '../../platform/envelope.ts';
import type { Platform } from '../../platform/platform.ts';
import * as registration from './registration.service.ts';

const tags = ['account'];

/**
 * Joining Archway without an invitation (issue 9 fixes these paths): self-registration, the e-mail confirmation
 * link, and the password reset by e-mail. All public; the links' tokens are single-use and expire.
 */
export const registrationRoutes =
  (platform: Platform): FastifyPluginAsyncZod =>
  async (app) => {
    const deps = {
      db: platform.db,
      mail: platform.mail,
      publicUrl: platform.config.publicUrl,
      realtime: platform.realtime,
    };

    app.post(
      '/user/register',
      {
        config: { access: 'public', validationError: RegisterErrors.invalid },
        schema: {
          tags,
          summary: 'A new account; a confirmation link is mailed to its address (in `language`, default en)',
          description:
            'Username: 2 to 16 letters, digits and @ . _ -; password: 6 to 16 letters, digits and _. Refused: `register.usernameTaken` (-1), `register.emailTaken` (-2), `register.invalid` (-3: the rules, or more than 10 registrations from one address in an hour).',
          body: registerBody,
          response: {
            200: envelope(
              z.object({
                userId: z.string(),
                username: z.string(),
                email: z.string(),
                emailConfirmed: z.string(),
              }),
            ),
          },
        },
      },
      async (req) => ok(await registration.register(deps, requestContext(req), req.body)),
    );

    app.get(
      '/user/confirmEmail',
      {
        config: { access: 'signedIn', validationError: ProfileEmailErrors.invalid },
        schema: {
          tags,
          security: [{ bearer: [] }],
          summary:
            "Asks for a confirmation mail to `mail`, the signed-in account's own address (calls-and-errors §7.5, offered by the start-up check of §8.1); the mailed link leads to /v5/confirmEmail, which confirms through POST /user/email/confirm",
          description:
            'Answers `sent: false` (and no mail) for an address already confirmed. A newer link replaces the older. Refused (§8.3 "E-mail"): -1 not the account\'s address or not an address, -3 invalid user, -4 more than 5 mails an hour.',
          querystring: confirmEmailQuery,
          response: { 200: envelope(confirmEmailAnswer) },
        },
      },
      async (req) =>
        ok(
          await registration.requestConfirmation(
            deps,
            requestContext(req),
            requireActor(req).userId,
            req.query.mail,
          ),
        ),
    );

    app.post(
      '/user/email/confirm',
      {
        config: { access: 'public', validationError: AccountLinkErrors.invalidLink },
        schema: {
          tags,
          summary:
            "Follows an e-mail confirmation link (the page /v5/confirmEmail?token= posts its token): the address is the account's, confirmed",
          description: 'Refused (`accountLink.invalid`) for an unknown, used or expired token.',
          body: confirmEmailLinkBody,
          response: {
            200: envelope(z.object({ username: z.string(), email: z.string(), emailConfirmed: z.string() })),
          },
        },
      },
      async (req) => ok(await registration.confirmEmail(deps, requestContext(req), req.body.token)),
    );

    app.post(
      '/user/password/forgot',
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary:
            'Mails a password reset link when the address belongs to an account; the answer never says',
          body: forgotPasswordBody,
          response: { 200: envelope(z.object({ sent: z.boolean() })) },
        },
      },
      async (req) => ok(await registration.forgotPassword(deps, requestContext(req), req.body.email)),
    );

    app.post(
      '/user/password/reset',
      {
        config: { access: 'public', validationError: AccountLinkErrors.parameter },
        schema: {
          tags,
          summary: 'Sets a new password with a reset link (single use, 2 hours)',
          description:
            'Refused: `accountLink.invalid` (-1) for an unknown, used or expired token; `accountLink.parameter` (-2) for a password outside the rules.',
          body: resetPasswordBody,
          response: { 200: envelope(z.object({ reset: z.boolean() })) },
        },
      },
      async (req) =>
        ok(await registration.resetPassword(deps, requestContext(req), req.body.token, req.body.password)),
    );
  };
