import {
  BoxRole,
  BrandErrors,
  Brands,
  MODEL_BASE_HEIGHT,
  ModelBaseKinds,
  ModelErrors,
  type ModelBaseKind,
  type ModelJob,
} from '@archway/contract';
import { audit } from '../../platform/audit/audit.ts';
import { refuse, requireCertified, requireRight } from '../cases/cases.access.ts';
import { caseAudit, copyOf, type Scope } from '../cases/cases.scope.ts';
import type { ModelParams } from './models.jobs.ts';
import { presentModel } from './models.presenter.ts';
import * as caseFiles from '../cases/case-files.service.ts';
import * as jobs from './scans.repository.ts';

const DEFAULTS = { baseHeight: MODEL_BASE_HEIGHT.default, baseKind: 'horseshoe' as ModelBaseKind };
const isMeshFormat = (format: string) => ['ply', 'stl', 'obj'].includes(format);

/** The caller's copy of the case (not in its bin). */
const held = (s: Scope, id: string, action: string) => copyOf(s, id, action, { right: 'models' });

async function present(s: Scope, caseId: string, job: jobs.ScanJob | undefined): Promise<ModelJob> {
  const files = await caseFiles.convertedFiles(s.db, caseId, 'model');
  return presentModel(caseId, job, files, DEFAULTS);
}

/** Base height 1 … 30 mm, base horseshoe or solid: else `model.parameter`. */
function paramsOf(body: { baseHeight?: number; baseKind?: string; fileId?: string }): ModelParams {
  const baseHeight = body.baseHeight ?? DEFAULTS.baseHeight;
  const baseKind = body.baseKind ?? DEFAULTS.baseKind;
  if (
    !Number.isFinite(baseHeight) ||
    baseHeight < MODEL_BASE_HEIGHT.min ||
    baseHeight > MODEL_BASE_HEIGHT.max ||
    !(ModelBaseKinds as readonly string[]).includes(baseKind)
  )
    return refuse(ModelErrors.parameter);
  return { baseHeight, baseKind: baseKind as ModelBaseKind, ...(body.fileId ? { fileId: body.fileId } : {}) };
}

/**
 * `POST /api/case/model/{id}`: queues a model build of the case's original scans (or of `fileId`). Refused for a case
 * the caller does not hold (`case.notFound`), encrypted data, a case (or `fileId`) without a scan we read, while a
 * build runs, and for a receiver whose organization is not certified (as for downloads). Audited.
 */
export async function startModel(
  s: Scope,
  wake: () => void,
  id: string,
  body: { baseHeight?: number; baseKind?: string; fileId?: string },
): Promise<ModelJob> {
  // A special branded edition has no model builder (product §6): the web hides it, the server refuses it.
  if (s.platform && Brands[s.platform.config.brand].special) return refuse(BrandErrors.modelBuilder);
  const row = await held(s, id, 'case.model');
  const params = paramsOf(body);
  requireRight(s, row, 'model');
  if (row.box.role === BoxRole.receiver) await requireCertified(s);
  if (await jobs.liveJob(s.db, id, 'model')) return refuse(ModelErrors.running);
  const sources = (await caseFiles.originalFiles(s.db, id)).filter(
    (f) => isMeshFormat(f.format) && (!params.fileId || f.id === params.fileId),
  );
  if (!sources.length) return refuse(ModelErrors.noScan);
  // The unique index on live jobs decides a race: the loser is told a build is running.
  const job = await jobs.insertJob(s.db, {
    caseId: id,
    kind: 'model',
    requestedBy: s.actor.userId,
    requestedCust: s.actor.custId,
    params: { ...params },
  });
  if (!job) return refuse(ModelErrors.running);
  await audit(s.db, s.ctx, caseAudit(s, 'case.model', id, 'allowed', { job: job.id, ...params }));
  wake();
  return present(s, id, job);
}

/** `GET /api/case/model/{id}`: the case's latest model build and its current model files (not audited: polled). */
export async function modelOf(s: Scope, id: string): Promise<ModelJob> {
  await held(s, id, 'case.model.read');
  return present(s, id, await jobs.latestJob(s.db, id, 'model'));
}
