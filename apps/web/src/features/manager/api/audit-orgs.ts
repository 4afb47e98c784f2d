import { useQuery } from '@tanstack/react-query';
import { getPageFlagsPage } from './page-flags.ts';

/** Organizations whose name or e-mail matches, for the audit log's organization picker (the first 20). */
export const useAuditOrgOptions = (keyword: string) =>
  useQuery({
    queryKey: ['auditLog', 'orgs', keyword],
    queryFn: async () => {
      const page = await getPageFlagsPage({ keyword, pageIndex: 1, pageSize: 20 });
      return page.records.map((r) => ({ value: r.id, label: r.name }));
    },
    staleTime: 60_000,
  });
