import { z } from 'zod';
import { CaseType } from './constants.ts';
import { foldPage, tableParams } from './devices.ts';
import { safeString, uuidParam } from './schemas.ts';
import { filledOrderForm, orderValues } from './orders.ts';

/**
 * Cases (product §1–§6, §9; calls-and-errors §3, §4, §7.4). Where the spec says "not shown", the decision is
 * written here and in the OpenAPI text.
 */

/** `receviceId` of a case sent to nobody in particular (calls-and-errors §3). */
export const NO_RECEIVER = '00000000-0000-0000-0000-000000000000';

/** Days after its upload during which a case may be previewed and commented (product §9). */
export const PREVIEW_DAYS = 90;

/**
 * The case (upload) status of product §4, in the order the spec lists them; the numbers are Archway's (the spec
 * does not show them).
 */
export const CaseStatus = {
  awaitingFile: 0,
  uploading: 1,
  awaitingLab: 2,
  processing: 3,
  finished: 4,
  cancelled: 5,
  uploadError: 6,
  unknown: 7,
  expired: 8,
  maxDownloads: 9,
  invalid: 10,
} as const;
export type CaseStatusCode = (typeof CaseStatus)[keyof typeof CaseStatus];

/**
 * Lab progress (calls-and-errors §4), set by a receiving organization on its copy. 5 "checked in" is offered only
 * while the case is at 1 "received" (a lab checks a case in before it starts work); the others always.
 */
export const ProcessStatus = { received: 1, processing: 2, sent: 3, finished: 4, checkedIn: 5 } as const;
export type ProcessStatusCode = (typeof ProcessStatus)[keyof typeof ProcessStatus];
/** The dropdown's order (calls-and-errors §4). */
export const ProcessStatusOrder = [1, 5, 2, 3, 4] as const;

/** Scan files a case accepts, checked by content (not by name). */
export const ScanFormats = ['ply', 'stl', 'obj'] as const;
export type ScanFormat = (typeof ScanFormats)[number];

/** FDI tooth positions: permanent 11–48, deciduous 51–85. */
export const isFdiTooth = (n: number): boolean => {
  const q = Math.floor(n / 10);
  const t = n % 10;
  return (q >= 1 && q <= 4 && t >= 1 && t <= 8) || (q >= 5 && q <= 8 && t >= 1 && t <= 5);
};

const text = safeString;
const caseTypeCode = z.union([
  z.literal(CaseType.orthodontics),
  z.literal(CaseType.implant),
  z.literal(CaseType.restoration),
]);
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date as YYYY-MM-DD');
/** A yes/no query or body field: a boolean, or `true`/`false`/`1`/`0`. */
export const flag = z.union([
  z.boolean(),
  z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1'),
]);

/**
 * The order fields of product §3 that travel with an upload (scanner, command line, web import). Everything but the
 * patient's name and the case type is optional.
 */
export const caseOrder = z.object({
  caseType: z.coerce.number().pipe(caseTypeCode),
  patientName: text(100).min(1),
  sex: z.enum(['male', 'female']).optional(),
  age: z.coerce.number().int().min(0).max(150).optional(),
  doctor: text(100).optional(),
  clinic: text(200).optional(),
  phone: text(40).optional(),
  dueDate: isoDate.optional(),
  remark: text(2000).optional(),
  /** FDI positions. */
  teeth: z.array(z.coerce.number().int().refine(isFdiTooth, 'an FDI tooth position')).max(52).optional(),
  upperJaw: flag.optional(),
  lowerJaw: flag.optional(),
  designRequirement: text(2000).optional(),
  material: text(100).optional(),
  toothColor: text(40).optional(),
  implantType: text(100).optional(),
  restorationType: text(100).optional(),
  softwareVersion: text(40).optional(),
});
export type CaseOrder = z.infer<typeof caseOrder>;

// ---- the case box ---------------------------------------------------------------------------------

/**
 * Actions on a case row: what the caller may do with it (the web renders these). `comment`: post a comment on the
 * case now (a copy not in the bin, within the 90-day window; the thread itself stays readable).
 */
export const CaseActions = [
  'preview',
  'download',
  'detail',
  'convert',
  'status',
  'cancel',
  'recycle',
  'restore',
  'purge',
  'forward',
  'comment',
] as const;
export const caseAction = z.enum(CaseActions);
export type CaseAction = z.infer<typeof caseAction>;

/**
 * `POST /getpaging`: the case box, or with `recycle: true` the recycle bin. `isSend` true lists sent cases, false
 * received ones, absent both; `notDownload` (the /caseNot page) only cases this organization has not downloaded;
 * `startTime`/`endTime` bound the upload date (inclusive days, UTC); `keyword` matches patient, doctor and the
 * other party's name. Sorters: `registTime desc` (default), `registTime asc`, `editTime desc|asc`, `patientName asc|desc`.
 */
export const caseListBody = z
  .object({
    ...tableParams,
    caseType: z.coerce.number().pipe(caseTypeCode).optional(),
    isSend: flag.optional(),
    startTime: isoDate.optional(),
    endTime: isoDate.optional(),
    keyword: text(100).optional(),
    notDownload: flag.optional(),
    downloaded: flag.optional(),
    recycle: flag.optional(),
  })
  .transform(foldPage);
export type CaseListBody = z.infer<typeof caseListBody>;

/** A card row (calls-and-errors §3), plus Archway's `status`, `processStatus`, `recycleId` and `actions`. */
export const caseRow = z.object({
  id: z.string(),
  receviceId: z.string(),
  sendId: z.string(),
  sendName: z.string(),
  receviceName: z.string(),
  patientName: z.string(),
  dentist: z.string(),
  caseType: z.number().int(),
  isSend: z.boolean(),
  /** When a re-upload overwrote the files, else `--`. */
  edit: z.string(),
  /** Upload time, UTC `YYYY-MM-DD HH:mm:ss`. */
  time: z.string(),
  crypto: z.union([z.literal(0), z.literal(1)]),
  /** The scan format (ply, stl, obj). */
  ext: z.string(),
  /** Per organization id: has it downloaded the case. */
  downloadStatus: z.record(z.string(), z.boolean()),
  /** True once the preview period (90 days) has passed. */
  isPreview: z.boolean(),
  status: z.number().int(),
  processStatus: z.number().int().nullable(),
  recycleId: z.string().nullable(),
  actions: z.array(caseAction),
  /**
   * The case's preview image (a PNG rendered on the server when the scan arrives), fetched with the caller's token;
   * null while it is being made, for encrypted data, or when the scan could not be drawn.
   */
  thumbnail: z.string().nullable(),
  /**
   * Third-party cooperation (product §4: the third party's name is appended to the current status): on the lab's
   * copy of a case it forwarded, and on the sender's, the third party's name; otherwise null. The sender sees where
   * its case went, but not the third party among its receivers (`receviceName`, `downloadStatus`).
   */
  thirdPartyName: z.string().nullable(),
  /** On the third party's copy: the lab that forwarded the case to it; otherwise null. */
  forwardedByName: z.string().nullable(),
});
export type CaseRow = z.infer<typeof caseRow>;

export const caseFile = z.object({
  id: z.string(),
  name: z.string(),
  size: z.number().int(),
  format: z.string(),
});

/** `GET /detail/{id}` (product §2). */
export const caseDetail = caseRow.extend({
  sex: z.string().nullable(),
  age: z.number().int().nullable(),
  clinic: z.string(),
  phone: z.string(),
  dueDate: z.string().nullable(),
  remark: z.string(),
  deviceNumber: z.string(),
  softwareVersion: z.string(),
  firstUpload: z.string(),
  lastUpload: z.string(),
  teeth: z.array(z.number().int()),
  upperJaw: z.boolean(),
  lowerJaw: z.boolean(),
  designRequirement: z.string(),
  material: z.string(),
  toothColor: z.string(),
  implantType: z.string(),
  restorationType: z.string(),
  downloadCount: z.number().int(),
  receivers: z.array(
    z.object({ custId: z.string(), custName: z.string(), processStatus: z.number().int().nullable() }),
  ),
  files: z.array(caseFile),
  /**
   * The order form each receiving lab's copy was sent with and what was filled: the sender sees every receiver's,
   * a receiver its own, a third party the forwarding lab's.
   */
  orderForms: z.array(filledOrderForm).default([]),
});
export type CaseDetail = z.infer<typeof caseDetail>;

export const caseIdParam = z.object({ id: uuidParam });
/** `PUT /status/{id}?status=`: the sender cancels its case (5) — the only change a sender makes. */
export const caseStatusQuery = z.object({ status: z.coerce.number().pipe(z.literal(CaseStatus.cancelled)) });
/** `PUT /processStatus?id=&status=`: a receiver sets its lab progress. */
export const processStatusQuery = z.object({
  id: uuidParam,
  status: z.coerce
    .number()
    .pipe(z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(5)])),
});
/** `PUT /api/case/recycle/move/?id=…&receviceId=…`: one case or several (`id` repeated or comma-separated). */
export const recycleMoveQuery = z.object({
  id: z.union([z.string(), z.array(z.string())]).transform((v, ctx) => {
    const ids = [v]
      .flat()
      .flatMap((s) => s.split(','))
      .map((s) => s.trim())
      .filter(Boolean);
    if (!ids.length || ids.length > 100 || !ids.every((s) => uuidParam.safeParse(s).success)) {
      ctx.addIssue({ code: 'custom', message: 'one to 100 case ids' });
      return z.NEVER;
    }
    return [...new Set(ids)];
  }),
  receviceId: z.string().optional(),
});
/** `GET /user/addservice?id=&recycleId=`: restore from the bin. */
export const restoreQuery = z.object({ id: uuidParam, recycleId: uuidParam });

// ---- uploads -------------------------------------------------------------------------------------

/**
 * The first bytes of a file encrypted on the scanner (devices with encryptType 2): `AWENC1\0\0`, then a 16-byte
 * salt, a 12-byte IV, the AES-256-GCM ciphertext and its 16-byte tag. Key: scrypt(managementCode, salt, 32,
 * N 2^15, r 8, p 1). The server only checks this magic: it never sees the plaintext.
 */
export const ENCRYPTED_MAGIC = 'AWENC1\u0000\u0000';

/** `POST /api/case/upload/complete`: finished tus uploads (one per file) and the order become one case. */
export const completeUploadBody = z.object({
  device: text(64).min(1),
  crypto: z.union([z.literal(0), z.literal(1)]).default(0),
  order: caseOrder,
  /** The scan files; none answers `case.originalMissing` ("original data file missing", not a parameter error). */
  files: z
    .array(
      z.object({
        uploadId: z.string().regex(/^[0-9a-f-]{36}$/, 'an upload id'),
        name: text(255).min(1),
        sha256: z.string().regex(/^[0-9a-fA-F]{64}$/, 'a sha256 in hex'),
      }),
    )
    .max(20),
  /**
   * The receiving labs' order-form values by field name (`GET /api/order/forms` lists the forms): checked against
   * every receiver's published form before anything is written.
   */
  orderFields: orderValues.optional(),
});
export type CompleteUploadBody = z.infer<typeof completeUploadBody>;
