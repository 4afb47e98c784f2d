import type { CompareCase, CompareJob, ModelBaseKind, ModelJob } from '@archway/contract';
import type { CaseFile as CaseFileRecord } from '../cases/case-files.service.ts';
import type { ScanJob } from './scans.repository.ts';
import type { CompareParams, CompareResult, ModelParams } from './models.jobs.ts';
import type { ComparableCase } from './models.repository.ts';

const progressOf = (job: ScanJob) => (job.state === 'done' ? 1 : Math.min(1, Math.max(0, job.progress)));

/** The case's latest model job with the case's current model files (kept while a new one is built). */
export function presentModel(
  caseId: string,
  job: ScanJob | undefined,
  files: readonly Pick<CaseFileRecord, 'id' | 'name' | 'size'>[],
  defaults: { baseHeight: number; baseKind: ModelBaseKind },
): ModelJob {
  const params = (job?.params ?? {}) as Partial<ModelParams>;
  return {
    state: job ? (job.state as ModelJob['state']) : 'none',
    progress: job ? progressOf(job) : 0,
    errorKey: job?.state === 'failed' ? job.errorKey : null,
    baseHeight: params.baseHeight ?? defaults.baseHeight,
    baseKind: params.baseKind ?? defaults.baseKind,
    files: files.map((f) => ({
      id: f.id,
      name: f.name,
      size: f.size,
      url: `/api/case/file/${caseId}/${f.id}`,
    })),
  };
}

export interface CompareNames {
  nameA: string;
  nameB: string;
}

/** A comparison as the organization that started it sees it; figures once done. */
export function presentCompare(job: ScanJob): CompareJob {
  const p = job.params as unknown as CompareParams & CompareNames;
  const r = job.state === 'done' ? (job.result as unknown as CompareResult | null) : null;
  return {
    job: job.id,
    state: job.state as CompareJob['state'],
    progress: progressOf(job),
    errorKey: job.state === 'failed' ? job.errorKey : null,
    caseA: job.caseId,
    caseB: p.caseB,
    fileA: { id: p.fileA, name: p.nameA },
    fileB: { id: p.fileB, name: p.nameB },
    rms: r?.rms ?? null,
    mean: r?.mean ?? null,
    max: r?.max ?? null,
    range: r?.range ?? null,
    histogram: r ? r.histogram : null,
    rotationDegrees: r?.rotationDegrees ?? null,
    translation: r?.translation ?? null,
    file: r ? { url: `/api/case/compare/${job.id}/file`, name: r.name, size: r.size } : null,
    createdAt: job.createdAt.toISOString(),
  };
}

export const presentComparable = (c: ComparableCase): CompareCase => ({
  id: c.id,
  patientName: c.patientName,
  caseType: c.caseType,
  createdAt: c.createdAt.toISOString(),
  files: c.files,
});
