import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  envelope,
  ReleaseNoteLimits,
  releaseNote,
  releaseNoteBody,
  releaseNoteImage,
  releaseNoteImageParams,
  releaseNoteList,
  releaseNoteListQuery,
  releaseNoteParams,
  UpdateErrors,
  updateLogDetail,
  updateLogDetailQuery,
  updateLogImageQuery,
  updateLogList,
  updateLogListQuery,
  updateSeen,
  updateSeenBody,
  updateSeenQuery,
} from '@archway/contract';
import { requestContext, requireActor } from '../../platform/auth.ts';
import { ok } from '../../platform/envelope.ts';
import { contentDisposition } from '../../platform/http-files.ts';
import { receiveFile } from '../../platform/multipart.ts';
import type { Platform } from '../../platform/platform.ts';
import * as service from './updates.service.ts';
import { downloadsRoutes } from './downloads.routes.ts';
import { UpdatesAccess } from './updates.access.ts';

const security = [{ bearer: [] }];
const tags = ['updates'];
const admin = { access: UpdatesAccess.edit, validationError: UpdateErrors.parameter };

const MEANINGS =
  '`type` is the client: 1 the web app (Archway), 2 the scanner client. `ReleaseType`: 1 release, 2 patch, 3 beta. ' +
  'The latest version is the greatest by semantic order (numbers one by one; a `-suffix` sorts before its release), ' +
  'not the newest note.';

/**
 * Update notes (calls-and-errors §7.7, on the admin service: every service is served at its root) and the console's
 * release-note calls, plus the client downloads (downloads.routes.ts).
 */
export const updatesRoutes =
  (platform: Platform): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = platform;

    app.get(
      '/UpdateLog/getLogList',
      {
        config: { access: UpdatesAccess.read, validationError: UpdateErrors.parameter },
        schema: {
          tags,
          security,
          summary: `The release notes of a client: state (1 when it has notes, else 0), list (Version, Topic, CreateTime "YYYY-MM-DD HH:mm:ss" UTC, ReleaseType; latest version first) and version (the latest, '' when none: the update dialog shows itself when it differs from the stored updateTips). ${MEANINGS} Topics in the caller's language (lang, else Accept-Language, else the user's language), English when a note lacks it`,
          querystring: updateLogListQuery,
          response: { 200: envelope(updateLogList) },
        },
      },
      async (req) => {
        const lang = await service.answerLanguage(
          db,
          req.actor,
          req.query.lang,
          req.headers['accept-language'],
        );
        return ok(await service.logList(db, req.query.type, lang));
      },
    );

    app.get(
      '/UpdateLog/getLogDetail',
      {
        config: { access: UpdatesAccess.read, validationError: UpdateErrors.parameter },
        schema: {
          tags,
          security,
          summary: `One release note: ContentDetail (items: title, text as sanitized HTML, images: names read at GET /UpdateLog/image?name=&version=&releaseType=, subContent: nested items, three levels at most), ReleaseType, Version (plus Topic and CreateTime). ${MEANINGS} In the caller's language, English when the note lacks it. An unknown version: updates.notFound`,
          querystring: updateLogDetailQuery,
          response: { 200: envelope(updateLogDetail) },
        },
      },
      async (req) => {
        const lang = await service.answerLanguage(
          db,
          req.actor,
          req.query.lang,
          req.headers['accept-language'],
        );
        return ok(await service.logDetail(db, req.query.type, req.query.version, lang));
      },
    );

    const SEEN =
      "Archway's (issue 33), per person and client, kept on the server (the spec's local updateTips was per browser): " +
      "version is the latest note's, seen the latest this person has been shown, show whether the update dialog " +
      'opens by itself (version newer than seen). The first ask of a person stores the latest version as seen, so ' +
      'the dialog never opens at a first sign-in (the first-use guide does) and a later version opens it once. ' +
      'Every signed-in person reads and writes only their own.';

    app.get(
      '/UpdateLog/seen',
      {
        config: { access: UpdatesAccess.seen, validationError: UpdateErrors.parameter },
        schema: {
          tags,
          security,
          summary: 'Whether the signed-in person has release notes to be shown',
          description: SEEN,
          querystring: updateSeenQuery,
          response: { 200: envelope(updateSeen) },
        },
      },
      async (req) => ok(await service.seen(db, requireActor(req), req.query.type)),
    );

    app.put(
      '/UpdateLog/seen',
      {
        config: { access: UpdatesAccess.seen, validationError: UpdateErrors.parameter },
        schema: {
          tags,
          security,
          summary: 'The signed-in person has been shown a version of the release notes',
          description: `${SEEN} The body names the version the dialog showed (an existing note of that client, else updates.notFound); an older one than the stored one changes nothing. Answers as GET.`,
          body: updateSeenBody,
          response: { 200: envelope(updateSeen) },
        },
      },
      async (req) => ok(await service.markSeen(db, requireActor(req), req.body)),
    );

    app.get(
      '/UpdateLog/image',
      {
        config: { access: UpdatesAccess.image, validationError: UpdateErrors.parameter },
        schema: {
          tags,
          summary:
            "An image of a release note (the blob: PNG, JPEG, GIF or WebP). Public, because an <img> sends no token; served only for images of existing notes (releaseType, when given, must be the note's), cached for a year (names are never reused). Anything else: updates.imageNotFound (HTTP 400)",
          querystring: updateLogImageQuery,
        },
      },
      async (req, reply) => {
        const image = await service.openImage(platform, req.query);
        return reply
          .header('content-type', image.contentType)
          .header('content-length', image.size)
          .header('content-disposition', contentDisposition(req.query.name, 'inline'))
          .header('cache-control', 'public, max-age=31536000, immutable')
          .header('cross-origin-resource-policy', 'cross-origin')
          .send(image.stream);
      },
    );

    // ---- the console ----------------------------------------------------------------------------------------------

    app.get(
      '/api2/admin/updates',
      {
        config: admin,
        schema: {
          tags: ['administration'],
          security,
          summary: `Every release note (administrators), by type, latest version first: type, version, releaseType, topic (English, else the first language), languages, image count, createTime, updateTime. ${MEANINGS}`,
          querystring: releaseNoteListQuery,
          response: { 200: envelope(releaseNoteList) },
        },
      },
      async (req) => ok(await service.listForConsole(db, req.query.type)),
    );

    app.get(
      '/api2/admin/updates/:type/:version',
      {
        config: admin,
        schema: {
          tags: ['administration'],
          security,
          summary:
            'One release note with its texts by language ({topic, items}) and its images (name, size, contentType, url) (administrators)',
          params: releaseNoteParams,
          response: { 200: envelope(releaseNote) },
        },
      },
      async (req) => ok(await service.readNote(db, req.params)),
    );

    app.post(
      '/api2/admin/updates',
      {
        config: admin,
        schema: {
          tags: ['administration'],
          security,
          summary: `Write a release note (administrators): {type, version, releaseType, texts: {<language>: {topic, items: [{title, text (HTML, sanitized when saved and when served), images, subContent}]}}}. Version like 1.2.3 (updates.version), at most 32 characters; a topic in every language written (updates.topicRequired), at least one language (updates.textsRequired); images are added to the saved note, so a new note names none (updates.imageUnknown). The same type and version twice: updates.exists (HTTP 409). Audited`,
          body: releaseNoteBody,
          response: { 200: envelope(releaseNote) },
        },
      },
      async (req) => ok(await service.createNote(db, requestContext(req), requireActor(req), req.body)),
    );

    app.put(
      '/api2/admin/updates/:type/:version',
      {
        config: admin,
        schema: {
          tags: ['administration'],
          security,
          summary:
            "Replace a release note's release type and texts (administrators); a different type or version in the body moves the note and its images there (updates.exists when taken). Items may name the note's images only. Audited",
          params: releaseNoteParams,
          body: releaseNoteBody,
          response: { 200: envelope(releaseNote) },
        },
      },
      async (req) =>
        ok(await service.replaceNote(db, requestContext(req), requireActor(req), req.params, req.body)),
    );

    app.delete(
      '/api2/admin/updates/:type/:version',
      {
        config: admin,
        schema: {
          tags: ['administration'],
          security,
          summary: 'Delete a release note and its images (administrators). Audited',
          params: releaseNoteParams,
          response: { 200: envelope(z.null()) },
        },
      },
      async (req) => {
        await service.deleteNote(platform, requestContext(req), requireActor(req), req.params);
        return ok(null);
      },
    );

    app.post(
      '/api2/admin/updates/:type/:version/images',
      {
        config: admin,
        schema: {
          tags: ['administration'],
          security,
          summary: `Add an image to a saved release note (administrators): multipart field \`file\`, PNG, JPEG, GIF or WebP by content (updates.imageFormat), at most ${ReleaseNoteLimits.imageBytes / 1024 / 1024} MB (updates.imageTooLarge), ${ReleaseNoteLimits.imagesPerNote} per note (updates.tooManyImages). Answers its server-made name (put it in an item's images) and its /UpdateLog/image url. Audited`,
          consumes: ['multipart/form-data'],
          params: releaseNoteParams,
          response: { 200: envelope(releaseNoteImage) },
        },
      },
      async (req) =>
        ok(
          await service.addImage(platform, requestContext(req), requireActor(req), req.params, () =>
            receiveFile(req, {
              field: 'file',
              maxBytes: ReleaseNoteLimits.imageBytes,
              types: service.IMAGE_TYPES,
              errors: {
                format: UpdateErrors.imageFormat,
                tooLarge: UpdateErrors.imageTooLarge,
                missing: UpdateErrors.imageMissing,
              },
            }),
          ),
        ),
    );

    app.delete(
      '/api2/admin/updates/:type/:version/images/:name',
      {
        config: admin,
        schema: {
          tags: ['administration'],
          security,
          summary:
            "Delete an image of a release note (administrators); the note's items stop naming it. Answers the note. Audited",
          params: releaseNoteImageParams,
          response: { 200: envelope(releaseNote) },
        },
      },
      async (req) =>
        ok(
          await service.removeImage(
            platform,
            requestContext(req),
            requireActor(req),
            { type: req.params.type, version: req.params.version },
            req.params.name,
          ),
        ),
    );

    await app.register(downloadsRoutes(platform));
  };
