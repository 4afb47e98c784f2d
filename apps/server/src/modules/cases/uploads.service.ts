import { createHash, randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  CaseErrors,
  detectScanFormat,
  ENCRYPTED_MAGIC,
  ScanFormats,
  type CompleteUploadBody,
  type ScanFormat,
} from '@archway/contract';
import type { Upload } from '@tus/server';
import { CHECK_HEAD_BYTES, checkScanSize, MeshError } from '@archway/mesh';
import type { Uploads } from '../../platform/uploads/tus.ts';
import { refuse } from './cases.access.ts';
import { type Scope } from './cases.scope.ts';
import {
  createCase,
  removeFiles,
  usableDevice,
  type OnCaseCreated,
  type StoredFile,
} from './cases.service.ts';
import * as repo from './cases.repository.ts';
import { prepareOrderForms } from '../orders/filling.service.ts';
import { receiversOf } from './order-forms.service.ts';

/** The first bytes kept of each upload: enough to tell the format and read a PLY header (`checkScanSize`). */
const HEAD_BYTES = CHECK_HEAD_BYTES;

/** One pass over an upload's bytes: its first bytes (to tell the format and check its header), size and sha256. */
async function scan(stream: Readable): Promise<{ head: Buffer; size: number; sha256: string }> {
  const hash = createHash('sha256');
  const head: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const c = chunk as Buffer;
    if (size < HEAD_BYTES) head.push(c.subarray(0, HEAD_BYTES - size));
    hash.update(c);
    size += c.length;
  }
  return { head: Buffer.concat(head), size, sha256: hash.digest('hex') };
}

/** The scan format of an encrypted file: its name's extension (its content is ciphertext). */
const formatByName = (name: string): ScanFormat | undefined => {
  const ext = name.split('.').pop()?.toLowerCase();
  return ScanFormats.find((f) => f === ext);
};

/**
 * `POST /api/case/upload/complete`: finished tus uploads become one case. The order values (`orderFields`) are
 * checked first against each receiving lab's published order form (orders.service `prepareOrderForms`), and the
 * filled forms are written with the case. Each upload must be the caller's and
 * complete; its bytes must be a scan (PLY, STL, OBJ by content) whose body holds what its header declares (a PLY's
 * element counts, a binary STL's triangle count: `checkScanSize` of @archway/mesh) or, for an encrypting device,
 * Archway's encrypted format, and hash to the sha256 the client sent (hashed as the bytes arrived when this process
 * received them all, `platform/uploads/received.ts`; else one read of each). Storage then adopts the staged bytes (a hard
 * link or a copy inside the bucket: not a second pass through the server), and `createCase` makes the case in one
 * transaction; on any failure the stored files are removed and nothing is left (the staged uploads stay, so the
 * client can try again). The same uploads again answer the same case.
 */
export async function completeUpload(
  s: Scope,
  uploads: Uploads,
  body: CompleteUploadBody,
  /** What a module above cases does as the case is made (cases.service `OnCaseCreated`). */
  onCreated?: OnCaseCreated,
): Promise<{ id: string }> {
  // No file at all: the spec's "original data file missing", before anything else is looked at.
  if (!body.files.length) return refuse(CaseErrors.originalMissing);
  const ids = body.files.map((f) => f.uploadId);
  if (new Set(ids).size !== ids.length) return refuse(CaseErrors.parameter);
  const uploadKey = `tus:${[...ids].sort().join(',')}`;
  const existing = await repo.findCaseByUpload(s.db, uploadKey);
  if (existing) {
    if (existing.senderUserId !== s.actor.userId) return refuse(CaseErrors.uploadFailed);
    return { id: existing.id };
  }
  const device = await usableDevice(s.db, s.actor, body.device);
  const encrypting = device.encryptType === 2;
  if (encrypting !== (body.crypto === 1)) return refuse(CaseErrors.badFile);
  // The receiving labs' order forms: a missing mandatory field or a value that does not fit refuses the case
  // before any upload is read or stored.
  const { order, forms } = await prepareOrderForms(
    s.db,
    await receiversOf(s.db, device.id, body.order.caseType, s.actor.custId ?? ''),
    body.order,
    body.orderFields,
    body.files.map((f) => f.name),
  );

  // Every upload is read once and checked (format, size, sha256) before any is stored.
  const checked: { upload: Upload; name: string; sha256: string; size: number; format: ScanFormat }[] = [];
  for (const f of body.files) {
    const info = await uploads.info(f.uploadId);
    if (
      !info ||
      info.metadata?.owner !== s.actor.userId ||
      info.size === undefined ||
      info.offset !== info.size
    )
      return refuse(CaseErrors.uploadFailed);
    // Hashed as this process received the bytes when it received them all, else read once more.
    const quick = uploads.received(f.uploadId, info.size);
    const { head, size, sha256 } =
      quick && quick.head.length >= Math.min(HEAD_BYTES, info.size)
        ? quick
        : await scan(await uploads.read(f.uploadId));
    if (size !== info.size || sha256 !== f.sha256.toLowerCase()) return refuse(CaseErrors.uploadFailed);
    const format = encrypting
      ? head.subarray(0, ENCRYPTED_MAGIC.length).equals(Buffer.from(ENCRYPTED_MAGIC, 'latin1'))
        ? formatByName(f.name)
        : undefined
      : detectScanFormat(head, info.size);
    if (!format) return refuse(CaseErrors.badFile);
    // A plain scan's body must hold what its header declares (a PLY's element counts, a binary STL's triangle
    // count): otherwise it would become a case whose conversion and preview can only fail.
    if (!encrypting && format !== 'obj') {
      try {
        checkScanSize(head, size);
      } catch (err) {
        if (err instanceof MeshError) return refuse(CaseErrors.badFile);
        throw err;
      }
    }
    checked.push({ upload: info, name: f.name, sha256, size, format });
  }

  const stored: StoredFile[] = [];
  try {
    for (const f of checked) {
      const key = `cases/${randomUUID()}`;
      const { size } = await s.storage.adopt(key, uploads.staged(f.upload));
      stored.push({ key, name: f.name, size, sha256: f.sha256, format: f.format });
      if (size !== f.size) return refuse(CaseErrors.uploadFailed);
    }
    const { id } = await createCase(
      s.db,
      s.actor,
      s.ctx,
      {
        deviceSerial: body.device,
        order,
        files: stored,
        orderForms: forms,
        uploadId: uploadKey,
        crypto: encrypting,
      },
      s.platform,
      onCreated,
    );
    await Promise.all(ids.map((u) => uploads.remove(u).catch(() => undefined)));
    return { id };
  } catch (err) {
    await removeFiles(
      s.storage,
      stored.map((f) => f.key),
    );
    throw err;
  }
}
