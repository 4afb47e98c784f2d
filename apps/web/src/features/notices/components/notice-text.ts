import type { TFunction } from 'i18next';
import type { NoticeItem } from '@archway/contract';
import { casePath, legacyCaseTarget } from '../../../shared/case-page/case-path.ts';
import { formatDate } from '../../../shared/i18n/format.ts';

const str = (v: unknown) => (typeof v === 'string' ? v : '');

/** The bell's line for a notice: its kind's text, filled from what the notice carries. */
export function noticeText(n: NoticeItem, t: TFunction): string {
  const p = n.payload;
  const vars = {
    org: str(p.org),
    username: str(p.username),
    patientName: str(p.patientName),
    name: str(p.name) || str(p.serial),
    serial: str(p.serial),
    from: str(p.from),
    to: str(p.to),
    reason: str(p.reason),
    date: p.expiresAt ? formatDate(new Date(str(p.expiresAt))) : '',
  };
  switch (n.kind) {
    case 'task':
      return t(
        p.reason === 'converted'
          ? 'notices.kind.taskConverted'
          : p.reason === 'model'
            ? 'notices.kind.taskModel'
            : 'notices.kind.task',
        vars,
      );
    case 'certification':
      return p.outcome === 'verified'
        ? t('notices.kind.certificationVerified', vars)
        : t('notices.kind.certificationRefused', { ...vars, reason: str(p.reason) || '–' });
    case 'failed':
      return t(p.reason === 'model' ? 'notices.kind.failedModel' : 'notices.kind.failed', vars);
    case 'newCase':
    case 'reply':
    case 'deviceBound':
    case 'deviceLent':
    case 'deviceTransferred':
    case 'deviceRecalled':
    case 'deviceExpiring':
      return t(`notices.kind.${n.kind}`, vars);
    default:
      return t('notices.kind.other');
  }
}

/**
 * The screen a notice opens: the server's path, except that a certification outcome opens the organization tab and
 * a notice naming a case (a new case, a reply, a finished task, conversion or model, a failure) opens the case's
 * page (`/case/<id>`; a reply at its conversation) whatever older address the notice was stored with.
 */
export function noticeTarget(n: NoticeItem): string | null {
  if (n.kind === 'certification') return '/account?tab=1';
  if (!n.path) return null;
  const [pathname = '', search = ''] = n.path.split('?');
  const legacy = legacyCaseTarget(pathname, search ? `?${search}` : '');
  if (legacy) return legacy;
  if (pathname === '/caseBuilder') {
    const id = new URLSearchParams(search).get('id') ?? n.caseId;
    if (id) return casePath(id);
  }
  return n.path;
}
