import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { CustStatus, type AuditLogRow } from '@archway/contract';
import { auditLog } from '../../platform/audit/audit.schema.ts';
import { factories, type OrgRef, type PersonRef } from '../../testing/factories.ts';
import { createTestApp, engines, type TestApp } from '../../testing/test-app.ts';
import { users } from '../account/users.schema.ts';
import { exportCsv } from './admin-audit.service.ts';

/** A small CSV reader for the export (quoted cells, doubled quotes, newlines inside quotes). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const endCell = () => {
    row.push(cell);
    cell = '';
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') endCell();
    else if (c === '\n') {
      endCell();
      rows.push(row);
      row = [];
    } else if (c !== '\r') cell += c;
  }
  if (cell || row.length) {
    endCell();
    rows.push(row);
  }
  return rows;
}

const refused = (code: number, key: string, field?: string) => ({
  success: false,
  errorCode: code,
  data: field ? { key, field } : { key },
});

describe.each(engines)('the audit log in the administrator console (%s)', (engine) => {
  let t: TestApp;
  let f: ReturnType<typeof factories>;
  let admin: PersonRef;
  let a: OrgRef;
  let b: OrgRef;
  const base = Date.parse('2026-11-20T10:00:00Z');
  const at = (minutes: number) => new Date(base + minutes * 60_000);

  /** One page through the API (as the administrator). */
  const page = async (query: Record<string, string | number>, who: PersonRef = admin) => {
    const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
    const res = await who.call('GET', `/api2/admin/audit?${qs}`);
    return res;
  };
  const rowsOf = async (query: Record<string, string | number>) => {
    const res = await page({ limit: 200, ...query });
    expect(res.body.success, JSON.stringify(res.body)).toBe(true);
    return res.body.data as { rows: AuditLogRow[]; next: number | null };
  };
  const insert = (values: (typeof auditLog.$inferInsert)[]) =>
    t.app.platform.db.insert(auditLog).values(values).returning({ id: auditLog.id });

  beforeAll(async () => {
    t = await createTestApp(engine, { ARCHWAY_DEMO: 'false' });
    f = factories(t.app);
    admin = await f.user();
    await t.app.platform.db.update(users).set({ isAdmin: true }).where(eq(users.id, admin.userId));
    a = await f.org({ name: 'Alpha Dental' });
    b = await f.org({ name: '=SUM(A1:A9)' });
    // A known set: two organizations, actions probe.one / probe.two / other.thing, objects of type widget.
    await insert([
      {
        at: at(0),
        actorUserId: a.owner.userId,
        actorCustId: a.custId,
        action: 'probe.one',
        objectType: 'widget',
        objectId: 'w1',
        outcome: 'allowed',
        ip: '10.0.0.1',
        requestId: 'r-1',
        detail: { note: 'first' },
      },
      {
        at: at(10),
        actorUserId: a.owner.userId,
        actorCustId: a.custId,
        action: 'probe.two',
        objectType: 'widget',
        objectId: 'w2',
        outcome: 'refused',
        detail: { code: -3 },
      },
      {
        at: at(20),
        actorUserId: b.owner.userId,
        actorCustId: b.custId,
        action: 'probe.one',
        objectType: 'gadget',
        objectId: 'w1',
        outcome: 'allowed',
      },
      {
        at: at(30),
        actorUserId: b.owner.userId,
        actorCustId: b.custId,
        action: 'other.thing',
        objectType: 'widget',
        objectId: '=1+1',
        outcome: 'refused',
        detail: { payload: '=cmd|calc' },
      },
      { at: at(40), action: 'probe.anonymous', outcome: 'refused', ip: '203.0.113.9' },
    ]);
  });
  afterAll(() => t.close());

  it('refuses everyone but administrators with HTTP 403 code 100', async () => {
    const outsider = await f.org();
    for (const url of ['/api2/admin/audit', '/api2/admin/audit/export?format=csv']) {
      const res = await outsider.owner.call('GET', url);
      expect(res.status, url).toBe(403);
      expect(res.body).toMatchObject({ success: false, errorCode: 100 });
    }
    const anonymous = await t.app.inject({ method: 'GET', url: '/api2/admin/audit' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('filters by organization, newest first, with the username and organization name joined', async () => {
    const { rows, next } = await rowsOf({ cust: a.custId });
    expect(next).toBeNull();
    expect(rows.map((r) => r.action)).toEqual(['probe.two', 'probe.one']);
    expect(rows[1]).toMatchObject({
      actorUserId: a.owner.userId,
      actorUsername: a.owner.username,
      actorCustId: a.custId,
      actorCustName: 'Alpha Dental',
      objectType: 'widget',
      objectId: 'w1',
      outcome: 'allowed',
      ip: '10.0.0.1',
      requestId: 'r-1',
      detail: { note: 'first' },
      at: '2026-11-20T10:00:00.000Z',
    });
    expect(rows[0]!.id).toBeGreaterThan(rows[1]!.id);
  });

  it('filters by user, given by id or by username in any letter case; an unknown name matches nothing', async () => {
    const byId = await rowsOf({ user: b.owner.userId });
    expect(byId.rows.map((r) => r.action)).toEqual(['other.thing', 'probe.one']);
    const byName = await rowsOf({ user: b.owner.username.toUpperCase() });
    expect(byName.rows.map((r) => r.id)).toEqual(byId.rows.map((r) => r.id));
    expect(await rowsOf({ user: 'nobody-of-that-name' })).toEqual({ rows: [], next: null });
  });

  it('filters by object type, by object id alone, and by both', async () => {
    const widgets = await rowsOf({ objectType: 'widget' });
    expect(widgets.rows.map((r) => r.objectId)).toEqual(['=1+1', 'w2', 'w1']);
    const w1 = await rowsOf({ objectId: 'w1' });
    expect(w1.rows.map((r) => r.objectType)).toEqual(['gadget', 'widget']);
    const both = await rowsOf({ objectType: 'gadget', objectId: 'w1' });
    expect(both.rows.map((r) => r.actorCustId)).toEqual([b.custId]);
    expect(await rowsOf({ objectId: 'no-such-object' })).toEqual({ rows: [], next: null });
  });

  it('filters by exact action, or by a prefix ending in "." or "*"', async () => {
    const exact = await rowsOf({ action: 'probe.one' });
    expect(exact.rows.map((r) => r.actorCustId)).toEqual([b.custId, a.custId]);
    // An exact name is not a prefix: "probe" matches no action named exactly so.
    expect((await rowsOf({ action: 'probe' })).rows).toEqual([]);
    const dot = await rowsOf({ action: 'probe.' });
    expect(dot.rows.map((r) => r.action)).toEqual(['probe.anonymous', 'probe.one', 'probe.two', 'probe.one']);
    const star = await rowsOf({ action: 'probe.*' });
    expect(star.rows.map((r) => r.id)).toEqual(dot.rows.map((r) => r.id));
    expect(await rowsOf({ action: 'nothing.like.this.' })).toEqual({ rows: [], next: null });
  });

  it('filters by outcome and by time range (from inclusive, to exclusive, any zone)', async () => {
    const refusedRows = await rowsOf({ outcome: 'refused', action: 'probe.*' });
    expect(refusedRows.rows.map((r) => r.action)).toEqual(['probe.anonymous', 'probe.two']);
    const range = await rowsOf({ from: '2026-11-20T10:10:00Z', to: '2026-11-20T10:30:00Z' });
    expect(range.rows.map((r) => r.at)).toEqual(['2026-11-20T10:20:00.000Z', '2026-11-20T10:10:00.000Z']);
    // The same instants written in another zone.
    const zoned = await rowsOf({ from: '2026-11-20T11:10:00+01:00', to: '2026-11-20T11:30:00+01:00' });
    expect(zoned.rows.map((r) => r.id)).toEqual(range.rows.map((r) => r.id));
    const open = await rowsOf({ from: '2026-11-20T10:30:00Z', action: 'probe.' });
    expect(open.rows.map((r) => r.action)).toEqual(['probe.anonymous']);
  });

  it('combines filters', async () => {
    const rows = await rowsOf({ cust: a.custId, action: 'probe.', outcome: 'allowed', objectType: 'widget' });
    expect(rows.rows.map((r) => r.objectId)).toEqual(['w1']);
    const none = await rowsOf({ cust: a.custId, user: b.owner.userId });
    expect(none.rows).toEqual([]);
    const window = await rowsOf({ user: a.owner.username, to: '2026-11-20T10:05:00Z' });
    expect(window.rows.map((r) => r.action)).toEqual(['probe.one']);
  });

  it('pages by key: no duplicate and no gap while new rows arrive between pages', async () => {
    const first = await insert(
      Array.from({ length: 25 }, (_, i) => ({
        action: 'paging.test',
        outcome: 'allowed' as const,
        objectId: `p${i}`,
      })),
    );
    const seen: number[] = [];
    let before: number | null = null;
    let pages = 0;
    do {
      const res = await page({ action: 'paging.test', limit: 10, ...(before ? { before } : {}) });
      expect(res.body.success, JSON.stringify(res.body)).toBe(true);
      const data = res.body.data as { rows: AuditLogRow[]; next: number | null };
      seen.push(...data.rows.map((r) => r.id));
      before = data.next;
      pages++;
      if (before) expect(before).toBe(data.rows.at(-1)!.id);
      // Newer rows arrive between the reads (and each read writes its own audit.read row).
      await insert([{ action: 'paging.test', outcome: 'allowed', objectId: `late${pages}` }]);
    } while (before !== null);
    expect(pages).toBe(3);
    const ids = first.map((r) => r.id).sort((x, y) => y - x);
    expect(seen).toEqual(ids);
    expect(new Set(seen).size).toBe(25);
    // The next read from the top sees the late rows first.
    const top = await rowsOf({ action: 'paging.test', limit: 3 });
    expect(top.rows.map((r) => r.objectId)).toEqual(['late3', 'late2', 'late1']);
    expect(top.next).toBe(top.rows[2]!.id);
  });

  it('refuses a bad cursor, bad dates, a reversed range and a page too large with catalogue codes', async () => {
    const cases: [Record<string, string>, ReturnType<typeof refused>][] = [
      [{ before: 'abc' }, refused(-2, 'audit.cursor', 'before')],
      [{ before: '0' }, refused(-2, 'audit.cursor', 'before')],
      [{ before: '-5' }, refused(-2, 'audit.cursor', 'before')],
      [{ before: '99999999999999999' }, refused(-2, 'audit.cursor', 'before')],
      [{ limit: '201' }, refused(-5, 'audit.limit', 'limit')],
      [{ limit: '0' }, refused(-5, 'audit.limit', 'limit')],
      [{ limit: 'ten' }, refused(-5, 'audit.limit', 'limit')],
      [{ from: '2026-11-20' }, refused(-3, 'audit.date', 'from')],
      [{ from: 'yesterday' }, refused(-3, 'audit.date', 'from')],
      [{ to: '2026-02-31T00:00:00Z' }, refused(-3, 'audit.date', 'to')],
      [{ to: '2026-11-20T25:00:00Z' }, refused(-3, 'audit.date', 'to')],
      [{ from: '2026-11-21T00:00:00Z', to: '2026-11-20T00:00:00Z' }, refused(-4, 'audit.range', 'from')],
      [{ from: '2026-11-20T00:00:00Z', to: '2026-11-20T00:00:00Z' }, refused(-4, 'audit.range', 'from')],
      [{ cust: 'not-a-uuid' }, { success: false, errorCode: -1, data: { key: 'audit.parameter' } }],
      [{ outcome: 'maybe' }, { success: false, errorCode: -1, data: { key: 'audit.parameter' } }],
      [{ action: '*' }, refused(-1, 'audit.parameter', 'action')],
    ];
    for (const [query, answer] of cases) {
      const res = await page(query);
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect(res.body, JSON.stringify(query)).toMatchObject(answer);
    }
    const zh = await admin.call('GET', '/api2/admin/audit?limit=500', undefined, {
      'accept-language': 'zh-CN',
    });
    expect(zh.body.errorMessage).toMatch(/^每页 1 至 200 行/);
    const pt = await admin.call('GET', '/api2/admin/audit?before=x', undefined, {
      'accept-language': 'pt-BR',
    });
    expect(pt.body.errorMessage).toMatch(/cursor/);
    // The export refuses the same way, as JSON before any byte of a file.
    const exp = await admin.call('GET', '/api2/admin/audit/export?format=csv&from=soon');
    expect(exp.status).toBe(400);
    expect(exp.body).toMatchObject(refused(-3, 'audit.date', 'from'));
    const fmt = await admin.call('GET', '/api2/admin/audit/export?format=xlsx');
    expect(fmt.body).toMatchObject({ success: false, errorCode: -1 });
  });

  it('audits its own reads and exports with the filters, and refused ones too', async () => {
    await page({ cust: a.custId, action: 'probe.', limit: 5 });
    await page({ before: 'zzz' });
    const reads = await rowsOf({ action: 'audit.read', user: admin.userId, limit: 2 });
    expect(reads.rows[0]).toMatchObject({
      action: 'audit.read',
      objectType: 'auditLog',
      outcome: 'refused',
      detail: { filters: {}, code: -2, key: 'audit.cursor' },
    });
    expect(reads.rows[1]).toMatchObject({
      action: 'audit.read',
      outcome: 'allowed',
      actorUsername: admin.username,
      detail: { filters: { cust: a.custId, action: 'probe.' }, rows: 2 },
    });
    await t.app.inject({
      method: 'GET',
      url: `/api2/admin/audit/export?format=csv&outcome=refused`,
      headers: admin.headers,
    });
    const exports = await rowsOf({ action: 'audit.export', limit: 1 });
    expect(exports.rows[0]).toMatchObject({
      actorUserId: admin.userId,
      outcome: 'allowed',
      detail: { filters: { outcome: 'refused' }, format: 'csv', cap: 100000 },
    });
  });

  it('exports CSV: BOM, headings, newest first, formulas defused, dated file name', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api2/admin/audit/export?format=csv&objectType=widget`,
      headers: admin.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /attachment; filename="audit-log-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const [head, ...rows] = parseCsv(res.rawPayload.subarray(3).toString('utf8'));
    expect(head).toEqual([
      'id',
      'at',
      'actor_user_id',
      'actor_username',
      'actor_cust_id',
      'actor_cust_name',
      'action',
      'object_type',
      'object_id',
      'outcome',
      'ip',
      'request_id',
      'detail',
    ]);
    expect(rows.map((r) => r[8])).toEqual(["'=1+1", 'w2', 'w1']);
    const [evil, , first] = rows as [string[], string[], string[]];
    expect(evil[5]).toBe("'=SUM(A1:A9)");
    expect(evil[12]).toBe('{"payload":"=cmd|calc"}');
    expect(first).toEqual([
      expect.stringMatching(/^\d+$/),
      '2026-11-20T10:00:00.000Z',
      a.owner.userId,
      a.owner.username,
      a.custId,
      'Alpha Dental',
      'probe.one',
      'widget',
      'w1',
      'allowed',
      '10.0.0.1',
      'r-1',
      '{"note":"first"}',
    ]);
    // An empty result is a file with its headings only.
    const empty = await t.app.inject({
      method: 'GET',
      url: `/api2/admin/audit/export?format=csv&user=nobody-at-all`,
      headers: admin.headers,
    });
    expect(parseCsv(empty.rawPayload.subarray(3).toString('utf8'))).toEqual([head]);
  });

  it('streams the export in chunks by key, and says so in a last line when the cap cuts it', async () => {
    await insert(
      Array.from({ length: 2500 }, (_, i) => ({
        action: 'bulk.row',
        outcome: 'allowed' as const,
        objectId: `b${i}`,
      })),
    );
    const scope = {
      db: t.app.platform.db,
      ctx: {},
      actor: { userId: admin.userId, username: admin.username, custId: null, custType: null, isAdmin: true },
    };
    const read = async (cap?: number) => {
      const file = await exportCsv(scope, { action: 'bulk.row', format: 'csv' }, cap ? { cap } : {});
      const chunks: Buffer[] = [];
      for await (const chunk of file.stream) chunks.push(chunk as Buffer);
      return { chunks, rows: parseCsv(Buffer.concat(chunks).subarray(3).toString('utf8')).slice(1) };
    };
    const all = await read();
    // Headings, then one chunk per 1,000 rows read.
    expect(all.chunks.length).toBe(4);
    expect(all.rows.length).toBe(2500);
    expect(all.rows[0]![8]).toBe('b2499');
    expect(all.rows.at(-1)![8]).toBe('b0');
    const cut = await read(1200);
    expect(cut.rows.length).toBe(1201);
    expect(cut.rows.slice(0, 1200).map((r) => r[8])).toEqual(all.rows.slice(0, 1200).map((r) => r[8]));
    expect(cut.rows.at(-1)![0]).toMatch(/^# Export stopped after 1200 rows: rows older than .* also match/);
    // Exactly at the cap: nothing left out, no last line.
    const exact = await read(2500);
    expect(exact.rows.length).toBe(2500);
  });

  it('shows every administrator action of the console in the audit log', async () => {
    const since = new Date(Date.now() - 1000).toISOString();
    // Certification: a refusal with its reason.
    const lab = await f.org({ custType: 3, status: CustStatus.underReview, name: 'Review Lab' });
    const decided = await admin.call('PUT', `/api2/admin/cust/${lab.custId}/audit`, {
      status: 2,
      reason: 'The licence is unreadable',
    });
    expect(decided.body.success, JSON.stringify(decided.body)).toBe(true);
    // Optional screens.
    const flags = await admin.call('PUT', `/api2/admin/cust/${lab.custId}/pages`, { order: true });
    expect(flags.body.success, JSON.stringify(flags.body)).toBe(true);
    // Service contacts.
    const desk = { text: 'Call us', phone: '+1 555 0100', email: 'desk@archway.test' };
    const contacts = await admin.call('PUT', '/api2/admin/service/contacts', {
      preSales: desk,
      afterSales: desk,
    });
    expect(contacts.body.success, JSON.stringify(contacts.body)).toBe(true);
    // The device registry.
    const added = await admin.call('POST', '/api2/admin/device/registry', {
      serial: 'AUDIT-1',
      bindCode: '654321',
    });
    expect(added.body.success, JSON.stringify(added.body)).toBe(true);

    const { rows } = await rowsOf({ user: admin.userId, from: since });
    const seen = (action: string) => rows.find((r) => r.action === action && r.outcome === 'allowed');
    expect(seen('customer.audit')).toMatchObject({
      objectType: 'customer',
      objectId: lab.custId,
      actorUsername: admin.username,
      detail: { status: 2, reason: 'The licence is unreadable' },
    });
    expect(seen('customer.pages')).toMatchObject({ objectId: lab.custId, detail: { order: true } });
    expect(seen('service.contacts')).toMatchObject({
      objectType: 'platformSetting',
      objectId: 'serviceContacts',
    });
    expect(seen('registry.add')).toMatchObject({ objectType: 'device', objectId: 'AUDIT-1' });
    // And each is found by its object too.
    const byObject = await rowsOf({ objectType: 'customer', objectId: lab.custId });
    expect(byObject.rows.map((r) => r.action)).toEqual(['customer.pages', 'customer.audit']);
  });
});
