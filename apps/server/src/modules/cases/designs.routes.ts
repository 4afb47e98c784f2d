import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  caseDesign,
  designCaseParams,
  DesignErrors,
  designNoteBody,
  envelope,
  saveDesignBody,
} from '@archway/contract';
import { ok } from '../../platform/envelope.ts';
import type { Platform } from '../../platform/platform.ts';
import { scopeOf } from './cases.scope.ts';
import * as designs from './designs.service.ts';

const tags = ['design'];
const security = [{ bearer: [] }];
const member = { access: 'member' as const, validationError: DesignErrors.parameter };

const RULES =
  'Teeth are FDI numbers: permanent 11–18, 21–28, 31–38, 41–48; deciduous 51–55, 61–65, 71–75, 81–85. A bridge is ' +
  'two or more neighbouring teeth of one arch (11 and 21 are neighbours across the midline; given in any order, ' +
  'stored in arch order as drawn: 18…11 21…28 upper, 48…41 31…38 lower); a tooth belongs to one bridge at most; ' +
  'bridged teeth need no entry in `teeth`. Kinds: AnatomicCrown, OffsetCoping, AnatomicPontic, AnatomicInlay, ' +
  'OffsetInlay, Veneer, Antagonist, HealthyTooth, MissingTooth; materials, VITA classical shades (A1–D4) and ' +
  'implant types are the codes of the contract (`design.ts`), stored as given for any kind.';

/**
 * Case design (product §2 /caseDesign, §7.4 `POST /api/case/design`, whose body the spec does not show). Decisions:
 * the sending organization writes the design (the whole chart each time); the organizations that received the case
 * (and a third party it was forwarded to) read it and answer with one design note each (`PUT /api/case/design/note`);
 * every holder reads it at `GET /api/case/design/{id}`; any other organization is told `case.notFound`.
 */
export const designsRoutes =
  (platform: Platform): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/case/design',
      {
        config: member,
        schema: {
          tags,
          security,
          summary: "Save a case's tooth chart (the sending organization; replaces the whole design; audited)",
          description:
            'Body: { caseId, teeth: [{ tooth, kind, material?, shade?, implantType? }], bridges: number[][], ' +
            'note (≤ 2000 characters) }. ' +
            RULES +
            ' Refusals: design -1 malformed (unknown kind, material, shade or implant type; note too long), -2 ' +
            'unknown or repeated tooth (field teeth or bridges), -3 bridge not neighbouring teeth of one arch or ' +
            'overlapping another (field bridges), -4 the caller did not send the case; case -1 not held or binned. ' +
            'Answers the design as GET does.',
          body: saveDesignBody,
          response: { 200: envelope(caseDesign) },
        },
      },
      async (req) => ok(await designs.saveDesign(scopeOf(platform, req), req.body)),
    );

    app.get(
      '/api/case/design/:id',
      {
        config: member,
        schema: {
          tags,
          security,
          summary:
            "A case's design: chart, bridges, note, the receivers' design notes, what the caller may do",
          description:
            'For the sender, every receiver and a third party the case was forwarded to (a copy in the bin too); ' +
            'anyone else: case -1. Nothing saved yet: an empty chart with updatedAt null. Notes: the sender sees ' +
            "every receiver's; a receiver its own and its forwarding partner's. actions.edit: the caller sent the " +
            'case; actions.answer: it received it. Audited.',
          params: designCaseParams,
          response: { 200: envelope(caseDesign) },
        },
      },
      async (req) => ok(await designs.getDesign(scopeOf(platform, req), req.params.id)),
    );

    app.put(
      '/api/case/design/note',
      {
        config: member,
        schema: {
          tags,
          security,
          summary:
            "A receiving organization's design note on a case (one per organization; empty removes it)",
          description:
            'Body: { caseId, note ≤ 2000 characters }. For a lab the case was sent to or the third party it was ' +
            'forwarded to. Refusals: design -5 the caller did not receive the case (the sender), -1 malformed; ' +
            'case -1 not held or binned. Audited. Answers the design as GET does.',
          body: designNoteBody,
          response: { 200: envelope(caseDesign) },
        },
      },
      async (req) => ok(await designs.saveNote(scopeOf(platform, req), req.body)),
    );
  };
