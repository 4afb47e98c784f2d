import { z } from 'zod';
import { sharedPin } from './comments.ts';
import { uuidParam } from './schemas.ts';

/**
 * The model builder (`/caseBuilder`), model comparison (`/caseCompare`) and a case report's share links. Archway's
 * paths (the spec shows none): `/api/case/model/{id}`, `/api/case/compare`, `/api/case/report/share`, and the public
 * `/api/report/{token}`. Jobs run on the server's scan job runner (worker threads), like online conversion; a page
 * polls the GET call while `state` is `queued` or `running`.
 */

export const ModelJobStates = ['none', 'queued', 'running', 'done', 'failed'] as const;
export type ModelJobState = (typeof ModelJobStates)[number];
export const ModelBaseKinds = ['horseshoe', 'solid'] as const;
export type ModelBaseKind = (typeof ModelBaseKinds)[number];
export const MODEL_BASE_HEIGHT = { min: 1, max: 30, default: 5 } as const;

/**
 * `POST /api/case/model/{id}`: builds a printable (watertight) model with a base from the case's original scans
 * (each scan its own model file), or from one scan when `fileId` is given. Numbers out of range or an unknown base
 * answer `model.parameter`.
 */
export const modelRequest = z.object({
  /** Millimetres of base under the jaw's lowest point, 1 … 30. */
  baseHeight: z.number().default(MODEL_BASE_HEIGHT.default),
  baseKind: z.string().default('horseshoe'),
  /** One original scan of the case; default every original scan (PLY, STL, OBJ) of the case. */
  fileId: uuidParam.optional(),
});
export type ModelRequest = z.input<typeof modelRequest>;

/** A model file: a case file (downloadable at `url` like any case file; conversionType `model`). */
export const modelFile = z.object({
  id: z.string(),
  name: z.string(),
  size: z.number().int(),
  url: z.string(),
});
export type ModelFile = z.infer<typeof modelFile>;

/** `GET /api/case/model/{id}` (and the answer of the POST): the case's latest model job. */
export const modelJob = z.object({
  /** `none`: no model was ever built for the case. */
  state: z.enum(ModelJobStates),
  /** 0 … 1. */
  progress: z.number(),
  /** When failed: the catalogue key (e.g. `model.failed`). */
  errorKey: z.string().nullable(),
  baseHeight: z.number(),
  baseKind: z.enum(ModelBaseKinds),
  /** When done: the model files (`<scan name>-model.stl`); a new build replaces them. */
  files: z.array(modelFile),
});
export type ModelJob = z.infer<typeof modelJob>;

/**
 * `POST /api/case/compare`: either two cases (each one's first original scan) or two files (of one or two cases).
 * A / fileA is the reference; B is aligned onto it. The caller's organization must hold both cases.
 */
export const compareRequest = z.object({
  caseA: uuidParam.optional(),
  caseB: uuidParam.optional(),
  fileA: uuidParam.optional(),
  fileB: uuidParam.optional(),
});
export type CompareRequest = z.infer<typeof compareRequest>;

export const CompareStates = ['queued', 'running', 'done', 'failed'] as const;
export type CompareState = (typeof CompareStates)[number];

export const compareStarted = z.object({ job: z.string(), state: z.enum(CompareStates) });
export type CompareStarted = z.infer<typeof compareStarted>;

/** `GET /api/case/compare/{job}`: a comparison; the numbers are null until it is done. */
export const compareJob = z.object({
  job: z.string(),
  state: z.enum(CompareStates),
  progress: z.number(),
  errorKey: z.string().nullable(),
  caseA: z.string(),
  caseB: z.string(),
  fileA: z.object({ id: z.string(), name: z.string() }),
  fileB: z.object({ id: z.string(), name: z.string() }),
  /** Millimetres: root mean square, mean and largest distance of B's surface from A's after alignment. */
  rms: z.number().nullable(),
  mean: z.number().nullable(),
  max: z.number().nullable(),
  /** Millimetres: the distance that the colour scale's far end (red) stands for. */
  range: z.number().nullable(),
  /** Distances in mm: `edges` has one more entry than `counts`. */
  histogram: z.object({ edges: z.array(z.number()), counts: z.array(z.number()) }).nullable(),
  /** The rotation (degrees) and translation (mm) that moved B onto A. */
  rotationDegrees: z.number().nullable(),
  translation: z.array(z.number()).nullable(),
  /** B coloured by its distance from A (binary PLY), once done. */
  file: z.object({ url: z.string(), name: z.string(), size: z.number().int() }).nullable(),
  createdAt: z.string(),
});
export type CompareJob = z.infer<typeof compareJob>;

/** `GET /api/case/compare/cases?keyword=`: the caller's cases with a scan, to choose two from. */
export const compareCasesQuery = z.object({ keyword: z.string().max(100).optional() });
export const compareCase = z.object({
  id: z.string(),
  patientName: z.string(),
  caseType: z.number().int(),
  createdAt: z.string(),
  /** The case's original scans (PLY, STL, OBJ). */
  files: z.array(z.object({ id: z.string(), name: z.string(), format: z.string(), size: z.number().int() })),
});
export type CompareCase = z.infer<typeof compareCase>;

export const SHARE_LINK_DAYS = { min: 1, max: 365, default: 30 } as const;

/** `POST /api/case/report/share`: a link to the case's report that works without an account. */
/** At most this many remarks are chosen for one link. */
export const SHARE_LINK_PINS_MAX = 200;

export const shareLinkRequest = z.object({
  caseId: uuidParam,
  /** 1 … 365, default 30 (`shareLink.parameter` outside). */
  days: z.number().int().optional(),
  /**
   * The case's pinned remarks to show the patient (comment ids); none by default: every other remark is internal
   * and the link never sends it. An id that is not one of the case's pinned remarks is `generic.validation` (pins).
   */
  pins: z.array(z.string().max(100)).max(SHARE_LINK_PINS_MAX).optional(),
});
/** The new link: `token` and `url` are shown this once (only a hash is kept). */
export const shareLinkCreated = z.object({
  id: z.string(),
  token: z.string(),
  /** PUBLIC_URL + `/v5/report/<token>`. */
  url: z.string(),
  expiresAt: z.string(),
});
export type ShareLinkCreated = z.infer<typeof shareLinkCreated>;

/** `GET /api/case/report/shares?caseId=`: the caller's organization's links for the case, newest first. */
export const shareLinkRow = z.object({
  id: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
  revokedAt: z.string().nullable(),
  createdByName: z.string().nullable(),
  /** Neither expired nor revoked. */
  active: z.boolean(),
  /** The pinned remarks (comment ids) the link shows the patient; the others stay internal. */
  pins: z.array(z.string()),
});
export type ShareLinkRow = z.infer<typeof shareLinkRow>;

/** `GET /api/report/{token}` (public): what the shared report page shows. */
export const sharedReport = z.object({
  case: z.object({
    id: z.string(),
    patientName: z.string(),
    caseType: z.number().int(),
    createdAt: z.string(),
    doctor: z.string(),
    clinic: z.string(),
  }),
  /** The organization that shared it: its report customization. Urls are public, under the token. */
  org: z.object({
    name: z.string(),
    introduction: z.string(),
    /**
     * The organization's colour (its setting type 3, what `/cust/clinic/shareInfo` answers as `shareColor`): the
     * header's colour; null when it chose none.
     */
    shareColor: z.string().nullable(),
    /** The header's text colour when the organization set one apart; null: black or white, whichever reads better. */
    fontColor: z.string().nullable(),
    /** The logo, shown at its own aspect (height 48 px, at most 160 px wide). */
    logoUrl: z.string().nullable(),
    backgroundUrl: z.string().nullable(),
    pictures: z.array(z.string()),
    videoUrl: z.string().nullable(),
  }),
  /** The case design, when the case has one. */
  design: z
    .object({
      teeth: z.array(
        z.object({
          tooth: z.number().int(),
          kind: z.string(),
          material: z.string().optional(),
          shade: z.string().optional(),
          implantType: z.string().optional(),
        }),
      ),
      bridges: z.array(z.array(z.number().int())),
      note: z.string(),
    })
    .nullable(),
  /** The case's original scans, for the 3D view: `url` is `/api/report/{token}/file/{id}`. */
  files: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      format: z.string(),
      size: z.number().int(),
      url: z.string(),
    }),
  ),
  /**
   * The case's remarks pinned to the scans above (read-only), oldest first: only the ones the sharer chose to show
   * the patient (`pins` of the link; none by default) on a file listed in `files`; the writing organization's name,
   * never a person's name or an image.
   */
  pins: z.array(sharedPin),
});
export type SharedReport = z.infer<typeof sharedReport>;
