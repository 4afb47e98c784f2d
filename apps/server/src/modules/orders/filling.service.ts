/**
 * Filling order forms: the forms a clinic fills before sending a case (`GET /api/order/forms`), and the check of
 * what it filled against every receiving lab's published form, inside the upload (cases/uploads.service.ts). Which
 * labs receive the case is the cases module's routing: it passes their ids in.
 */
import {
  OrderFormErrors,
  caseOrder,
  type CaseOrder,
  type OrderValues,
  type ReceiverForm,
} from '@archway/contract';
import type { Queryable } from '../../platform/db/client.ts';
import { presentReceiverForm } from './orders.presenter.ts';
import * as repo from './orders.repository.ts';
import type { OrderFieldRow } from './orders.repository.ts';
import { fold, refuse } from './orders.service.ts';

/** The published forms of these receiving labs (the case's routing says which: cases/order-forms.service.ts). */
const receivingForms = (db: Queryable, receivers: string[]) => repo.publishedForms(db, receivers);

/** `GET /api/order/forms`: the receiving labs' published forms, as a clinic fills them. */
export const publishedReceiverForms = async (db: Queryable, receivers: string[]): Promise<ReceiverForm[]> =>
  (await receivingForms(db, receivers)).map(presentReceiverForm);

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const isDate = (v: string) => DATE.test(v) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v);

/** A dropdown/radio/checkbox choice: an option's label, or "option / sub-option"; answered in the form's spelling. */
function choiceOf(field: OrderFieldRow, value: string): string | undefined {
  const [label, child, ...rest] = value.split('/').map((p) => p.trim());
  if (rest.length || !label) return undefined;
  const option = field.options.find((o) => fold(o.label) === fold(label));
  if (!option) return undefined;
  if (child === undefined) return option.label;
  const sub = option.children?.find((c) => fold(c) === fold(child));
  return sub === undefined ? undefined : `${option.label} / ${sub}`;
}

const blank = (v: unknown) =>
  v === undefined || (typeof v === 'string' && !v.trim()) || (Array.isArray(v) && !v.length);

/**
 * One value checked against its field; undefined when left out. A missing mandatory field is fieldRequired, a value
 * that does not fit (not an option, not a YYYY-MM-DD date, not a switch's true/false, a file not among the case's
 * files, a list for a one-value field) fieldInvalid; both name the field. A checkbox also takes its choices as one
 * comma-separated text, a switch the words "true" and "false" (what a command line sends).
 */
function checkValue(field: OrderFieldRow, value: unknown, fileNames: readonly string[]) {
  if (blank(value)) return field.mandatory ? refuse(OrderFormErrors.fieldRequired, field.name) : undefined;
  const invalid = () => refuse(OrderFormErrors.fieldInvalid, field.name);
  switch (field.type) {
    case 'switch':
      // true/false, or the words (archway-scan's `--field NAME=true`).
      if (typeof value === 'boolean') return value;
      return value === 'true' ? true : value === 'false' ? false : invalid();
    case 'checkbox': {
      const list = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : invalid();
      const chosen = list.map((v) => (typeof v === 'string' && v.trim() ? choiceOf(field, v) : undefined));
      if (chosen.some((c) => c === undefined) || new Set(chosen).size !== chosen.length) return invalid();
      return chosen as string[];
    }
    default: {
      if (typeof value !== 'string') return invalid();
      const v = value.trim();
      if (field.type === 'dropdown' || field.type === 'radio') return choiceOf(field, v) ?? invalid();
      if (field.type === 'date') return isDate(v) ? v : invalid();
      if (field.type === 'file') return fileNames.includes(v) ? v : invalid();
      return v;
    }
  }
}

export interface FilledForm {
  custId: string;
  formVersionId: string;
  values: repo.OrderValuesRow;
}

/**
 * The order values checked against every receiving lab's published form (field names matched ignoring letter case):
 * each form's values, filtered to its fields. A value no receiving form has a field for is refused (fieldInvalid,
 * naming it), so a mistyped `--field` does not vanish.
 */
export function checkOrderValues(
  forms: readonly repo.PublishedForm[],
  values: OrderValues,
  fileNames: readonly string[],
  /** Values taken from the order part's columns: used where `values` leave a field out, dropped if they do not fit. */
  fallback: OrderValues = {},
): FilledForm[] {
  const given = new Map(Object.entries(values).map(([k, v]) => [fold(k), { name: k, value: v }]));
  const known = new Set(forms.flatMap((f) => f.fields.map((x) => fold(x.name))));
  for (const [k, v] of given) if (!known.has(k)) refuse(OrderFormErrors.fieldInvalid, v.name);
  const lenient = new Map(Object.entries(fallback).map(([k, v]) => [fold(k), v]));
  return forms.map((form) => {
    const out: repo.OrderValuesRow = {};
    for (const field of form.fields) {
      const key = fold(field.name);
      let v: ReturnType<typeof checkValue>;
      if (!given.has(key) && lenient.has(key)) {
        try {
          v = checkValue({ ...field, mandatory: false }, lenient.get(key), fileNames);
        } catch {
          v = undefined;
        }
        if (v === undefined && field.mandatory) refuse(OrderFormErrors.fieldRequired, field.name);
      } else v = checkValue(field, given.get(key)?.value, fileNames);
      if (v !== undefined) out[field.name] = v;
    }
    return { custId: form.custId, formVersionId: form.versionId, values: out };
  });
}

/** Standard form field → the case column it fills when the order part leaves that column empty. */
const STANDARD_COLUMNS: Record<string, keyof CaseOrder> = {
  doctor: 'doctor',
  clinic: 'clinic',
  phone: 'phone',
  'patient name': 'patientName',
  gender: 'sex',
  age: 'age',
  'due date': 'dueDate',
  remark: 'remark',
  'tooth colour': 'toothColor',
  material: 'material',
};

/**
 * The case's own columns (doctor, clinic, phone, patient name, sex, age, due date, remark, tooth colour, material)
 * filled from the form fields of the standard names where the order part left them empty; a value that does not
 * fit the column (an age that is no number) is left out of the column (it stays in the form).
 */
export function withStandardColumns(order: CaseOrder, filled: readonly FilledForm[]): CaseOrder {
  const out: Record<string, unknown> = { ...order };
  for (const form of filled)
    for (const [name, value] of Object.entries(form.values)) {
      const column = STANDARD_COLUMNS[fold(name)];
      if (!column || typeof value !== 'string' || !blank(out[column])) continue;
      const candidate = column === 'sex' ? value.toLowerCase() : value;
      const parsed = caseOrder.shape[column].safeParse(candidate);
      if (parsed.success && !blank(parsed.data)) out[column] = parsed.data;
    }
  return out as CaseOrder;
}

/**
 * The other way round: a standard-named field the values leave out takes the order part's column where it fits
 * (`--material Zirconia` fills a lab's "Material" dropdown with its option "zirconia"; a value that is no option is
 * dropped, and a mandatory field left empty so is still refused).
 */
export function columnValues(order: CaseOrder): OrderValues {
  const out: OrderValues = {};
  for (const [name, column] of Object.entries(STANDARD_COLUMNS)) {
    const v = order[column];
    if (v === undefined || v === null || v === '' || typeof v === 'object') continue;
    out[name] = typeof v === 'boolean' ? v : String(v);
  }
  return out;
}

/**
 * Before an upload writes anything: the receivers' forms, the values checked against them, and the order with the
 * standard columns filled. The case is routed again inside its transaction; a form is kept for each receiver that
 * is still among its receivers.
 */
export async function prepareOrderForms(
  db: Queryable,
  receivers: string[],
  order: CaseOrder,
  values: OrderValues | undefined,
  fileNames: readonly string[],
): Promise<{ order: CaseOrder; forms: FilledForm[] }> {
  const forms = await receivingForms(db, receivers);
  const filled = checkOrderValues(forms, values ?? {}, fileNames, columnValues(order));
  return { order: withStandardColumns(order, filled), forms: filled };
}
