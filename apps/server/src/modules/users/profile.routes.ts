import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AVATAR_MAX_BYTES,
  avatarResponse,
  changeEmailBody,
  changeEmailResponse,
  changePasswordBody,
  changePasswordResponse,
  changePhoneBody,
  currentUser,
  deleteAccountBody,
  envelope,
  phoneCodeBody,
  phoneCodeResponse,
  ProfileAvatarErrors,
  ProfileEmailErrors,
  ProfileDeleteErrors,
  ProfilePasswordErrors,
  ProfilePhoneErrors,
  ProfileUsernameErrors,
  updateProfileBody,
} from '@archway/contract';
import { requestContext, requireActor } from '../../platform/auth.ts';
import { ok } from '../../platform/envelope.ts';
import { receiveFile } from '../../platform/multipart.ts';
import type { Platform } from '../../platform/platform.ts';
import * as service from './profile.service.ts';

const tags = ['personal centre'];
const security = [{ bearer: [] }];

/**
 * The personal centre (`/account`, profile tab): the profile is read with `GET /api2/user`; these calls change it.
 * The spec shows no paths except `DELETE /api2/user/phone/remove`; the rest are Archway's (issue 9).
 */
export const profileRoutes =
  (platform: Platform): FastifyPluginAsyncZod =>
  async (app) => {
    app.put(
      '/api2/user/profile',
      {
        config: { access: 'signedIn', validationError: ProfileUsernameErrors.invalid },
        schema: {
          tags,
          security,
          summary:
            'Edit the profile: username (2 to 16 letters, digits and @ . _ -; unique in any letter case), name (the person\'s own, at most 60 characters: the home greets by it; GET /api2/user answers it), country, region, city, street (an empty string clears the name or an address field). Codes (§8.3 "Username"): -1 exists, -2 failed, -3 invalid user, -4 a field breaks the rules',
          body: updateProfileBody,
          response: { 200: envelope(currentUser) },
        },
      },
      async (req) =>
        ok(await service.updateProfile(platform, requestContext(req), requireActor(req), req.body)),
    );

    app.post(
      '/api2/user/avatar',
      {
        config: { access: 'signedIn' },
        schema: {
          tags,
          security,
          summary:
            'Upload the avatar (multipart field `avatar`: jpg, png or gif by content, at most 2 MB); the previous avatar file is deleted. Codes (§8.3 "Avatar"): -1 not an image (or no file), -2 unsupported format (a pdf or video), -3 failed, -4 larger than 2 MB',
          consumes: ['multipart/form-data'],
          response: { 200: envelope(avatarResponse) },
        },
      },
      async (req) => {
        const actor = requireActor(req);
        const file = await receiveFile(req, {
          field: 'avatar',
          maxBytes: AVATAR_MAX_BYTES,
          // Every type the content check knows: a known non-image is "unsupported format", the rest "invalid image".
          types: ['jpg', 'png', 'gif', 'pdf', 'mp4'],
          errors: {
            format: ProfileAvatarErrors.invalid,
            tooLarge: ProfileAvatarErrors.tooLarge,
            missing: ProfileAvatarErrors.invalid,
          },
        });
        return ok(await service.setAvatar(platform, requestContext(req), actor, file));
      },
    );

    app.post(
      '/api2/user/email',
      {
        config: { access: 'signedIn', validationError: ProfileEmailErrors.invalid },
        schema: {
          tags,
          security,
          summary:
            'Change the e-mail address: a confirmation link goes to the NEW address; the address changes (confirmed) only when the link is followed (POST /user/email/confirm). A new request replaces the previous link. Codes (§8.3 "E-mail"): -1 invalid, -2 already registered, -3 invalid user, -4 more than 5 links an hour',
          body: changeEmailBody,
          response: { 200: envelope(changeEmailResponse) },
        },
      },
      async (req) =>
        ok(
          await service.requestEmailChange(platform, requestContext(req), requireActor(req), req.body.email),
        ),
    );

    app.post(
      '/api2/user/password',
      {
        config: { access: 'signedIn', validationError: ProfilePasswordErrors.rules },
        schema: {
          tags,
          security,
          summary:
            'Change the password: the current one, the new one (6 to 16 letters, digits, underscore) and its confirmation. Every session of the account ends, this one too (tokens issued before are refused; OpenID sessions and refresh tokens removed): the answer `signInAgain` tells the client to sign in with the new password. Codes (§8.3 "Password"): -1 wrong current password, -2 passwords differ, -3 failed, -4 the new password breaks the rules; 429 after 10 wrong current passwords in an hour',
          body: changePasswordBody,
          response: { 200: envelope(changePasswordResponse) },
        },
      },
      async (req) =>
        ok(await service.changePassword(platform, requestContext(req), requireActor(req), req.body)),
    );

    app.post(
      '/api2/user/phone/code',
      {
        config: { access: 'signedIn', validationError: ProfilePhoneErrors.invalid },
        schema: {
          tags,
          security,
          summary:
            'Send a six-digit code by text message to the new phone number; it works 10 minutes; another only after 60 s. Codes (§8.3 "Phone"): -1 invalid phone, -2 already registered, -3 invalid user, -6 asked again before the 60 s countdown ended',
          body: phoneCodeBody,
          response: { 200: envelope(phoneCodeResponse) },
        },
      },
      async (req) =>
        ok(await service.sendPhoneCode(platform, requestContext(req), requireActor(req), req.body.phone)),
    );

    app.put(
      '/api2/user/phone',
      {
        config: { access: 'signedIn', validationError: ProfilePhoneErrors.invalid },
        schema: {
          tags,
          security,
          summary:
            'Change the phone number with the code sent to it (phone and code must not be empty); the number becomes confirmed. Codes (§8.3 "Phone"): -1 invalid phone, -2 already registered, -3 invalid user, -4 change failed, -5 wrong or expired code (or empty), -7 five wrong codes: the code is spent, ask for a new one',
          body: changePhoneBody,
          response: { 200: envelope(currentUser) },
        },
      },
      async (req) =>
        ok(
          await service.confirmPhone(
            platform,
            requestContext(req),
            requireActor(req),
            req.body.phone,
            req.body.code,
          ),
        ),
    );

    app.delete(
      '/api2/user/phone/remove',
      {
        config: { access: 'signedIn' },
        schema: {
          tags,
          security,
          summary:
            'Remove the phone number from the account (it becomes unconfirmed); answers the profile. Codes: -3 invalid user',
          response: { 200: envelope(currentUser) },
        },
      },
      async (req) => ok(await service.removePhone(platform, requestContext(req), requireActor(req))),
    );

    app.delete(
      '/api2/user/wx',
      {
        config: { access: 'signedIn' },
        schema: {
          tags,
          security,
          summary:
            'Unbind the chat-app (wxId) login from the account; answers the profile. Codes (§8.2 "Third-party account bind or unbind": meanings not shown, Archway decides): -1 no chat-app login is bound, -3 invalid user',
          response: { 200: envelope(currentUser) },
        },
      },
      async (req) => ok(await service.unbindChatApp(platform, requestContext(req), requireActor(req))),
    );

    app.post(
      '/api2/user/delete',
      {
        config: { access: 'signedIn', validationError: ProfileDeleteErrors.wrongPassword },
        schema: {
          tags,
          security,
          summary:
            "Delete one's own account, confirmed by the password. The row stays anonymized and disabled (deleted_at); memberships are removed and every session ends; the organizations keep their data. Refused while the person is the last administrator of an organization with other members. Codes: -1 wrong password, -2 last administrator, -3 invalid user",
          body: deleteAccountBody,
          response: { 200: envelope(z.object({ deleted: z.literal(true) })) },
        },
      },
      async (req) =>
        ok(await service.deleteAccount(platform, requestContext(req), requireActor(req), req.body.password)),
    );
  };
