import { useQuery } from '@tanstack/react-query';
import type {
  CaseDesign,
  CaseDetail,
  Customer,
  LogoContent,
  ShareInfo,
  SharedReport,
} from '@archway/contract';
import { request } from '../../../shared/api-client.ts';
import { MODELS_KEY } from './keys.ts';

interface PreviewFiles {
  files: { id: string; name: string; size: number; format: string; url: string }[];
}

/** Answers null instead of failing: a preview shows what it can. */
const orNull = <T>(promise: Promise<T>): Promise<T | null> => promise.catch(() => null);

/**
 * The report as the patient will see it, put together from the signed-in calls the public page's one call
 * (`GET /api/report/{token}`) combines on the server: the case (`GET /detail/{id}`), the organization
 * (`GET /api2/cust`), its report customization (`GET /user/find/logo`, `GET /cust/clinic/shareInfo`), the design
 * (`GET /api/case/design/{id}`) and the scans (`GET /api/case/previewStatus`, which refuses encrypted or expired
 * cases: then no 3D view).
 */
export async function getReportPreview(caseId: string): Promise<SharedReport> {
  const [detail, org, logo, info, preview, design] = await Promise.all([
    request<CaseDetail>({ host: 'case', path: `/detail/${encodeURIComponent(caseId)}` }),
    request<Customer>({ host: 'account', path: '/api2/cust' }),
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
      name: org.name,
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
  };
}

export const getReportPreviewQueryKey = (caseId: string) => [...MODELS_KEY, 'preview', caseId] as const;

export const useReportPreview = (caseId: string) =>
  useQuery({ queryKey: getReportPreviewQueryKey(caseId), queryFn: () => getReportPreview(caseId) });
