import { useQuery } from '@tanstack/react-query';
import type { CaseDesign, CaseDetail, LogoContent, ShareInfo, SharedReport } from '@archway/contract';
import { request } from '../../../shared/api-client.ts';
import { useCustomer } from '../../../shared/api/current-user.ts';
import { MODELS_KEY } from './keys.ts';

interface PreviewFiles {
  files: { id: string; name: string; size: number; format: string; url: string }[];
}

/** Answers null instead of failing: a preview shows what it can. */
const orNull = <T>(promise: Promise<T>): Promise<T | null> => promise.catch(() => null);

/** What the preview reads besides the case (which the page has already). */
interface PreviewParts {
  logo: LogoContent | null;
  info: ShareInfo | null;
  preview: PreviewFiles | null;
  design: CaseDesign | null;
}

/**
 * The parts of the report as the patient will see it that the public page's one call (`GET /api/report/{token}`)
 * combines on the server: the report customization (`GET /user/find/logo`, `GET /cust/clinic/shareInfo`), the
 * design (`GET /api/case/design/{id}`) and the scans (`GET /api/case/previewStatus`, which refuses encrypted or
 * expired cases: then no 3D view). The case and the organization come from queries the page already holds (one
 * request each: the request layer cancels a duplicate in flight).
 */
export async function getReportPreviewParts(caseId: string): Promise<PreviewParts> {
  const [logo, info, preview, design] = await Promise.all([
    orNull(
      request<{ content: string }>({ host: 'account', path: '/user/find/logo', silent: true }).then(
        (a) => JSON.parse(a.content) as LogoContent,
      ),
    ),
    orNull(request<ShareInfo>({ host: 'account', path: '/cust/clinic/shareInfo', silent: true })),
    orNull(
      request<PreviewFiles>({
        host: 'case',
        path: '/api/case/previewStatus',
        query: { id: caseId },
        silent: true,
      }),
    ),
    orNull(
      request<CaseDesign>({
        host: 'case',
        path: `/api/case/design/${encodeURIComponent(caseId)}`,
        silent: true,
      }),
    ),
  ]);
  return { logo, info, preview, design };
}

/** The report of `detail` as the shared page would show it, for the organization `org`. */
export function reportOf(detail: CaseDetail, orgName: string, parts: PreviewParts): SharedReport {
  const { logo, info, preview, design } = parts;
  const pictures = info?.sharePicture.sharePicture
    ? info.sharePicture.sharePicture.split(',').filter(Boolean)
    : [];
  return {
    case: {
      id: detail.id,
      patientName: detail.patientName,
      caseType: detail.caseType,
      createdAt: detail.firstUpload || detail.time,
      doctor: detail.dentist,
      clinic: detail.clinic,
    },
    org: {
      name: orgName,
      introduction: info?.custInfo.custInfo ?? '',
      shareColor: info?.shareColor.shareColor ?? null,
      fontColor: null,
      logoUrl: logo?.logo ?? null,
      backgroundUrl: logo?.backgroud ?? null,
      pictures: pictures.map((id) => `/attachment/${id}`),
      videoUrl: info?.shareVideo.shareVideo ? '/cust/clinic/video' : null,
    },
    design: design ? { teeth: design.teeth, bridges: design.bridges, note: design.note } : null,
    files: preview?.files ?? [],
    // The case's pins are not read for the preview (yet): the shared page gets them from its one call.
    pins: [],
  };
}

export const getReportPreviewQueryKey = (caseId: string) => [...MODELS_KEY, 'preview', caseId] as const;

/** The report preview of a case the page holds: null while its parts load. */
export function useReportPreview(detail: CaseDetail) {
  const org = useCustomer();
  const parts = useQuery({
    queryKey: getReportPreviewQueryKey(detail.id),
    queryFn: () => getReportPreviewParts(detail.id),
  });
  return {
    data: parts.data && org.data ? reportOf(detail, org.data.name, parts.data) : null,
    isLoading: parts.isLoading || org.isLoading,
    refetch: () => Promise.all([parts.refetch(), org.refetch()]),
  };
}
