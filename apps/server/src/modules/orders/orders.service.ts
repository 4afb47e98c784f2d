import {
  ChoiceFieldTypes,
  OrderFieldTypes,
  OrderFormErrors,
  STANDARD_ORDER_FORM,
  orderField,
  type ErrorDef,
  type OrderField,
  type OrderFormState,
} from '@archway/contract';
import type { Actor } from '../../platform/auth.ts';
import { audit, type RequestContext } from '../../platform/audit/audit.ts';
import type { Db, Queryable, Tx } from '../../platform/db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { designerOrg, formAccess, type OrderFormRights } from './orders.access.ts';
import { presentState } from './orders.presenter.ts';
import * as repo from './orders.repository.ts';
import type { OrderFieldRow } from './orders.repository.ts';

/** At most this many fields in a form (product §5 sets none: Archway's bound). */
export const MAX_FIELDS = 100;
const MAX_OPTIONS = 100;
const MAX_CHILDREN = 50;

/** A case's filled forms, written with the case and read with its detail (cases/cases.service.ts). */
export { caseForms, insertCaseForms, type OrderValuesRow } from './orders.repository.ts';

export interface OrderScope {
  db: Db;
  ctx: RequestContext;
  actor: Actor;
}

export const refuse = (def: ErrorDef, field?: string): never => {
  throw new AppError(def, field);
};
/** Names and options compare ignoring letter case and surrounding spaces. */
export const fold = (s: string) => s.trim().toLowerCase();
const standardForm = (): OrderFieldRow[] =>
  STANDARD_ORDER_FORM.map((f) => structuredClone(f) as OrderFieldRow);

// ---- the designer ---------------------------------------------------------------------------------------------

/**
 * A field as given, checked and normalized: a name (nameRequired) and a known type (typeRequired); a dropdown, radio
 * or checkbox needs at least one option (optionsRequired) and takes no option or sub-option twice, letter case
 * ignored (optionExists); the other types keep no options.
 */
export function normalizeField(raw: Partial<OrderField> | undefined): OrderFieldRow {
  const name = typeof raw?.name === 'string' ? raw.name.trim() : '';
  if (!name) return refuse(OrderFormErrors.nameRequired, 'name');
  const type = raw?.type;
  if (!type || !OrderFieldTypes.includes(type)) return refuse(OrderFormErrors.typeRequired, 'type');
  const choice = ChoiceFieldTypes.includes(type);
  const options = choice
    ? (raw.options ?? []).map((o) => ({
        label: o.label.trim(),
        ...(o.children?.length ? { children: o.children.map((c) => c.trim()) } : {}),
      }))
    : [];
  if (choice && !options.length) return refuse(OrderFormErrors.optionsRequired, 'options');
  const labels = new Set<string>();
  for (const o of options) {
    if (labels.has(fold(o.label))) return refuse(OrderFormErrors.optionExists, 'options');
    labels.add(fold(o.label));
    if (new Set(o.children?.map(fold)).size !== (o.children?.length ?? 0))
      return refuse(OrderFormErrors.optionExists, 'options');
  }
  return { name, type, mandatory: raw.mandatory ?? false, options };
}

/**
 * A field from a request body not yet validated (the add and change calls validate here, so a missing name or type
 * answers orderForm.nameRequired / orderForm.typeRequired rather than the parameter error): `where` prefixes the
 * field named in the refusal.
 */
export function fieldFromInput(raw: unknown, where = ''): OrderFieldRow {
  const parsed = orderField.safeParse(raw);
  if (parsed.success) return normalizeField(parsed.data);
  const r = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
  if (typeof r.name !== 'string' || !r.name.trim())
    return refuse(OrderFormErrors.nameRequired, `${where}name`);
  if (typeof r.type !== 'string' || !(OrderFieldTypes as readonly string[]).includes(r.type))
    return refuse(OrderFormErrors.typeRequired, `${where}type`);
  const path = parsed.error.issues[0]?.path.join('.');
  return refuse(OrderFormErrors.parameter, `${where}${path ?? ''}` || undefined);
}

const indexOf = (draft: readonly OrderFieldRow[], name: string, param = 'name') => {
  const at = draft.findIndex((f) => fold(f.name) === fold(name));
  return at < 0 ? refuse(OrderFormErrors.fieldNotFound, param) : at;
};

/** The draft as stored, or the standard form for an organization that never designed one. */
const draftOf = (row: repo.OrderFormRow | undefined) => row?.draft ?? standardForm();

async function stateOf(db: Queryable, custId: string, rights: OrderFormRights): Promise<OrderFormState> {
  const row = await repo.findForm(db, custId);
  const published = row?.published ? await repo.findVersion(db, custId, row.published) : undefined;
  return presentState(row, draftOf(row), published?.fields ?? [], rights);
}

/** `GET /api/order/form`, with what the caller may do with it (orders.access). */
export async function formState(s: OrderScope): Promise<OrderFormState> {
  const { custId, rights } = await formAccess(s.db, s.actor);
  return stateOf(s.db, custId, rights);
}

/**
 * One designer change: the flag and the role checked, the form row locked, the change made and audited in one
 * transaction; a refusal rolls it back and is audited outside it.
 */
async function change(
  s: OrderScope,
  action: string,
  fn: (tx: Tx, form: repo.OrderFormRow, custId: string) => Promise<Record<string, unknown>>,
): Promise<OrderFormState> {
  try {
    return await s.db.transaction(async (tx) => {
      const custId = await designerOrg(tx, s.actor);
      const form = await repo.lockForm(tx, custId, standardForm());
      const detail = await fn(tx, form, custId);
      await audit(tx, s.ctx, {
        actorUserId: s.actor.userId,
        actorCustId: custId,
        action,
        objectType: 'order_form',
        objectId: custId,
        outcome: 'allowed',
        detail,
      });
      return stateOf(tx, custId, { change: true });
    });
  } catch (err) {
    if (err instanceof AppError)
      await audit(s.db, s.ctx, {
        actorUserId: s.actor.userId,
        actorCustId: s.actor.custId,
        action,
        objectType: 'order_form',
        objectId: s.actor.custId,
        outcome: 'refused',
        detail: { code: err.def.code, key: err.def.key },
      });
    throw err;
  }
}

const save = (tx: Tx, custId: string, draft: OrderFieldRow[], s: OrderScope) =>
  repo.saveDraft(tx, custId, draft, s.actor.userId);

/** `POST /api/order/form/field`: a new field at the end (at most 100; a taken name refused). */
export const addField = (s: OrderScope, raw: unknown) =>
  change(s, 'orderForm.field.add', async (tx, form, custId) => {
    const field = fieldFromInput(raw);
    if (form.draft.some((f) => fold(f.name) === fold(field.name)))
      return refuse(OrderFormErrors.nameExists, 'name');
    if (form.draft.length >= MAX_FIELDS) return refuse(OrderFormErrors.addFailed);
    await save(tx, custId, [...form.draft, field], s);
    return { name: field.name, type: field.type };
  });

/** `PUT /api/order/form/field`: the field called `name` replaced (renamed when `field.name` differs). */
export const updateField = (s: OrderScope, raw: unknown) =>
  change(s, 'orderForm.field.update', async (tx, form, custId) => {
    const body = (typeof raw === 'object' && raw !== null ? raw : {}) as { name?: unknown; field?: unknown };
    if (typeof body.name !== 'string' || !body.name.trim())
      return refuse(OrderFormErrors.fieldNotFound, 'name');
    const at = indexOf(form.draft, body.name);
    const field = fieldFromInput(body.field, 'field.');
    if (form.draft.some((f, i) => i !== at && fold(f.name) === fold(field.name)))
      return refuse(OrderFormErrors.nameExists, 'field.name');
    const draft = form.draft.map((f, i) => (i === at ? field : f));
    await save(tx, custId, draft, s);
    return { name: form.draft[at]!.name, field: field.name, type: field.type };
  });

/** `DELETE /api/order/form/field?name=`. */
export const deleteField = (s: OrderScope, name: string) =>
  change(s, 'orderForm.field.delete', async (tx, form, custId) => {
    const at = indexOf(form.draft, name);
    await save(
      tx,
      custId,
      form.draft.filter((_, i) => i !== at),
      s,
    );
    return { name: form.draft[at]!.name };
  });

/**
 * `POST /api/order/form/option`: an option of a dropdown, radio or checkbox field, or with `parent` a sub-option of
 * one of its options; one that exists already (letter case ignored) is refused with optionExists.
 */
export const addOption = (
  s: OrderScope,
  body: { field: string; label: string; parent?: string | undefined },
) =>
  change(s, 'orderForm.option.add', async (tx, form, custId) => {
    const at = indexOf(form.draft, body.field, 'field');
    const field = structuredClone(form.draft[at]!);
    if (!ChoiceFieldTypes.includes(field.type)) return refuse(OrderFormErrors.parameter, 'field');
    const label = body.label.trim();
    if (body.parent === undefined) {
      if (field.options.some((o) => fold(o.label) === fold(label)))
        return refuse(OrderFormErrors.optionExists, 'label');
      if (field.options.length >= MAX_OPTIONS) return refuse(OrderFormErrors.addFailed);
      field.options.push({ label });
    } else {
      const parent = field.options.find((o) => fold(o.label) === fold(body.parent!));
      if (!parent) return refuse(OrderFormErrors.parameter, 'parent');
      if (parent.children?.some((c) => fold(c) === fold(label)))
        return refuse(OrderFormErrors.optionExists, 'label');
      if ((parent.children?.length ?? 0) >= MAX_CHILDREN) return refuse(OrderFormErrors.addFailed);
      parent.children = [...(parent.children ?? []), label];
    }
    await save(
      tx,
      custId,
      form.draft.map((f, i) => (i === at ? field : f)),
      s,
    );
    return { field: field.name, label, parent: body.parent ?? null };
  });

/** `PUT /api/order/form/order`: the fields in this order; every field named exactly once (else parameter). */
export const reorder = (s: OrderScope, names: string[]) =>
  change(s, 'orderForm.order', async (tx, form, custId) => {
    const byName = new Map(form.draft.map((f) => [fold(f.name), f]));
    const draft = names.map((n) => byName.get(fold(n)));
    if (
      names.length !== form.draft.length ||
      new Set(names.map(fold)).size !== names.length ||
      draft.some((f) => !f)
    )
      return refuse(OrderFormErrors.parameter, 'names');
    await save(tx, custId, draft as OrderFieldRow[], s);
    return { names: draft.map((f) => f!.name) };
  });

/**
 * `POST /api/order/form/reset`: the draft becomes the standard form (the published version stays until the next
 * synchronization). Archway's rules leave nothing to refuse once the flag and the role are checked, so
 * orderForm.resetFailed (§8.5) is not answered by this server.
 */
export const resetForm = (s: OrderScope) =>
  change(s, 'orderForm.reset', async (tx, _form, custId) => {
    await save(tx, custId, standardForm(), s);
    return {};
  });

/**
 * `POST /api/order/form/sync`: the draft published as the next version, the one clinics fill from now on; cases
 * already sent keep theirs. An empty draft is refused (orderForm.syncFailed: "add data first"); a draft equal to the
 * published version publishes nothing new.
 */
export const syncForm = (s: OrderScope) =>
  change(s, 'orderForm.sync', async (tx, form, custId) => {
    if (!form.draft.length) return refuse(OrderFormErrors.syncFailed);
    const current = form.published ? await repo.findVersion(tx, custId, form.published) : undefined;
    if (current && !presentState(form, form.draft, current.fields).changed)
      return { version: form.published, unchanged: true };
    const version = form.published + 1;
    await repo.publish(tx, custId, version, form.draft, s.actor.userId);
    return { version, fields: form.draft.length };
  });
