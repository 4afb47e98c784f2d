import {
  CustErrors,
  GenericErrors,
  MAX_SHARE_PICTURES,
  ReportErrors,
  type LogoContent,
  type ShareInfo,
} from '@archway/contract';
import type { Actor } from '../../platform/auth.ts';
import { AppError } from '../../platform/errors.ts';
import { audit, type RequestContext } from '../../platform/audit/audit.ts';
import type { Platform } from '../../platform/platform.ts';
import type { ReceivedFile } from '../../platform/multipart.ts';
import type { ByteRange } from '../../platform/storage/storage.ts';
import * as attachments from '../attachments/attachments.service.ts';
import * as repo from './share.repository.ts';
import { administeredOrg as ownedOrg } from './orgs.access.ts';

/**
 * Report customization and the clinic's share info: logo (type 0) and background (type 1), share pictures, one
 * video. Files are attachments (kinds logo, background, share, video); the organization row holds their ids. Only
 * the organization's administrator changes them; every signed-in user may read them (partners and reports show them).
 */

/** Only the organization's administrator changes them (orgs.access decides who that is). */
const administeredOrg = (platform: Platform, actor: Actor) =>
  ownedOrg(platform.db, actor, ReportErrors.notAdministrator);

const entry = (actor: Actor, action: string, custId: string, detail: Record<string, unknown>) => ({
  actorUserId: actor.userId,
  actorCustId: actor.custId,
  action,
  objectType: 'customer',
  objectId: custId,
  outcome: 'allowed' as const,
  detail,
});

/** Stores the file first, then runs `change` in a transaction; when the change fails, the new file goes again. */
async function withNewFile<T>(
  platform: Platform,
  actor: Actor,
  custId: string,
  kind: attachments.AttachmentKind,
  file: ReceivedFile,
  change: (id: string) => Promise<T>,
): Promise<{ row: attachments.AttachmentRow; result: T }> {
  const row = await attachments.saveAttachment(platform, platform.db, {
    kind,
    userId: actor.userId,
    custId,
    file,
  });
  try {
    return { row, result: await change(row.id) };
  } catch (err) {
    await attachments.deleteAttachment(platform, platform.db, row.id);
    throw err;
  }
}

/** `POST /user/add/logo`: type 0 the logo, 1 the background; a new file replaces the old one (which is deleted). */
export async function uploadLogo(
  platform: Platform,
  ctx: RequestContext,
  actor: Actor,
  type: 0 | 1,
  file: ReceivedFile,
) {
  const custId = await administeredOrg(platform, actor);
  const which = type === 0 ? 'logo' : 'background';
  const { row, result: old } = await withNewFile(platform, actor, custId, which, file, (id) =>
    platform.db.transaction(async (tx) => {
      const c = await repo.shareOf(tx, custId, { lock: true });
      if (!c) throw new AppError(CustErrors.notFound);
      await repo.setLogo(tx, custId, which, id);
      await audit(tx, ctx, entry(actor, `customer.${which}.upload`, custId, { id, replaced: c[which] }));
      return c[which];
    }),
  );
  if (old) await attachments.deleteAttachment(platform, platform.db, old);
  return { type, id: row.id, url: attachments.attachmentUrl(row.id) };
}

/** `DELETE /user/delete/logo?type=`: removes the logo or background (nothing to remove is not an error). */
export async function deleteLogo(platform: Platform, ctx: RequestContext, actor: Actor, type: 0 | 1) {
  const custId = await administeredOrg(platform, actor);
  const which = type === 0 ? 'logo' : 'background';
  const old = await platform.db.transaction(async (tx) => {
    const c = await repo.shareOf(tx, custId, { lock: true });
    if (!c) throw new AppError(CustErrors.notFound);
    await repo.setLogo(tx, custId, which, null);
    await audit(tx, ctx, entry(actor, `customer.${which}.delete`, custId, { id: c[which] }));
    return c[which];
  });
  if (old) await attachments.deleteAttachment(platform, platform.db, old);
  return { type };
}

async function shareRow(platform: Platform, actor: Actor, custId?: string) {
  const id = custId ?? actor.custId;
  if (!id) throw new AppError(CustErrors.missing);
  const c = await repo.shareOf(platform.db, id);
  if (!c) throw new AppError(CustErrors.notFound);
  return c;
}

/** `GET /user/find/logo?custId=`: `content` is the JSON text `{"logo", "backgroud"}` (attachment urls or null). */
export async function findLogo(platform: Platform, actor: Actor, custId?: string) {
  const c = await shareRow(platform, actor, custId);
  const content: LogoContent = {
    logo: c.logo ? attachments.attachmentUrl(c.logo) : null,
    backgroud: c.background ? attachments.attachmentUrl(c.background) : null,
  };
  return { content: JSON.stringify(content) };
}

/** `POST /cust/clinic/share/img`: adds a picture (at most 9); `res` is its name, the attachment id. */
export async function addSharePicture(
  platform: Platform,
  ctx: RequestContext,
  actor: Actor,
  file: ReceivedFile,
) {
  const custId = await administeredOrg(platform, actor);
  const before = await repo.shareOf(platform.db, custId);
  if (before && before.sharePictures.length >= MAX_SHARE_PICTURES)
    throw new AppError(ReportErrors.tooManyPictures);
  const { row } = await withNewFile(platform, actor, custId, 'share', file, (id) =>
    platform.db.transaction(async (tx) => {
      const c = await repo.shareOf(tx, custId, { lock: true });
      if (!c) throw new AppError(CustErrors.notFound);
      if (c.sharePictures.length >= MAX_SHARE_PICTURES) throw new AppError(ReportErrors.tooManyPictures);
      await repo.setSharePictures(tx, custId, [...c.sharePictures, id]);
      await audit(tx, ctx, entry(actor, 'customer.share.picture.add', custId, { id }));
    }),
  );
  return { res: row.id, url: attachments.attachmentUrl(row.id) };
}

/** `DELETE /cust/clinic/delete/img?name=`: a name not among the caller's organization's pictures is "not found". */
export async function deleteSharePicture(
  platform: Platform,
  ctx: RequestContext,
  actor: Actor,
  name: string,
) {
  const custId = await administeredOrg(platform, actor);
  await platform.db.transaction(async (tx) => {
    const c = await repo.shareOf(tx, custId, { lock: true });
    if (!c || !c.sharePictures.includes(name)) throw new AppError(GenericErrors.objectNotFound, 'name');
    await repo.setSharePictures(
      tx,
      custId,
      c.sharePictures.filter((p) => p !== name),
    );
    await audit(tx, ctx, entry(actor, 'customer.share.picture.delete', custId, { id: name }));
  });
  await attachments.deleteAttachment(platform, platform.db, name);
  return { name };
}

/** `POST /cust/clinic/video`: one video; refused (-5) while one exists, whoever uploads at the same time. */
export async function uploadVideo(platform: Platform, ctx: RequestContext, actor: Actor, file: ReceivedFile) {
  const custId = await administeredOrg(platform, actor);
  const before = await repo.shareOf(platform.db, custId);
  if (before?.shareVideo) throw new AppError(ReportErrors.videoExists);
  const { row } = await withNewFile(platform, actor, custId, 'video', file, (id) =>
    platform.db.transaction(async (tx) => {
      if (!(await repo.setVideoIfNone(tx, custId, id))) throw new AppError(ReportErrors.videoExists);
      await audit(
        tx,
        ctx,
        entry(actor, 'customer.share.video.upload', custId, { id, size: file.bytes.length }),
      );
    }),
  );
  return { id: row.id, size: row.size, url: attachments.attachmentUrl(row.id) };
}

/** `DELETE /cust/clinic/video`: removes the video (none is "not found"). */
export async function deleteVideo(platform: Platform, ctx: RequestContext, actor: Actor) {
  const custId = await administeredOrg(platform, actor);
  const old = await platform.db.transaction(async (tx) => {
    const c = await repo.shareOf(tx, custId, { lock: true });
    if (!c?.shareVideo) throw new AppError(GenericErrors.objectNotFound);
    await repo.clearVideo(tx, custId);
    await audit(tx, ctx, entry(actor, 'customer.share.video.delete', custId, { id: c.shareVideo }));
    return c.shareVideo;
  });
  await attachments.deleteAttachment(platform, platform.db, old);
  return { id: old };
}

/** The video of an organization (the caller's own without custId), for `GET /cust/clinic/video` with Range. */
export async function videoOf(platform: Platform, actor: Actor, custId?: string) {
  const c = await shareRow(platform, actor, custId);
  const row = c.shareVideo ? await attachments.findAttachment(platform.db, c.shareVideo) : undefined;
  if (!row) throw new AppError(GenericErrors.objectNotFound);
  return {
    size: row.size,
    type: row.mime,
    name: row.name,
    open: (range?: ByteRange) => attachments.openAttachment(platform, row, range),
  };
}

/** `GET /cust/clinic/shareInfo?custId=`: introduction, pictures (comma-separated ids), colour, video id. */
export async function shareInfo(platform: Platform, actor: Actor, custId?: string): Promise<ShareInfo> {
  const c = await shareRow(platform, actor, custId);
  return {
    custInfo: { custInfo: c.introduction },
    sharePicture: { sharePicture: c.sharePictures.join(',') },
    shareColor: { shareColor: c.fontColor },
    shareVideo: { shareVideo: c.shareVideo },
  };
}
