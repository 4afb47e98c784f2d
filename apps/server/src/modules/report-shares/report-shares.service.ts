import { createHash, randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  CaseErrors,
  GenericErrors,
  SHARE_LINK_DAYS,
  ShareLinkErrors,
  type ShareLinkCreated,
  type ShareLinkRow,
  type NotedAuditAction,
  type SharedReport,
} from '@archway/contract';
import { audit, type RequestContext } from '../../platform/audit/audit.ts';
import type { Platform } from '../../platform/platform.ts';
import { StorageNotFound, type ByteRange } from '../../platform/storage/storage.ts';
import { AppError } from '../../platform/errors.ts';
import * as attachments from '../attachments/attachments.service.ts';
import { pinsOn } from '../comments/comments.service.ts';
import { liveShareOf, revokeRefusal, sharedAssetIds, shareLive } from './report-shares.access.ts';
import { custOf, refuse } from '../cases/cases.access.ts';
import { caseAudit, copyOf, type Scope } from '../cases/cases.scope.ts';
import * as repo from './report-shares.repository.ts';

const DAY_MS = 86_400_000;
const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** `POST /api/case/report/share`: a new link to the case's report; its token is shown this once. Audited. */
export async function createShare(
  s: Scope,
  publicUrl: string,
  body: { caseId: string; days?: number; pins?: string[] },
): Promise<ShareLinkCreated> {
  const days = body.days ?? SHARE_LINK_DAYS.default;
  if (!Number.isInteger(days) || days < SHARE_LINK_DAYS.min || days > SHARE_LINK_DAYS.max)
    return refuse(ShareLinkErrors.parameter);
  await copyOf(s, body.caseId, 'case.report.share', { right: 'share' });
  const shownPins = await chosenPins(s, body.caseId, body.pins ?? []);
  const token = randomBytes(32).toString('base64url');
  const share = await repo.insertShare(s.db, {
    tokenHash: hashOf(token),
    caseId: body.caseId,
    custId: custOf(s.actor),
    createdBy: s.actor.userId,
    expiresAt: new Date(Date.now() + days * DAY_MS),
    shownPins,
  });
  await audit(
    s.db,
    s.ctx,
    caseAudit(s, 'case.report.share', body.caseId, 'allowed', { share: share.id, days, pins: shownPins }),
  );
  return {
    id: share.id,
    token,
    url: `${publicUrl.replace(/\/$/, '')}/v5/report/${token}`,
    expiresAt: share.expiresAt.toISOString(),
  };
}

/**
 * The remarks a new link shows the patient: each must be one of the case's remarks pinned to a scan the report shows
 * (else `generic.validation`, detail `pins`); the rest stay internal. Duplicates count once.
 */
async function chosenPins(s: Scope, caseId: string, ids: readonly string[]): Promise<string[]> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return [];
  // An encrypted case shows no scans, so no pins either.
  const c = await repo.caseOf(s.db, caseId);
  const files = !c || c.crypto === 1 ? [] : await repo.reportFilesOf(s.db, caseId);
  const pinned = new Set(
    (
      await pinsOn(
        s.db,
        caseId,
        files.map((f) => f.id),
      )
    ).map((p) => p.id),
  );
  if (!wanted.every((id) => pinned.has(id))) throw new AppError(GenericErrors.validation, 'pins');
  return wanted;
}

/** `GET /api/case/report/shares?caseId=`: the caller's organization's links for the case (never their tokens). */
export async function listShares(s: Scope, caseId: string): Promise<ShareLinkRow[]> {
  await copyOf(s, caseId, 'case.report.shares');
  const now = new Date();
  return (await repo.sharesOf(s.db, caseId, custOf(s.actor))).map((r) => ({
    id: r.id,
    createdAt: r.createdAt.toISOString(),
    expiresAt: r.expiresAt.toISOString(),
    revokedAt: r.revokedAt ? r.revokedAt.toISOString() : null,
    createdByName: r.createdByName ?? null,
    active: shareLive(r, now),
    pins: r.shownPins,
  }));
}

/**
 * `DELETE /api/case/report/share/{id}`: revokes a link the caller's organization made (again: no change). A link it
 * did not make answers `shareLink.expired`, as an unknown one does. Audited.
 */
export async function revokeShare(s: Scope, id: string): Promise<{ id: string; revokedAt: string }> {
  const why = revokeRefusal(await repo.findShare(s.db, id), s.actor);
  if (why) return refuse(why);
  const row = await repo.revokeShare(s.db, id, custOf(s.actor));
  if (!row) return refuse(ShareLinkErrors.expired);
  await audit(s.db, s.ctx, caseAudit(s, 'case.report.revoke', row.caseId, 'allowed', { share: id }));
  return { id, revokedAt: row.revokedAt!.toISOString() };
}

/** The live link of a token: unknown, expired and revoked all answer `shareLink.expired`. */
async function shareOf(platform: Platform, token: string) {
  const share = token.length > 200 ? undefined : await liveShareOf(platform.db, hashOf(token));
  if (!share) throw new AppError(ShareLinkErrors.expired);
  return share;
}

/**
 * Every anonymous read through a share link is audited (patient data leaves without an account): the case, the link
 * and the caller's address. `case.report.shared.read` (the report), `.file` (a scan), `.asset` (the organization's
 * logo, pictures, video); a live link asked for anything else is the same action, refused.
 */
async function auditShared(
  platform: Platform,
  ctx: RequestContext,
  share: { id: string; caseId: string; custId: string },
  what: 'read' | 'file' | 'asset',
  outcome: 'allowed' | 'refused',
  detail: Record<string, unknown> = {},
) {
  const action: NotedAuditAction = `case.report.shared.${what}`;
  await audit(platform.db, ctx, {
    actorUserId: null,
    actorCustId: null,
    action,
    objectType: 'case',
    objectId: share.caseId,
    outcome,
    detail: { share: share.id, sharedBy: share.custId, ...detail },
  });
}

const fileUrl = (token: string, id: string) => `/api/report/${token}/file/${id}`;
const assetUrl = (token: string, id: string | null) => (id ? `/api/report/${token}/asset/${id}` : null);

/**
 * `GET /api/report/{token}` (public): the case report as the sharing organization presents it, with the case's
 * remarks pinned to the scans it shows (read-only).
 */
export async function sharedReport(
  platform: Platform,
  ctx: RequestContext,
  token: string,
): Promise<SharedReport> {
  const share = await shareOf(platform, token);
  const [c, org, design] = await Promise.all([
    repo.caseOf(platform.db, share.caseId),
    repo.orgReportOf(platform.db, share.custId),
    repo.designOf(platform.db, share.caseId),
  ]);
  if (!c || !org) throw new AppError(ShareLinkErrors.expired);
  // Encrypted data cannot be shown: no scans for the 3D view.
  const files = c.crypto === 1 ? [] : await repo.reportFilesOf(platform.db, share.caseId);
  // The pins on those scans come with this one audited read, never through a call of their own: only the ones the
  // sharer chose to show the patient (internal remarks never leave through a link).
  const shown = new Set(share.shownPins);
  const pins = (
    await pinsOn(
      platform.db,
      share.caseId,
      files.map((f) => f.id),
    )
  ).filter((p) => shown.has(p.id));
  await auditShared(platform, ctx, share, 'read', 'allowed', { pins: pins.length });
  return {
    case: {
      id: c.id,
      patientName: c.patientName,
      caseType: c.caseType,
      createdAt: c.createdAt.toISOString(),
      doctor: c.doctor,
      clinic: c.clinic,
    },
    org: {
      name: org.name,
      introduction: org.introduction ?? '',
      // The organization's colour is its setting type 3 (stored as font_color; `/cust/clinic/shareInfo` answers it as
      // shareColor): the header's colour, its text black or white by contrast.
      shareColor: org.fontColor ?? org.shareColor ?? null,
      fontColor: null,
      logoUrl: assetUrl(token, org.logo),
      backgroundUrl: assetUrl(token, org.background),
      pictures: org.sharePictures.map((id) => assetUrl(token, id)!),
      videoUrl: assetUrl(token, org.shareVideo),
    },
    design: design ? { teeth: design.teeth, bridges: design.bridges, note: design.note } : null,
    files: files.map((f) => ({
      id: f.id,
      name: f.name,
      format: f.format,
      size: f.size,
      url: fileUrl(token, f.id),
    })),
    // Read-only and anonymous: the remark, its place, the writing organization and time; no person, no image.
    pins: pins.map((p) => ({
      id: p.id,
      text: p.text,
      anchor: p.anchor,
      custName: p.cust_name,
      createTime: new Date(p.created_at).toISOString(),
    })),
  };
}

export interface SharedStream {
  name: string;
  size: number;
  type: string;
  open: (range?: ByteRange) => Promise<Readable>;
}

/** `GET /api/report/{token}/file/{fileId}` (public): one of the report's scans; any other file is `shareLink.expired`. */
export async function sharedFile(
  platform: Platform,
  ctx: RequestContext,
  token: string,
  fileId: string,
  range?: string,
): Promise<SharedStream> {
  const share = await shareOf(platform, token);
  const c = await repo.caseOf(platform.db, share.caseId);
  const f =
    c && c.crypto !== 1
      ? (await repo.reportFilesOf(platform.db, share.caseId)).find((x) => x.id === fileId)
      : undefined;
  await auditShared(platform, ctx, share, 'file', f ? 'allowed' : 'refused', {
    file: fileId,
    ...(range ? { range: range.slice(0, 100) } : {}),
  });
  if (!f) throw new AppError(ShareLinkErrors.expired);
  return {
    name: f.name,
    size: f.size,
    type: 'application/octet-stream',
    open: (range) =>
      platform.storage.get(f.storageKey, range).catch((err: unknown) => {
        throw err instanceof StorageNotFound ? new AppError(CaseErrors.originalMissing) : err;
      }),
  };
}

/**
 * `GET /api/report/{token}/asset/{attachmentId}` (public): the sharing organization's logo, background, a share
 * picture or its video; nothing else.
 */
export async function sharedAsset(
  platform: Platform,
  ctx: RequestContext,
  token: string,
  id: string,
  range?: string,
): Promise<SharedStream> {
  const share = await shareOf(platform, token);
  const org = await repo.orgReportOf(platform.db, share.custId);
  const ids = sharedAssetIds(org);
  const row = ids.includes(id) ? await attachments.findAttachment(platform.db, id) : undefined;
  await auditShared(platform, ctx, share, 'asset', row ? 'allowed' : 'refused', {
    asset: id,
    ...(range ? { range: range.slice(0, 100) } : {}),
  });
  if (!row) throw new AppError(ShareLinkErrors.expired);
  return {
    name: row.name,
    size: row.size,
    type: row.mime,
    open: (range) => attachments.openAttachment(platform, row, range),
  };
}
