import { useCallback, useState } from 'react';
import { getToken } from '../../../shared/auth/session.ts';
import { storedLanguage } from '../../../shared/i18n/stored-language.ts';
import { baseUrlFor } from '../../../shared/services.ts';
import { exportFileName, type ExportFormat } from '../utils/stats.ts';
import type { StatsFilter } from './get-stats-table.ts';
import { saveBlob } from '../../../shared/download.ts';

/** An export the server refused or that did not arrive. */
export class ExportFailed extends Error {}

/**
 * Every row of the table in its order, as CSV or an Excel workbook: GET /api/stats/table/export. The file needs the
 * token, so it is fetched (headings in the interface language) and handed to the browser as a saved file.
 */
export async function exportStatsTable(
  filter: StatsFilter,
  format: ExportFormat,
): Promise<{ blob: Blob; fileName: string }> {
  const query = new URLSearchParams({ format });
  for (const [key, value] of Object.entries(filter))
    if (value !== undefined && value !== '') query.set(key, String(value));
  const token = getToken();
  const response = await globalThis.fetch(`${baseUrlFor('account')}/api/stats/table/export?${query}`, {
    headers: {
      'Accept-Language': storedLanguage(),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
  });
  // A refusal arrives as the JSON envelope, never as the file.
  if (!response.ok || response.headers.get('content-type')?.includes('json'))
    throw new ExportFailed(`export ${response.status}`);
  const blob = await response.blob();
  return { blob, fileName: exportFileName(response.headers.get('content-disposition'), format, new Date()) };
}

/** The export buttons' state: which format is being fetched; `run` answers false when it failed. */
export function useStatsExport() {
  const [running, setRunning] = useState<ExportFormat | null>(null);
  const run = useCallback(async (filter: StatsFilter, format: ExportFormat): Promise<boolean> => {
    setRunning(format);
    try {
      const { blob, fileName } = await exportStatsTable(filter, format);
      saveBlob(blob, fileName);
      return true;
    } catch {
      return false;
    } finally {
      setRunning(null);
    }
  }, []);
  return { running, run };
}
