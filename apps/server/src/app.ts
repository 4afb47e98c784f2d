import { randomUUID } from 'node:crypto';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { allErrors, Brands } from '@archway/contract';
import type { Config } from './config.ts';
import { openDatabase } from './platform/db/client.ts';
import { keepPrivate } from './platform/private-files.ts';
import { createStorage } from './platform/storage/create.ts';
import { createMailer } from './platform/mail/mail.ts';
import { createRealtime } from './platform/realtime/realtime.ts';
import { attachHub } from './platform/realtime/hub.ts';
import { frameworkErrors, registerErrorHandler } from './platform/error-handler.ts';
import { registerInputGuards } from './platform/input-guard.ts';
import { registerMultipart } from './platform/multipart.ts';
import { registerCors } from './platform/cors.ts';
import { createRefusalAuditor } from './platform/refusals.ts';
import { registerWebApp } from './platform/web-app.ts';
import { registerAuth, type ActorResolver } from './platform/auth.ts';
import { registerRequestGuards } from './platform/request-guard.ts';
import { detached } from './platform/db/cancel.ts';
import { DEFAULT_ACCESS, registerAccess } from './platform/access.ts';
import { registerSecurityHeaders } from './platform/security-headers.ts';
import { loadSecrets } from './platform/identity/secrets.ts';
import { createTokenService } from './platform/identity/tokens.ts';
import { purgeExpired } from './platform/identity/oidc-adapter.ts';
import type { Platform } from './platform/platform.ts';
import { accountRoutes } from './modules/account/account.routes.ts';
import { registrationRoutes } from './modules/account/registration.routes.ts';
import { commonRoutes } from './modules/common/common.routes.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { orgsRoutes } from './modules/orgs/orgs.routes.ts';
import { attachmentsRoutes } from './modules/attachments/attachments.routes.ts';
import { membersRoutes } from './modules/members/members.routes.ts';
import { directoryRoutes } from './modules/directory/directory.routes.ts';
import { partnersRoutes } from './modules/partners/partners.routes.ts';
import { devicesRoutes } from './modules/devices/devices.routes.ts';
import { startExpirySweep } from './modules/devices/devices.jobs.ts';
import { casesRoutes } from './modules/cases/cases.routes.ts';
import { noticesRoutes } from './modules/notices/notices.routes.ts';
import { statsRoutes } from './modules/stats/stats.routes.ts';
import { ordersRoutes } from './modules/orders/orders.routes.ts';
import { helpRoutes } from './modules/help/help.routes.ts';
import { UPLOAD_PATH, uploadsRoutes } from './modules/cases/uploads.routes.ts';
import { startOrphanCleanup } from './modules/cases/cases.jobs.ts';
import { startAttachmentCleanup } from './modules/attachments/attachments.jobs.ts';
import { comparisonKeys, queuePreview, startScanJobs } from './modules/scans/scans.jobs.ts';
import { commentsRoutes } from './modules/comments/comments.routes.ts';
import { conversionsRoutes } from './modules/scans/conversions.routes.ts';
import { modelsRoutes } from './modules/scans/models.routes.ts';
import { compareRoutes } from './modules/scans/compare.routes.ts';
import { reportSharesRoutes } from './modules/report-shares/report-shares.routes.ts';
import { adminConsoleRoutes } from './modules/admin/admin.routes.ts';
import { adminBackupsRoutes } from './modules/admin/backups.routes.ts';
import { guardDeletes } from './platform/backup/delete-guard.ts';
import { createBackups } from './platform/backup/schedule.ts';
import { updatesRoutes } from './modules/updates/updates.routes.ts';
import { adminAuditRoutes } from './modules/admin-audit/admin-audit.routes.ts';
import { createUploads } from './platform/uploads/tus.ts';
import { actorFor } from './modules/users/users.service.ts';
import { seedDemo } from './demo/seed.ts';
import { seedDemoCases } from './demo/seed-cases.ts';
import { seedDemoOrderForm } from './demo/seed-orders.ts';
import { seedDemoHelp } from './demo/seed-help.ts';
import { seedDemoUpdates } from './demo/seed-updates.ts';
import { loggerOptions, registerRequestLog, type LogOut } from './platform/logging.ts';
import { createMetrics } from './platform/metrics/metrics.ts';
import { registerMetricsRoute, registerRequestMetrics } from './platform/metrics/http.ts';
import { backupReader } from './platform/metrics/backups.ts';

const API_DESCRIPTION = `Archway API. Every documented path of the product specification is served under the base URL
of its service (see GET /common/services). JSON answers use the envelope {success, errorCode, errorMessage, data}
unless a call documents its own shape. On a refusal, data is {key, field?, results?}: key is the error-catalogue key
the web app translates, field names the offending input, results gives each item's outcome when a call on several
items failed for all of them. Invalid input answers the call's own parameter-error code where its table has one.
Archway adds these generic codes where the specification has none:
400 invalid parameter, 401 session expired (send a fresh token), 404 object not found, 413 request too large,
429 too many attempts.
Objects of another organization answer exactly like objects that do not exist.
HTTP statuses: 404 only for an unknown path (code 200); catalogue refusals answer 400 (409 for a conflict,
403 code 100 for a missing permission), 401 without a valid token, 413 for a body over the limit,
429 past a rate limit, 500 for internals.
Every route states who may call it (public, signedIn, member: signed in with an organization, admin).
Strings must not contain NUL bytes or unpaired surrogates; JSON bodies nest at most 32 deep; ids in paths are UUIDs.

Error catalogue:
${allErrors.map((e) => `- ${e.key}: code ${e.code}, HTTP ${e.status}, "${e.message}"`).join('\n')}`;

/** TRUST_PROXY for Fastify: a hop count trusts the `hops` nearest addresses of X-Forwarded-For (Fastify's own rule). */
function fastifyTrustProxy(
  trust: Config['trustProxy'],
): boolean | string[] | ((addr: string, hop: number) => boolean) {
  if (typeof trust === 'number') return (_addr, hop) => hop < trust;
  return trust;
}

export interface BuildOptions {
  /** Where the logs go (process.stdout): readable lines when it is a terminal, JSON lines otherwise. */
  logOut?: LogOut;
}

export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config.logLevel, options.logOut),
    // One line per request, at debug level only (registerRequestLog), instead of Fastify's two at info.
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: 1024 * 1024,
    // A caller's X-Request-Id is kept when it is a plain short token (it ends up in logs and audit rows).
    requestIdHeader: false,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w.:-]{1,64}$/.test(given) ? given : randomUUID();
    },
    frameworkErrors,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await registerSecurityHeaders(app, config);
  registerCors(app, config);
  registerRequestLog(app);
  // Prometheus' figures of this app (platform/metrics; README "Metrics and health"), fed by the parts below.
  const metrics = createMetrics({
    onSourceError: (source, err) => app.log.warn({ err, source }, 'a metric could not be read'),
  });
  registerRequestMetrics(app, metrics);
  // The newest complete backup of BACKUP_DIR (DATA_DIR/backups), read at scrape time.
  metrics.source('lastBackup', backupReader(config.backupDir));
  registerInputGuards(app);
  await registerMultipart(app);

  // Before anything is written under DATA_DIR: its user's only (and what an earlier version left, fixed once).
  await keepPrivate(config.dataDir, app.log);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    onIdleError: (err) => app.log.warn({ err }, 'idle database connection lost'),
    log: { info: (msg) => app.log.info(msg), warn: (msg) => app.log.warn(msg) },
    metrics,
    statementTimeoutMs: config.dbStatementTimeoutMs,
  });
  app.addHook('onClose', () => database.close());
  const { db } = database;
  // Deletions of stored files wait while a backup copies them (platform/backup/delete-guard.ts).
  const storage = guardDeletes(await createStorage(config.storage), db);
  app.addHook('onClose', () => storage.close());
  const secrets = await loadSecrets(db);
  const tokens = await createTokenService(`${config.publicUrl}/oidc`, secrets);
  const uploads = await createUploads({
    path: UPLOAD_PATH,
    storage: config.storage,
    dataDir: config.dataDir,
    databaseUrl: database.url,
    maxSize: config.uploadMaxBytes,
    expiryMs: config.uploadExpiryMs,
    webOrigin: new URL(config.publicUrl).origin,
    metrics,
  });
  app.addHook('onClose', () => uploads.close());
  const mail = createMailer({ db, log: app.log, smtpUrl: config.smtpUrl, from: config.mailFrom, metrics });
  app.addHook('onClose', () => mail.stop());
  // What a request wakes runs on its own, not as the request's work (its timeout, its cancellation): db/cancel.ts.
  mail.wake = detached(mail.wake);
  const realtime = createRealtime();
  const platform: Platform = { config, db, tokens, storage, uploads, mail, realtime };
  app.decorate('platform', platform);

  // Before everything that registers routes: errors, the actor, then the one access check (platform/access.ts).
  // Refusals made here rather than in a service are audited, within bounds (platform/refusals.ts).
  const refusals = createRefusalAuditor(db, app.log);
  registerErrorHandler(app, refusals.onInputRefused);
  // Statement and request timeouts; a request's statements are cancelled when it is abandoned (before auth's query).
  registerRequestGuards(app, config.dbStatementTimeoutMs);
  const resolveActor: ActorResolver = (userId, custId, issuedAt, grantId) =>
    actorFor(db, userId, custId, issuedAt, grantId);
  registerAuth(app, tokens, resolveActor);
  // The realtime hub (socket.io at /hubs/notify) authenticates the same way and feeds platform.realtime.
  attachHub(app, realtime, {
    tokens,
    resolve: resolveActor,
    databaseUrl: database.url,
    log: app.log,
    metrics,
  });
  registerAccess(app, refusals.onAccessRefused);
  registerMetricsRoute(app, metrics, config);

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Archway', version: '0.1.0', description: API_DESCRIPTION },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    // Each operation says who may call it (the route's `config.access`) and, unless public, that it needs a token.
    transform: (input) => {
      const out = jsonSchemaTransform(input);
      const access = input.route.config?.access ?? DEFAULT_ACCESS;
      const schema = out.schema as Record<string, unknown>;
      const note = `Access: ${access}.`;
      out.schema = {
        ...schema,
        description: schema.description ? `${note} ${String(schema.description)}` : note,
        ...(access === 'public' ? {} : { security: [{ bearer: [] }] }),
      };
      return out;
    },
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/docs' });

  await app.register(accountRoutes(platform, secrets));
  await app.register(registrationRoutes(platform));
  await app.register(commonRoutes(platform));
  await app.register(usersRoutes(platform));
  await app.register(attachmentsRoutes(platform));
  await app.register(orgsRoutes(platform));
  await app.register(membersRoutes(platform));
  await app.register(directoryRoutes(platform));
  await app.register(partnersRoutes(platform));
  await app.register(devicesRoutes(platform));
  await app.register(casesRoutes(platform));
  await app.register(commentsRoutes(platform));
  await app.register(noticesRoutes(platform));
  await app.register(statsRoutes(platform));
  await app.register(ordersRoutes(platform));
  await app.register(helpRoutes(platform));
  await app.register(adminAuditRoutes(platform));
  const scanJobs = startScanJobs({
    db,
    storage,
    log: app.log,
    threads: config.scanThreads,
    kind: config.scanJobs,
    realtime,
    metrics,
  });
  app.addHook('onClose', () => scanJobs.stop());
  scanJobs.wake = detached(scanJobs.wake);
  app.decorate('scanJobs', scanJobs);
  await app.register(conversionsRoutes(platform, scanJobs));
  await app.register(modelsRoutes(platform, scanJobs));
  await app.register(compareRoutes(platform, scanJobs));
  await app.register(reportSharesRoutes(platform));
  await app.register(adminConsoleRoutes(platform));
  // Backups: the console's list and start, the nightly schedule (platform/backup; README "Backup and restore").
  const backups = createBackups({
    databaseUrl: database.url,
    storage,
    db,
    directory: config.backupDir,
    schedule: config.backupSchedule,
    keep: config.backupKeep,
    log: { info: (msg) => app.log.info(msg), warn: (msg) => app.log.warn(msg) },
  });
  app.addHook('onClose', () => backups.stop());
  await app.register(adminBackupsRoutes(platform, backups));
  await app.register(updatesRoutes(platform));
  await app.register(uploadsRoutes(platform, queuePreview));
  registerWebApp(app, config.webDist, Brands[config.brand]);

  if (config.demoOff) app.log.warn(config.demoOff);
  if (config.demo) {
    const { adminPassword } = await seedDemo(db, config.area, { adminPassword: config.demoAdminPassword });
    // Printed this once (the first start with demo data); stored nowhere in clear. README: "Demo accounts".
    if (adminPassword)
      app.log.warn(
        `demo platform administrator created: username admin, password ${adminPassword} (shown only now; change it after signing in)`,
      );
    await seedDemoOrderForm(db);
    await seedDemoHelp(db);
    await seedDemoUpdates(db, storage);
    if (config.demoCases) await seedDemoCases(db, storage, config.area);
  }
  await purgeExpired(db);
  const purge = setInterval(
    () => purgeExpired(db).catch((err) => app.log.warn({ err }, 'purge failed')),
    3600_000,
  );
  purge.unref();
  const stopSweep = startExpirySweep(db, app.log);
  const stopCleanup = startOrphanCleanup(db, storage, uploads, app.log, comparisonKeys);
  const stopAttachmentCleanup = startAttachmentCleanup(db, storage, app.log);
  app.addHook('onClose', async () => {
    clearInterval(purge);
    stopSweep();
    stopCleanup();
    stopAttachmentCleanup();
  });
  return app;
}
