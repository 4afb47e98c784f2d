import { formatExpiry, type Conversion, type ConversionType } from '@archway/contract';
import type { CaseFile } from '../cases/case-files.service.ts';
import type { ScanJob } from './scans.repository.ts';

const time = (d: Date) => formatExpiry(d)!;

/** A conversion job as its caller sees it, with the files it wrote once done. */
export function presentConversion(job: ScanJob, files: readonly CaseFile[]): Conversion {
  return {
    id: job.id,
    caseId: job.caseId,
    type: job.type as ConversionType,
    state: job.state as Conversion['state'],
    progress: job.state === 'done' ? 1 : Math.min(1, Math.max(0, job.progress)),
    error: job.state === 'failed' && job.errorKey ? { key: job.errorKey, code: job.errorCode ?? -1 } : null,
    files: files.map((f) => ({
      id: f.id,
      name: f.name,
      size: f.size,
      format: f.format,
      url: `/api/case/file/${job.caseId}/${f.id}`,
      triangles: f.triangles ?? 0,
    })),
    createdAt: time(job.createdAt),
    finishedAt: job.finishedAt ? time(job.finishedAt) : null,
  };
}
