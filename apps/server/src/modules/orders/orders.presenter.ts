import {
  formatExpiry,
  type FilledOrderForm,
  type OrderField,
  type OrderFormState,
  type ReceiverForm,
} from '@archway/contract';
import type { OrderFieldRow } from './orders.repository.ts';
import type { OrderFormRow, OrderValuesRow, PublishedForm } from './orders.repository.ts';

const SENDER = 1;

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

/** The designer's state: the draft, the published version and whether they differ. */
export function presentState(
  row: Pick<OrderFormRow, 'draft' | 'published' | 'updatedAt'> | undefined,
  draft: readonly OrderFieldRow[],
  publishedFields: readonly OrderFieldRow[],
): OrderFormState {
  const published = row?.published ?? 0;
  return {
    draft: draft.map(presentField),
    published,
    publishedFields: publishedFields.map(presentField),
    changed: published === 0 ? draft.length > 0 : !sameFields(draft, publishedFields),
    updatedAt: row ? (formatExpiry(row.updatedAt) ?? null) : null,
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

/**
 * The filled forms a viewer of a case sees: the sender every receiver's, a receiver its own, a third party a lab
 * forwarded the case to the forwarding lab's (the form the case reached it with).
 */
export function visibleFilledForms(
  viewer: { custId: string; role: number; forwardedBy: string | null },
  forms: readonly CaseFormRow[],
): FilledOrderForm[] {
  const seen =
    viewer.role === SENDER ? forms : forms.filter((f) => f.custId === (viewer.forwardedBy ?? viewer.custId));
  return seen.map((f) => ({
    custId: f.custId,
    custName: f.custName,
    version: f.version,
    fields: f.fields.map(presentField),
    values: { ...f.values },
  }));
}
