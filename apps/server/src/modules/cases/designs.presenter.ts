import type { CaseDesign, DesignNote, ToothDesign } from '@archway/contract';
import type { CaseAccess } from './cases.access.ts';
import type { DesignNoteRecord, DesignRecord } from './designs.repository.ts';

const iso = (d: Date | string) => new Date(d).toISOString();

/** What the caller's organization may do with a case's design, from its rights on its copy (cases.access). */
export const designActions = (access: CaseAccess): CaseDesign['actions'] => ({
  edit: access.rights.includes('design'),
  answer: access.rights.includes('designNote'),
});

/** Rows → the design the caller sees (an empty chart while nothing is saved); teeth in FDI order. */
export function presentDesign(
  caseId: string,
  design: DesignRecord | undefined,
  notes: DesignNoteRecord[],
  access: CaseAccess,
  custId: string,
): CaseDesign {
  const teeth: ToothDesign[] = (design?.teeth ?? [])
    .map((t) => ({ ...t }) as ToothDesign)
    .sort((a, b) => a.tooth - b.tooth);
  return {
    caseId,
    teeth,
    bridges: design?.bridges ?? [],
    note: design?.note ?? '',
    updatedAt: design ? iso(design.updatedAt) : null,
    updatedByName: design?.updatedByName ?? null,
    notes: notes.map((n): DesignNote => ({
      custId: n.custId,
      custName: n.custName,
      note: n.note,
      updatedAt: iso(n.updatedAt),
      mine: n.custId === custId,
    })),
    actions: designActions(access),
  };
}
