import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  envelope,
  HelpErrors,
  helpAnswers,
  helpArticle,
  helpArticleBody,
  helpArticleDeleted,
  helpArticleList,
  helpArticleListQuery,
  helpArticleParams,
  helpAskQuery,
} from '@archway/contract';
import { requestContext, requireActor } from '../../platform/auth.ts';
import { ok } from '../../platform/envelope.ts';
import type { Platform } from '../../platform/platform.ts';
import * as service from './help.service.ts';
import { HelpAccess } from './help.access.ts';

const security = [{ bearer: [] }];
const adminNote = 'Administrators only (others: HTTP 403 code 100); not in the spec, paths chosen here.';
const articleCodes =
  'Refusals: help.texts (no language), help.language (not one of the 15), help.languageTwice, help.title ' +
  '(empty or over 200 characters; markup is removed), help.content (over 100,000 characters, or nothing left ' +
  'after sanitizing), help.parameter (other invalid input). The content is sanitized (no script, event ' +
  'handler, javascript:/data: URL, SVG, style or class) before it is stored, and again whenever it is served.';

/**
 * The knowledge base (issue 13): the help widget's `GET /api/helper/ask` (account service) and the administrator's
 * help articles in /manager.
 */
export const helpRoutes =
  (platform: Platform): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = platform;

    app.get(
      '/api/helper/ask',
      {
        // Signed-in users only: the widget lives in the signed-in app, and an anonymous search would be free load.
        config: { access: HelpAccess.read, validationError: HelpErrors.parameter },
        schema: {
          tags: ['help'],
          security,
          summary:
            "The help widget's question (calls-and-errors §7.7, account service). Answers its documented shape, not " +
            'the envelope: an array of items whose message.content is the HTML to show as is (sanitized), best ' +
            'match first, at most 5; Archway adds id, title, lang and score to each item; an empty array when ' +
            'nothing matches. Published articles only, searched with PostgreSQL text search in the asker’s ' +
            'language: lang (Archway’s addition: one of the 15, else help.language), else the user’s stored ' +
            'language, else Accept-Language, else English; zh, zh-tw, ja and ko are searched by character pairs. ' +
            'When nothing in that language matches, English articles are searched. A refusal is the enveloped ' +
            'help.question: an empty question or one over 300 characters',
          querystring: helpAskQuery,
          response: { 200: helpAnswers },
        },
      },
      async (req) => service.ask(db, requireActor(req), req.query, req.headers['accept-language']),
    );

    app.get(
      '/api2/admin/help/articles',
      {
        config: { access: HelpAccess.edit, validationError: HelpErrors.parameter },
        schema: {
          tags: ['administration'],
          security,
          summary: `Every help article by position, then the latest change first, with its languages; the title in lang when the article has it, else English, else its first language. ${adminNote}`,
          querystring: helpArticleListQuery,
          response: { 200: envelope(helpArticleList) },
        },
      },
      async (req) => ok(await service.listArticles(db, req.query)),
    );

    app.post(
      '/api2/admin/help/articles',
      {
        config: { access: HelpAccess.edit, validationError: HelpErrors.parameter },
        schema: {
          tags: ['administration'],
          security,
          summary: `Write a help article: {position?, published?, texts: [{lang, title, content}]} (one entry per language, at least one; published by default); audited help.article.create. ${articleCodes} ${adminNote}`,
          body: helpArticleBody,
          response: { 200: envelope(helpArticle) },
        },
      },
      async (req) => ok(await service.createArticle(db, requestContext(req), requireActor(req), req.body)),
    );

    app.get(
      '/api2/admin/help/articles/:id',
      {
        config: { access: HelpAccess.edit, validationError: HelpErrors.parameter },
        schema: {
          tags: ['administration'],
          security,
          summary: `One help article with every language (content sanitized again); help.notFound for an unknown id. ${adminNote}`,
          params: helpArticleParams,
          response: { 200: envelope(helpArticle) },
        },
      },
      async (req) => ok(await service.readArticle(db, req.params.id)),
    );

    app.put(
      '/api2/admin/help/articles/:id',
      {
        config: { access: HelpAccess.edit, validationError: HelpErrors.parameter },
        schema: {
          tags: ['administration'],
          security,
          summary: `Rewrite a help article: texts replaces every language (a language left out is removed); position and published are kept when absent; audited help.article.update; help.notFound for an unknown id. ${articleCodes} ${adminNote}`,
          params: helpArticleParams,
          body: helpArticleBody,
          response: { 200: envelope(helpArticle) },
        },
      },
      async (req) =>
        ok(await service.updateArticle(db, requestContext(req), requireActor(req), req.params.id, req.body)),
    );

    app.delete(
      '/api2/admin/help/articles/:id',
      {
        config: { access: HelpAccess.edit, validationError: HelpErrors.parameter },
        schema: {
          tags: ['administration'],
          security,
          summary: `Delete a help article with all its languages; audited help.article.delete; help.notFound for an unknown id. ${adminNote}`,
          params: helpArticleParams,
          response: { 200: envelope(helpArticleDeleted) },
        },
      },
      async (req) =>
        ok(await service.deleteArticle(db, requestContext(req), requireActor(req), req.params.id)),
    );
  };
