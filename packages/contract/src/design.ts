import { z } from 'zod';
import { isFdiTooth } from './cases.ts';
import { VitaShades } from './constants.ts';
import { safeString, uuidParam } from './schemas.ts';

export { VitaShades };

/**
 * Case design (product §2 /caseDesign, §3 restoration kinds and materials, §7.4 `POST /api/case/design`): the FDI
 * tooth chart of a case. The sending clinic writes it; the case's receivers and a third party it was forwarded to
 * read it and answer with their own design notes. Calls: `POST /api/case/design` (save), `GET /api/case/design/{id}`
 * (read), `PUT /api/case/design/note` (a receiver's note).
 */

/** The restoration kinds of product §3, in the spec's order. */
export const RestorationKinds = [
  'AnatomicCrown',
  'OffsetCoping',
  'AnatomicPontic',
  'AnatomicInlay',
  'OffsetInlay',
  'Veneer',
  'Antagonist',
  'HealthyTooth',
  'MissingTooth',
] as const;
export const restorationKind = z.enum(RestorationKinds);
export type RestorationKind = z.infer<typeof restorationKind>;

/**
 * Each kind's fixed chart colour (the web chart, the printed sheet and the report use these). All are dark enough
 * for white text (contrast ≥ 4.5:1) and for the shape against white paper (≥ 3:1); the chart also prints each
 * kind's `KindSymbols` letter on the tooth so no kind is told by colour alone.
 */
export const KindColors: Readonly<Record<RestorationKind, string>> = {
  AnatomicCrown: '#c2410c',
  OffsetCoping: '#a16207',
  AnatomicPontic: '#be123c',
  AnatomicInlay: '#1d4ed8',
  OffsetInlay: '#0e7490',
  Veneer: '#7e22ce',
  Antagonist: '#475569',
  HealthyTooth: '#15803d',
  MissingTooth: '#6b7280',
};

/** The short code drawn on a tooth and beside its legend entry (chart shorthand, the same in every language). */
export const KindSymbols: Readonly<Record<RestorationKind, string>> = {
  AnatomicCrown: 'C',
  OffsetCoping: 'K',
  AnatomicPontic: 'P',
  AnatomicInlay: 'I',
  OffsetInlay: 'O',
  Veneer: 'V',
  Antagonist: 'A',
  HealthyTooth: 'H',
  MissingTooth: '×',
};

/**
 * Materials (product §3: cobalt-chromium porcelain, all-ceramic, several zirconia brands, cast ceramic inlay, cast
 * porcelain veneer; Archway adds the usual others). Codes; the web translates them (`design.materials.<code>`).
 */
export const DesignMaterials = [
  'cocr-porcelain',
  'all-ceramic',
  'zirconia-katana',
  'zirconia-lava',
  'zirconia-prettau',
  'zirconia-cercon',
  'lithium-disilicate',
  'cast-ceramic-inlay',
  'cast-porcelain-veneer',
  'precious-alloy',
  'titanium',
  'pmma',
  'composite',
] as const;
export const designMaterial = z.enum(DesignMaterials);
export type DesignMaterial = z.infer<typeof designMaterial>;

export const vitaShade = z.enum(VitaShades);
export type VitaShade = z.infer<typeof vitaShade>;

/**
 * Implant types: the connection the restoration sits on (what a lab needs to choose its parts). Codes; the web
 * translates them (`design.implantTypes.<code>`).
 */
export const ImplantTypes = [
  'bone-level',
  'tissue-level',
  'ti-base',
  'custom-abutment-titanium',
  'custom-abutment-zirconia',
  'multi-unit',
  'screw-retained',
  'cement-retained',
] as const;
export const implantType = z.enum(ImplantTypes);
export type ImplantType = z.infer<typeof implantType>;

// ---- the FDI chart ------------------------------------------------------------------------------------------

const range = (from: number, to: number, step: number) => {
  const out: number[] = [];
  for (let n = from; step > 0 ? n <= to : n >= to; n += step) out.push(n);
  return out;
};

/**
 * The four arches as drawn, left to right from the viewer's side (the patient's right on the left): each list is
 * the arch order, so neighbours in a list are neighbouring teeth (11 and 21 across the midline included).
 */
export const Arches = {
  upper: [...range(18, 11, -1), ...range(21, 28, 1)],
  lower: [...range(48, 41, -1), ...range(31, 38, 1)],
  upperDeciduous: [...range(55, 51, -1), ...range(61, 65, 1)],
  lowerDeciduous: [...range(85, 81, -1), ...range(71, 75, 1)],
} as const;
export type ArchName = keyof typeof Arches;

/** Every valid FDI number: permanent 11–18, 21–28, 31–38, 41–48; deciduous 51–55, 61–65, 71–75, 81–85. */
export const FdiTeeth: readonly number[] = [
  ...Arches.upper,
  ...Arches.lower,
  ...Arches.upperDeciduous,
  ...Arches.lowerDeciduous,
].sort((a, b) => a - b);
export const isDeciduous = (n: number): boolean => n >= 51;

/** The arch a tooth belongs to and its index in it (undefined for a number that is no tooth). */
export function archOf(tooth: number): { arch: ArchName; index: number } | undefined {
  for (const arch of Object.keys(Arches) as ArchName[]) {
    const index = (Arches[arch] as readonly number[]).indexOf(tooth);
    if (index >= 0) return { arch, index };
  }
  return undefined;
}

/** The most teeth and bridges one design carries, and the longest note. */
export const DESIGN_NOTE_MAX = 2000;
const MAX_TEETH = FdiTeeth.length;

/** One tooth of the design: its kind and, where they apply, material, shade and implant type. */
export const toothDesign = z.object({
  tooth: z.number().int(),
  kind: restorationKind,
  material: designMaterial.optional(),
  shade: vitaShade.optional(),
  implantType: implantType.optional(),
});
export type ToothDesign = z.infer<typeof toothDesign>;

/**
 * `POST /api/case/design`: the whole design, replacing the previous one.
 * `{ caseId, teeth: [{ tooth, kind, material?, shade?, implantType? }], bridges: number[][], note }`.
 * Teeth: unique valid FDI numbers (else `design.tooth`). Bridges: each at least two teeth, all neighbours in one
 * arch (11↔21 across the midline is a neighbour), no tooth in two bridges (else `design.bridge`); they are stored
 * in arch order. Anything else malformed (an unknown kind, material, shade or implant type): `design.parameter`.
 */
export const saveDesignBody = z.object({
  caseId: uuidParam,
  teeth: z.array(toothDesign).max(MAX_TEETH),
  bridges: z.array(z.array(z.number().int()).max(16)).max(32).default([]),
  note: safeString(DESIGN_NOTE_MAX).default(''),
});
export type SaveDesignBody = z.infer<typeof saveDesignBody>;

/** `PUT /api/case/design/note`: a receiving lab's (or the third party's) answer; an empty note removes it. */
export const designNoteBody = z.object({
  caseId: uuidParam,
  note: safeString(DESIGN_NOTE_MAX),
});
export type DesignNoteBody = z.infer<typeof designNoteBody>;

export const designCaseParams = z.object({ id: uuidParam });

export const designNote = z.object({
  custId: z.string(),
  custName: z.string(),
  note: z.string(),
  updatedAt: z.string(),
  /** Written by the caller's organization. */
  mine: z.boolean(),
});
export type DesignNote = z.infer<typeof designNote>;

/**
 * A case's design as the caller sees it. `updatedAt`/`updatedByName` are null while nothing is saved. `notes`: the
 * receivers' answers (the sender sees every one, a receiver its own). `actions.edit`: the caller's organization sent
 * the case; `actions.answer`: it received it (or it was forwarded to it).
 */
export const caseDesign = z.object({
  caseId: z.string(),
  teeth: z.array(toothDesign),
  bridges: z.array(z.array(z.number().int())),
  note: z.string(),
  updatedAt: z.string().nullable(),
  updatedByName: z.string().nullable(),
  notes: z.array(designNote),
  actions: z.object({ edit: z.boolean(), answer: z.boolean() }),
});
export type CaseDesign = z.infer<typeof caseDesign>;

/** A design problem the chart rules find, or null: the field the refusal names. */
export type DesignProblem = { kind: 'tooth'; tooth: number } | { kind: 'bridge'; index: number } | null;

/** Sorts a bridge's teeth in arch order (left to right as drawn); assumes valid teeth of one arch. */
export function bridgeInArchOrder(bridge: readonly number[]): number[] {
  return [...bridge].sort((a, b) => archOf(a)!.index - archOf(b)!.index);
}

/**
 * The chart rules the schema cannot say: unique valid teeth; bridges of two or more distinct valid teeth, all in
 * one arch and contiguous there (in any order), no tooth in two bridges. Server and web both use it.
 */
export function designProblem(design: {
  teeth: readonly { tooth: number }[];
  bridges: readonly (readonly number[])[];
}): DesignProblem {
  const seen = new Set<number>();
  for (const { tooth } of design.teeth) {
    if (!isFdiTooth(tooth) || seen.has(tooth)) return { kind: 'tooth', tooth };
    seen.add(tooth);
  }
  const bridged = new Set<number>();
  for (const [index, bridge] of design.bridges.entries()) {
    for (const tooth of bridge) if (!isFdiTooth(tooth)) return { kind: 'tooth', tooth };
    if (bridge.length < 2 || new Set(bridge).size !== bridge.length) return { kind: 'bridge', index };
    const places = bridge.map((t) => archOf(t)!);
    if (places.some((p) => p.arch !== places[0]!.arch)) return { kind: 'bridge', index };
    const indexes = places.map((p) => p.index).sort((a, b) => a - b);
    if (indexes[indexes.length - 1]! - indexes[0]! !== indexes.length - 1) return { kind: 'bridge', index };
    for (const tooth of bridge) {
      if (bridged.has(tooth)) return { kind: 'bridge', index };
      bridged.add(tooth);
    }
  }
  return null;
}
