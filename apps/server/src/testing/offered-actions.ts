import { afterAll, expect, it } from 'vitest';
import { GenericErrors } from '@archway/contract';
import type { Caller } from './api.ts';

/**
 * The generic offered-vs-refused test (issue 31): a row's `actions` (what the presenter offers, from the module's
 * access rules) must be exactly what the service lets the same caller do.
 *
 * For each role: a fresh world (test data from the factories), the rows the role's caller sees. In that world,
 * every action a row does NOT offer is called and must be refused with a catalogue refusal (`success: false`, an
 * HTTP status below 500, a catalogue key, not the generic validation, application or database code, and no
 * `field`: a refusal of the input says nothing about rights; a refusal changes nothing, so the refusals share it).
 * Then every action a row offers is called, each in a fresh world of its own, and must succeed (HTTP 200,
 * `success: true`). Rows are matched across worlds by `label` (ids differ between worlds).
 *
 *   describe('devices: offered vs refused', () => {
 *     let t: TestApp;
 *     beforeAll(async () => void (t = await createTestApp('postgres', { ARCHWAY_DEMO: 'false' })));
 *     afterAll(() => t.close());
 *     offeredActionTests({
 *       world: async () => {
 *         const f = factories(t.app);
 *         const owner = await f.org(), lab = await f.org();
 *         const d = await f.device(owner);
 *         await f.lending(d, lab);
 *         return { owner: owner.owner, lab: lab.owner, d };
 *       },
 *       roles: { owner: (w) => w.owner, borrower: (w) => w.lab },
 *       rows: async (w, who) => expectOk(await who.call('GET', `/api2/device/scan/${w.d.deviceId}`)).authorizations,
 *       label: (row, w) => (row.custId === w.lab.custId ? 'lent to lab' : 'other'),
 *       actions: ['extend', 'recall'],
 *       offered: (row) => row.actions,
 *       call: {
 *         extend: (row, who) => who.call('POST', '/api2/device/scan/auth/extend', { id: row.id, expireTime: '1y' }),
 *         recall: (row, who) => who.call('DELETE', `/api2/device/scan/auth/${row.id}`),
 *       },
 *       // a role that sees no rows acts on those another role sees (and is offered nothing there)
 *       viewOf: { stranger: 'owner' },
 *     });
 *   });
 *
 * `offeredActionTests` registers one `it` per role, and checks after them that every action was offered somewhere
 * (else its "succeeds" half tested nothing). `offeredActionFindings` runs one role and returns what disagreed.
 */
export interface OfferedActionsSpec<World, Row, Action extends string> {
  /** Fresh data from the factories; called once per role to list rows, then once per (role, row) and offered action. */
  world: () => Promise<World>;
  /** Each role: its caller in a world (`Caller` or a factory `PersonRef`: `call` answers status and envelope). */
  roles: Record<string, (w: World) => Caller>;
  /** The rows a caller sees, read through the API, each carrying what it offers. */
  rows: (w: World, caller: Caller) => Promise<readonly Row[]>;
  /** A row's name that is the same in every world (unique among the rows one caller sees). */
  label: (row: Row, w: World) => string;
  /** Every action a row of this kind may offer. */
  actions: readonly Action[];
  /** The actions a row offers (its `actions` list, or the keys of its `actions` object that are true). */
  offered: (row: Row) => readonly Action[];
  /** How `caller` performs each action on `row` (valid input, so that only rights decide). */
  call: Record<Action, (row: Row, caller: Caller, w: World) => Promise<Answer>>;
  /**
   * Roles that see none of the rows act on the rows another role sees (stranger → owner): nothing is offered to
   * them, so every action must be refused.
   */
  viewOf?: Record<string, string>;
  /** Roles expected to see no row at all (otherwise a role that sees nothing fails: it would test nothing). */
  seesNothing?: readonly string[];
  /** The refusal codes allowed for an action (any catalogue refusal when not given). */
  refusedWith?: Partial<Record<Action, readonly number[]>>;
}

export interface Answer {
  status: number;
  body: any;
}

/** One disagreement between what a row offered and what the call did. */
export interface Finding {
  role: string;
  row: string;
  action: string;
  offered: boolean;
  problem: string;
}

const notARefusal = new Set<number>([
  GenericErrors.application.code,
  GenericErrors.database.code,
  GenericErrors.validation.code,
]);

/** Why `res` is not a catalogue refusal (undefined when it is one). */
function notRefused(res: Answer, allowed: readonly number[] | undefined): string | undefined {
  const b = res.body as
    { success?: unknown; errorCode?: unknown; data?: { key?: unknown; field?: unknown } | null } | undefined;
  if (b?.success !== false || res.status >= 500) return 'not refused';
  if (typeof b.errorCode !== 'number' || notARefusal.has(b.errorCode) || typeof b.data?.key !== 'string')
    return 'refused without a catalogue refusal';
  // A parameter refusal names the field: the call's input was wrong, so rights were never asked.
  if (b.data.field !== undefined) return `refused for its input (${String(b.data.field)}), not its rights`;
  if (allowed && !allowed.includes(b.errorCode))
    return `refused with ${b.errorCode}, not ${allowed.join('/')}`;
  return undefined;
}

const describeAnswer = (res: Answer) => `HTTP ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`;

/** The rows `role` acts on in `w`, by label (with the role whose view they are, for `viewOf`). */
async function rowsOf<World, Row, Action extends string>(
  spec: OfferedActionsSpec<World, Row, Action>,
  role: string,
  w: World,
): Promise<Map<string, { row: Row; offered: readonly Action[] }>> {
  const viewer = spec.viewOf?.[role];
  const rows = await spec.rows(w, spec.roles[viewer ?? role]!(w));
  const out = new Map<string, { row: Row; offered: readonly Action[] }>();
  for (const row of rows) {
    const label = spec.label(row, w);
    if (out.has(label)) throw new Error(`two rows labelled '${label}' for ${role}: make the labels unique`);
    out.set(label, { row, offered: viewer ? [] : spec.offered(row) });
  }
  return out;
}

/** Runs one role's part of the matrix; returns every disagreement (empty when rows and services agree). */
export async function offeredActionFindings<World, Row, Action extends string>(
  spec: OfferedActionsSpec<World, Row, Action>,
  role: string,
  seen: Set<string> = new Set(),
): Promise<Finding[]> {
  const findings: Finding[] = [];
  const caller = spec.roles[role];
  if (!caller) throw new Error(`unknown role '${role}'`);
  // The world the rows are listed in also takes every refusal: a refused call changes nothing (one that is not
  // refused is a finding anyway). Each offered action gets a fresh world, as it may change what it acts on.
  const listed = await spec.world();
  const labels = [...(await rowsOf(spec, role, listed)).entries()].map(([label, r]) => ({
    label,
    offered: r.offered,
    row: r.row,
  }));
  const expectNone = spec.seesNothing?.includes(role) ?? false;
  if (expectNone !== (labels.length === 0))
    findings.push({
      role,
      row: '—',
      action: '—',
      offered: false,
      problem: expectNone ? `sees ${labels.length} rows` : 'sees no row (nothing tested)',
    });

  /** A fresh world and the row labelled `label` in it (a finding when it is missing or offers otherwise). */
  const freshRow = async (label: string, offered: readonly Action[]) => {
    const w = await spec.world();
    const r = (await rowsOf(spec, role, w)).get(label);
    const same = r && [...r.offered].sort().join() === [...offered].sort().join();
    if (!same) {
      findings.push({
        role,
        row: label,
        action: '—',
        offered: false,
        problem: r ? `offers ${r.offered.join()} in another world` : 'missing in another world',
      });
      return undefined;
    }
    return { w, row: r.row };
  };

  for (const { label, offered, row } of labels) {
    const unknown = offered.filter((a) => !spec.actions.includes(a));
    if (unknown.length)
      findings.push({ role, row: label, action: unknown.join(), offered: true, problem: 'not in actions' });
    for (const action of spec.actions) {
      if (offered.includes(action)) continue;
      const res = await spec.call[action](row, caller(listed), listed);
      const problem = notRefused(res, spec.refusedWith?.[action]);
      if (problem)
        findings.push({
          role,
          row: label,
          action,
          offered: false,
          problem: `${problem}: ${describeAnswer(res)}`,
        });
    }
    for (const action of offered) {
      if (!spec.actions.includes(action)) continue;
      seen.add(action);
      const own = await freshRow(label, offered);
      if (!own) continue;
      const res = await spec.call[action](own.row, caller(own.w), own.w);
      if (res.status !== 200 || res.body?.success !== true)
        findings.push({ role, row: label, action, offered: true, problem: `failed: ${describeAnswer(res)}` });
    }
  }
  return findings;
}

/** Registers the matrix as Vitest tests: one per role, then a check that every action was offered somewhere. */
export function offeredActionTests<World, Row, Action extends string>(
  spec: OfferedActionsSpec<World, Row, Action>,
): void {
  const seen = new Set<string>();
  const roles = Object.keys(spec.roles);
  let ran = 0;
  for (const role of roles) {
    it(`${role}: what a row offers succeeds, the rest is refused`, async () => {
      expect(await offeredActionFindings(spec, role, seen)).toEqual([]);
      ran++;
    });
  }
  afterAll(() => {
    // Only when every role ran and passed (a filtered or failed run says nothing about coverage).
    if (ran === roles.length)
      expect(
        spec.actions.filter((a) => !seen.has(a)),
        'actions no row offered to anyone',
      ).toEqual([]);
  });
}
