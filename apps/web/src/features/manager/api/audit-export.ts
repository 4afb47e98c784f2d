import { useCallback, useState } from 'react';
import dayjs from 'dayjs';
import type { AuditLogFilters } from '@archway/contract';
import { fetchFile, saveBlob, serviceAddress } from '../../../shared/download.ts';
import { auditQuery } from './audit-log.ts';

/** The export's address: GET /api2/admin/audit/export with the filters (the file needs the token). */
export const auditExportAddress = (filters: AuditLogFilters): string =>
  serviceAddress(
    'account',
    `/api2/admin/audit/export?${new URLSearchParams({ ...auditQuery(filters), format: 'csv' })}`,
  );

/** The saved file's name: the server's pattern, with today's date where the viewer is. */
export const auditExportName = (now: Date = new Date()): string =>
  `audit-log-${dayjs(now).format('YYYY-MM-DD')}.csv`;

/**
 * Exports the rows the filters match as CSV (at most 100,000; the file's last line says when more match) and saves
 * it. `run` answers the refusal's text (the catalogue's, translated) when the server refused, else null.
 */
export function useAuditExport() {
  const [progress, setProgress] = useState<number | null>(null);
  const run = useCallback(async (filters: AuditLogFilters): Promise<string | null> => {
    setProgress(0);
    try {
      const blob = await fetchFile(auditExportAddress(filters), {
        type: 'text/csv',
        onProgress: setProgress,
      });
      saveBlob(blob, auditExportName());
      return null;
    } catch (error) {
      return error instanceof Error ? error.message : String(error);
    } finally {
      setProgress(null);
    }
  }, []);
  return { running: progress !== null, progress, run };
}
