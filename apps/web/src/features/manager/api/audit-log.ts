import { useInfiniteQuery } from '@tanstack/react-query';
import type { AuditLogFilters, AuditLogPage } from '@archway/contract';
import { request } from '../../../shared/api-client.ts';

export type { AuditLogFilters, AuditLogPage, AuditLogRow } from '@archway/contract';

export const AUDIT_LOG_KEY = ['auditLog'] as const;

/** Rows per page the console asks for. */
export const AUDIT_PAGE_SIZE = 50;

/** The filters as query parameters: empty ones left out. */
export const auditQuery = (filters: AuditLogFilters): Record<string, string> =>
  Object.fromEntries(
    Object.entries(filters).filter(
      (e): e is [string, string] => typeof e[1] === 'string' && e[1].trim() !== '',
    ),
  );

/** One page of the audit log, newest first, older than `before`: GET /api2/admin/audit. */
export const getAuditPage = (filters: AuditLogFilters, before: number | null): Promise<AuditLogPage> =>
  request<AuditLogPage>({
    host: 'account',
    path: '/api2/admin/audit',
    query: { ...auditQuery(filters), limit: AUDIT_PAGE_SIZE, before: before ?? undefined },
    timeout: 20_000,
  });

/** The log under these filters, page after page by key ("Load more" asks for the next one). */
export const useAuditLog = (filters: AuditLogFilters) =>
  useInfiniteQuery({
    queryKey: [...AUDIT_LOG_KEY, filters],
    queryFn: ({ pageParam }) => getAuditPage(filters, pageParam),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.next,
    // The log only grows: a page once read never changes, and a refresh starts again from the newest.
    staleTime: Infinity,
    retry: false,
  });
