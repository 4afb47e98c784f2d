import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CaseErrors, completeUploadBody, envelope } from '@archway/contract';
import { ok } from '../../platform/envelope.ts';
import type { Platform } from '../../platform/platform.ts';
import { requireActor } from '../../platform/auth.ts';
import { OWNER_HEADER } from '../../platform/uploads/tus.ts';
import { scopeOf } from './cases.scope.ts';
import { completeUpload } from './uploads.service.ts';
import type { OnCaseCreated } from './cases.service.ts';

export const UPLOAD_PATH = '/api/case/upload';

/**
 * Case uploads (casefile service): tus 1.0 at `/api/case/upload/` in a plugin scope of its own, where Fastify leaves
 * PATCH bodies unparsed and hands tus the raw request; then `POST /api/case/upload/complete` makes the case. Every
 * tus request needs a member's token; an upload belongs to the user who created it, and anybody else's request for
 * it answers 404, as for an upload that does not exist.
 */
export const uploadsRoutes =
  (platform: Platform, onCreated?: OnCaseCreated): FastifyPluginAsyncZod =>
  async (app) => {
    const { uploads } = platform;
    // tus bodies stream straight to the store.
    app.addContentTypeParser('application/offset+octet-stream', (_req, _payload, done) => done(null));

    async function tus(req: FastifyRequest, reply: FastifyReply) {
      const actor = requireActor(req);
      // Who creates the upload, told to tus in a header only the API sets (tus reads the raw header list).
      const raw = req.raw;
      delete raw.headers[OWNER_HEADER];
      const kept: string[] = [];
      for (let i = 0; i < raw.rawHeaders.length; i += 2)
        if (raw.rawHeaders[i]!.toLowerCase() !== OWNER_HEADER)
          kept.push(raw.rawHeaders[i]!, raw.rawHeaders[i + 1]!);
      raw.rawHeaders.splice(0, raw.rawHeaders.length, ...kept);
      if (req.method === 'POST') {
        raw.headers[OWNER_HEADER] = actor.userId;
        raw.rawHeaders.push(OWNER_HEADER, actor.userId);
      } else {
        const id = (req.params as { id?: string }).id ?? '';
        const info = await uploads.info(id);
        if (info && info.metadata?.owner !== actor.userId)
          return reply.code(404).type('text/plain').send('Not found\n');
      }
      reply.hijack();
      await uploads.server.handle(req.raw, reply.raw);
    }

    const tusRoute = { config: { access: 'member' as const }, schema: { tags: ['cases'], hide: true } };
    app.post(`${UPLOAD_PATH}/`, tusRoute, tus);
    app.route({ method: ['HEAD', 'PATCH', 'DELETE'], url: `${UPLOAD_PATH}/:id`, ...tusRoute, handler: tus });

    app.post(
      `${UPLOAD_PATH}/complete`,
      {
        config: { access: 'member', validationError: CaseErrors.parameter },
        schema: {
          tags: ['cases'],
          security: [{ bearer: [] }],
          summary:
            "Finished tus uploads (one per file, the caller's own) and the order fields become one case, routed to the device's receivers; idempotent",
          description:
            "Refused: `case.originalMissing` without any file; `case.uploadFailed` for an upload that is not the caller's, not complete (fewer bytes than declared) or whose sha256 differs; `case.badFile` for a file that is no PLY, STL or OBJ scan, or whose body does not hold what its header declares (a PLY's element counts, a binary STL's triangle count). Nothing is written on a refusal.",
          body: completeUploadBody,
          response: { 200: envelope(z.object({ id: z.string() })) },
        },
      },
      async (req) => ok(await completeUpload(scopeOf(platform, req), uploads, req.body, onCreated)),
    );
  };
