import {
  formatExpiry,
  type FilledOrderForm,
  type OrderField,
  type OrderFormState,
  type ReceiverForm,
} from '@archway/contract';
import type { OrderFormRights } from './orders.access.ts';
import type { OrderFieldRow } from './orders.repository.ts';
import type { OrderFormRow, OrderValuesRow, PublishedForm } from './orders.repository.ts';

/** A stored field as the contract shows it (sub-options only where there are some). */
export const presentField = (f: OrderFieldRow): OrderField => ({
  name: f.name,
  type: f.type,
  mandatory: f.mandatory,
  options: f.options.map((o) =>
    o.children?.length ? { label: o.label, children: [...o.children] } : { label: o.label },
  ),
});

const sameFields = (a: readonly OrderFieldRow[], b: readonly OrderFieldRow[]) =>
  JSON.stringify(a.map(presentField)) === JSON.stringify(b.map(presentField));

/** The designer's state: the draft, the published version, whether they differ, what the caller may do. */
export function presentState(
  row: Pick<OrderFormRow, 'draft' | 'published' | 'updatedAt'> | undefined,
  draft: readonly OrderFieldRow[],
  publishedFields: readonly OrderFieldRow[],
  rights: OrderFormRights = { change: false },
): OrderFormState {
  const published = row?.published ?? 0;
  return {
    draft: draft.map(presentField),
    published,
    publishedFields: publishedFields.map(presentField),
    changed: published === 0 ? draft.length > 0 : !sameFields(draft, publishedFields),
    updatedAt: row ? (formatExpiry(row.updatedAt) ?? null) : null,
    actions: { change: rights.change },
  };
}

export const presentReceiverForm = (f: PublishedForm): ReceiverForm => ({
  custId: f.custId,
  custName: f.custName,
  version: f.version,
  fields: f.fields.map(presentField),
});

export interface CaseFormRow {
  custId: string;
  custName: string;
  version: number;
  fields: OrderFieldRow[];
  values: OrderValuesRow;
}

/** The filled forms a viewer of a case sees (orders.access `filledFormsSeenBy` chose them). */
export function presentFilledForms(seen: readonly CaseFormRow[]): FilledOrderForm[] {
  return seen.map((f) => ({
    custId: f.custId,
    custName: f.custName,
    version: f.version,
    fields: f.fields.map(presentField),
    values: { ...f.values },
  }));
}
