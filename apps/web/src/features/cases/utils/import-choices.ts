import type { OrderField, OrderValue, OrderValues } from '@archway/contract';
import { CustType } from '@archway/contract';
import { checkboxChoices, fieldKey, splitChoice } from '../../../shared/order-form/values.ts';

/**
 * What the web import remembers of a person's last import (issue 33 §6), in this browser's localStorage under a key
 * of its own per signed-in person: the device the case was sent with (which names its receivers), the case type,
 * the doctor and clinic, and the receiving labs' choices that are not about the patient. Never the patient's name,
 * sex, age, phone, teeth, due date, remark or files.
 */
export interface ImportChoices {
  device?: string;
  caseType?: number;
  doctor?: string;
  clinic?: string;
  /** The labs' order-form choices, by field name. */
  orderFields?: OrderValues;
}

/** The localStorage key of one person's last import choices. */
export const importChoicesKey = (userId: string) => `archway-import-choices:${userId}`;

/** Field names that are about the patient or this one case (their values are never remembered). */
const PATIENT_WORDS =
  /\b(patient|names?|gender|sex|age|birth|dob|shade|colou?rs?|remarks?|notes?|tooth|teeth|date|phone|photos?|files?)\b/i;

/** Is this order-form field's value the same for the person's next case (a lab's choice, not about the patient). */
export const isRememberedField = (field: Pick<OrderField, 'name' | 'type'>): boolean =>
  (field.type === 'dropdown' || field.type === 'radio' || field.type === 'checkbox') &&
  !PATIENT_WORDS.test(field.name.replace(/[-_]/g, ' '));

/** The filled values worth remembering: the labs' choices that are not about the patient. */
export function rememberedValuesOf(fields: readonly OrderField[], values: OrderValues): OrderValues {
  const out: OrderValues = {};
  for (const field of fields) {
    const value = values[field.name];
    if (value === undefined || !isRememberedField(field)) continue;
    out[field.name] = value;
  }
  return out;
}

/** Is `value` still a possible answer of `field` (the lab may have changed its options since). */
function stillOffered(field: OrderField, value: OrderValue): boolean {
  if (field.type === 'checkbox')
    return Array.isArray(value) && value.every((v) => checkboxChoices(field).includes(v));
  if (typeof value !== 'string') return false;
  const { option, sub } = splitChoice(value);
  const found = field.options.find((o) => o.label === option);
  if (!found) return false;
  return sub === undefined || (found.children ?? []).includes(sub);
}

/**
 * The values to put into the labs' fields when the form is shown: the remembered choices still offered (matched by
 * name, letter case ignored), and a typed field named for the doctor or the clinic filled with the prefilled one.
 */
export function orderPrefillOf(
  fields: readonly OrderField[],
  remembered: OrderValues | undefined,
  known: { doctor?: string | undefined; clinic?: string | undefined },
): Record<string, OrderValue> {
  const byKey = new Map(Object.entries(remembered ?? {}).map(([name, value]) => [fieldKey(name), value]));
  const out: Record<string, OrderValue> = {};
  for (const field of fields) {
    const key = fieldKey(field.name);
    if (field.type === 'input') {
      if (/^(doctor|dentist)$/.test(key) && known.doctor) out[field.name] = known.doctor;
      if (/^(clinic|practice)$/.test(key) && known.clinic) out[field.name] = known.clinic;
      continue;
    }
    const value = byKey.get(key);
    if (value !== undefined && isRememberedField(field) && stillOffered(field, value))
      out[field.name] = value;
  }
  return out;
}

/**
 * The doctor and clinic the form starts with: the person's last ones, else for a clinic its own name and, as the
 * doctor, the person's own name (profile), else the clinic's contact person unless that is only the sign-in name.
 */
export function knownPartiesOf(
  who: {
    username?: string | undefined;
    name?: string | null | undefined;
    custType?: number | null | undefined;
    custName?: string | null | undefined;
  },
  org: { contact?: string | null | undefined } | undefined,
  last: ImportChoices | undefined,
): { doctor?: string; clinic?: string } {
  const isClinic = who.custType === CustType.clinic;
  const contact = org?.contact?.trim();
  const own = who.name?.trim();
  const doctor =
    last?.doctor?.trim() ||
    (isClinic && own ? own : undefined) ||
    (isClinic && contact && contact.toLowerCase() !== who.username?.toLowerCase() ? contact : undefined);
  const clinic = last?.clinic?.trim() || (isClinic ? who.custName?.trim() : undefined) || undefined;
  return { ...(doctor ? { doctor } : {}), ...(clinic ? { clinic } : {}) };
}

/** Reads the remembered choices; anything unreadable counts as nothing remembered. */
export function parseImportChoices(raw: string | null): ImportChoices {
  if (!raw) return {};
  try {
    const value = JSON.parse(raw) as unknown;
    if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
    const v = value as Record<string, unknown>;
    const text = (x: unknown) => (typeof x === 'string' && x.length <= 200 ? x : undefined);
    const fields =
      v.orderFields && typeof v.orderFields === 'object' && !Array.isArray(v.orderFields)
        ? (v.orderFields as OrderValues)
        : undefined;
    const out: ImportChoices = {};
    const device = text(v.device);
    if (device) out.device = device;
    if (typeof v.caseType === 'number' && Number.isInteger(v.caseType)) out.caseType = v.caseType;
    const doctor = text(v.doctor);
    if (doctor) out.doctor = doctor;
    const clinic = text(v.clinic);
    if (clinic) out.clinic = clinic;
    if (fields) out.orderFields = fields;
    return out;
  } catch {
    return {};
  }
}
