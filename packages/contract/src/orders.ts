import { z } from 'zod';
import { CaseType, VitaShades } from './constants.ts';
import { safeString, uuidParam } from './schemas.ts';

/**
 * Order forms (product §1 custom order-form designer, §2 /customizeOrder, §3 "Order-form field", §5 builder rules and
 * required-field prompts, §8.5 messages). A lab designs a draft; synchronizing publishes it as a new version; a clinic
 * sending a case to that lab fills the published version, and the case keeps that version. Archway's paths are
 * `/api/order/*` (the spec shows none).
 */

export const OrderFieldTypes = ['input', 'dropdown', 'date', 'radio', 'checkbox', 'switch', 'file'] as const;
export const orderFieldType = z.enum(OrderFieldTypes);
export type OrderFieldType = z.infer<typeof orderFieldType>;
/** The types whose value is chosen from `options` (and need at least one). */
export const ChoiceFieldTypes: readonly OrderFieldType[] = ['dropdown', 'radio', 'checkbox'];

const name = safeString(60).trim();
const optionLabel = safeString(60).trim().min(1);

export const orderOption = z.object({
  label: optionLabel,
  /** Sub-options, chosen after the option (e.g. a zirconia brand under "zirconia"). */
  children: z.array(optionLabel).max(50).optional(),
});
export type OrderOption = z.infer<typeof orderOption>;

export const orderField = z.object({
  /** Unique within the form (letter case ignored); the key of the value a case is sent with. */
  name,
  type: orderFieldType,
  mandatory: z.boolean().default(false),
  options: z.array(orderOption).max(100).default([]),
});
export type OrderField = z.infer<typeof orderField>;

/**
 * The standard form (product §3): doctor, clinic, phone, patient name, gender, age, due date, remark, tooth colour,
 * pre-op scan, scan body, accessories, before-prep scan. "Reset to the standard form" makes the draft this list. Its
 * choice fields obey the designer's own rule (at least one option): tooth colour offers the VITA classical shades,
 * accessories what commonly travels with a case.
 */
export const STANDARD_ORDER_FORM: readonly OrderField[] = [
  { name: 'Doctor', type: 'input', mandatory: true, options: [] },
  { name: 'Clinic', type: 'input', mandatory: true, options: [] },
  { name: 'Phone', type: 'input', mandatory: false, options: [] },
  { name: 'Patient name', type: 'input', mandatory: true, options: [] },
  { name: 'Gender', type: 'radio', mandatory: false, options: [{ label: 'Male' }, { label: 'Female' }] },
  { name: 'Age', type: 'input', mandatory: false, options: [] },
  { name: 'Due date', type: 'date', mandatory: false, options: [] },
  { name: 'Remark', type: 'input', mandatory: false, options: [] },
  {
    name: 'Tooth colour',
    type: 'dropdown',
    mandatory: false,
    options: VitaShades.map((label) => ({ label })),
  },
  { name: 'Pre-op scan', type: 'switch', mandatory: false, options: [] },
  { name: 'Scan body', type: 'switch', mandatory: false, options: [] },
  {
    name: 'Accessories',
    type: 'checkbox',
    mandatory: false,
    options: ['Impression', 'Bite registration', 'Models', 'Abutment', 'Implant parts', 'Photos'].map(
      (label) => ({
        label,
      }),
    ),
  },
  { name: 'Before-prep scan', type: 'switch', mandatory: false, options: [] },
];

/** A filled value: text (input, dropdown, radio, date as YYYY-MM-DD, file: a case file's name), a list (checkbox), a switch. */
export const orderValue = z.union([safeString(2000), z.array(safeString(200)).max(100), z.boolean()]);
export type OrderValue = z.infer<typeof orderValue>;
/** Values by field name. A dropdown/radio with sub-options takes "option / sub-option". */
export const orderValues = z.record(z.string().max(60), orderValue);
export type OrderValues = z.infer<typeof orderValues>;

// ---- the designer (`/customizeOrder`, the lab's own form; needs the `order` page flag) ----------------------

/** `GET /api/order/form`: the draft being designed and the version clinics fill now (0: none yet). */
export const orderFormState = z.object({
  draft: z.array(orderField),
  published: z.number().int(),
  /** The published version's fields (empty when none). */
  publishedFields: z.array(orderField),
  /** The draft differs from the published version (synchronize to publish it). */
  changed: z.boolean(),
  updatedAt: z.string().nullable(),
  /** What the caller may do with it: `change` for the organization's administrator (a member reads it only). */
  actions: z.object({ change: z.boolean() }),
});
export type OrderFormState = z.infer<typeof orderFormState>;

/** `POST /api/order/form/field`: add a field (name and type required; a taken name refused). */
export const addOrderFieldBody = orderField;
/** `PUT /api/order/form/field`: change the field called `name` (it may be renamed through `field.name`). */
export const updateOrderFieldBody = z.object({ name, field: orderField });
/** `DELETE /api/order/form/field?name=`. */
export const orderFieldNameQuery = z.object({ name });
/** `POST /api/order/form/option`: add an option (or, with `parent`, a sub-option); an existing one is refused. */
export const addOrderOptionBody = z.object({
  field: name,
  label: optionLabel,
  parent: optionLabel.optional(),
});
/** `PUT /api/order/form/order`: the fields' order, by name (every field once). */
export const orderFieldOrderBody = z.object({ names: z.array(name).max(200) });
// `POST /api/order/form/reset` (draft := the standard form) and `POST /api/order/form/sync` (publish the draft as a
// new version; an empty draft refused with orderForm.syncFailed) take no body and answer OrderFormState.

// ---- filling (clinic web import, `archway-scan form`) ---------------------------------------------------------

/** `GET /api/order/forms?device=SERIAL&type=N`: the forms of the labs a case of this device and type goes to. */
export const receiverFormsQuery = z.object({
  device: safeString(64).min(1),
  type: z.coerce
    .number()
    .pipe(
      z.union([
        z.literal(CaseType.orthodontics),
        z.literal(CaseType.implant),
        z.literal(CaseType.restoration),
      ]),
    ),
});
export const receiverForm = z.object({
  custId: uuidParam,
  custName: z.string(),
  version: z.number().int(),
  fields: z.array(orderField),
});
export type ReceiverForm = z.infer<typeof receiverForm>;

/** On a case (detail, printed sheet): the form each receiving lab's copy was sent with, and what was filled. */
export const filledOrderForm = receiverForm.extend({ values: orderValues });
export type FilledOrderForm = z.infer<typeof filledOrderForm>;
