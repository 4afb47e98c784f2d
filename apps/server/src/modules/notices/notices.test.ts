import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { io as connect, type Socket } from 'socket.io-client';
import { CustType, NoticeKind, ProcessStatus, RealtimeEvent } from '@archway/contract';
import { createTestApp, engines, type TestApp } from '../../testing/test-app.ts';
import { factories, type DeviceRef, type PersonRef } from '../../testing/factories.ts';
import { until } from '../../testing/poll.ts';
import { HUB_PATH } from '../../platform/realtime/hub.ts';
import { createCase } from '../cases/cases.service.ts';
import { queuePreview } from '../scans/scans.jobs.ts';
import { sampleArchPly } from '../cases/sample-scan.ts';
import { actorFor } from '../users/users.service.ts';
import { notify, announce } from './notices.service.ts';
import { cooperations } from '../partners/partners.schema.ts';

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const addr = app.server.address();
  if (!addr || typeof addr === 'string') throw new Error('no address');
  return `http://127.0.0.1:${addr.port}`;
}

const sockets: Socket[] = [];
async function socketOf(url: string, p: PersonRef): Promise<Socket> {
  const s = connect(url, {
    path: HUB_PATH,
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    auth: { token: p.headers.authorization.slice('Bearer '.length) },
  });
  sockets.push(s);
  await new Promise<void>((resolve, reject) => {
    s.once('connect', () => resolve());
    s.once('connect_error', reject);
  });
  return s;
}

function collect(s: Socket, event: string): unknown[] {
  const got: unknown[] = [];
  s.on(event, (d: unknown) => got.push(d));
  return got;
}

/** The caseChanged messages but those of a drawn preview image (which comes whenever the scan job has run). */
const besidesImage = (heard: unknown[]) =>
  heard.filter((m) => (m as { reason?: string }).reason !== 'thumbnail');

/** A case sent as an upload completes: through `createCase` with the app's platform (so it notifies and announces). */
async function sendCase(app: FastifyInstance, d: DeviceRef, by: PersonRef) {
  const { db, storage } = app.platform;
  const key = `cases/${randomUUID()}`;
  const stored = await storage.put(key, sampleArchPly({ seed: 7 }));
  const actor = await actorFor(db, by.userId, by.custId);
  const { id } = await createCase(
    db,
    actor!,
    {},
    {
      deviceSerial: d.serial,
      order: { caseType: 3, patientName: 'Realtime patient' },
      files: [{ key, name: 'upper.ply', size: stored.size, sha256: stored.sha256, format: 'ply' }],
      crypto: false,
    },
    app.platform,
    queuePreview,
  );
  return id;
}

afterEach(() => {
  for (const s of sockets.splice(0)) s.disconnect();
});

describe.each(engines)('notices and live case updates (%s)', (engine) => {
  // One server for the file, listening; every test makes its own organizations, people and device.
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    t = await createTestApp(engine, { ARCHWAY_DEMO: 'false' });
    url = await listen(t.app);
  });
  afterAll(async () => {
    await t?.close();
  });

  /**
   * The barrier for "heard nothing (more)": sends a mark to each person and waits for it on their socket, where it
   * comes after every message sent to that socket before.
   */
  async function markSeen(socks: Socket[], people: PersonRef[]) {
    const marked = socks.map((s) => new Promise((r) => s.once('notices-mark', r)));
    for (const p of people) t.app.platform.realtime.toUser(p.userId, 'notices-mark', {});
    await Promise.all(marked);
  }

  async function setup() {
    const f = factories(t.app);
    const clinic = await f.org();
    const nurse = await f.user(clinic);
    const lab = await f.org({ custType: CustType.lab });
    const stranger = await f.org({ custType: CustType.lab });
    const device = await f.device(clinic);
    await f.receiver(device, lab);
    return { url, f, clinic, nurse, lab, stranger, device };
  }

  it("a new case reaches the receiver's box live; lab progress reaches the sender; finished gives the sender a Task", async () => {
    const { url, clinic, nurse, lab, stranger, device } = await setup();
    const labSock = await socketOf(url, lab.owner);
    const strangerSock = await socketOf(url, stranger.owner);
    const nurseSock = await socketOf(url, nurse);
    const labCases = collect(labSock, RealtimeEvent.caseChanged);
    const strangerCases = collect(strangerSock, RealtimeEvent.caseChanged);
    const nurseCases = collect(nurseSock, RealtimeEvent.caseChanged);
    const nurseTasks = collect(nurseSock, RealtimeEvent.task);
    const labTasks = collect(labSock, RealtimeEvent.task);

    const caseId = await sendCase(t.app, device, clinic.owner);
    await until(() => besidesImage(labCases).length === 1 && besidesImage(nurseCases).length === 1);
    // The receiver is told a case arrived (and for whom, for its toast); the sender that it was sent.
    expect(besidesImage(labCases)).toEqual([
      { id: caseId, reason: 'received', patientName: 'Realtime patient' },
    ]);
    expect(besidesImage(nurseCases)).toEqual([{ id: caseId, reason: 'sent' }]);

    const progress = await lab.owner.call(
      'PUT',
      `/processStatus?id=${caseId}&status=${ProcessStatus.processing}`,
    );
    expect(progress.body.success).toBe(true);
    await until(() => besidesImage(nurseCases).length === 2);
    expect(besidesImage(nurseCases)[1]).toEqual({ id: caseId, reason: 'progress' });
    expect(nurseTasks).toEqual([]);

    const finished = await lab.owner.call(
      'PUT',
      `/processStatus?id=${caseId}&status=${ProcessStatus.finished}`,
    );
    expect(finished.body.success).toBe(true);
    await until(() => nurseTasks.length === 1);
    expect(nurseTasks[0]).toMatchObject({ caseId, reason: 'finished' });

    // The Task is stored: the clinic's owner (not connected) reads it; the lab and the stranger heard nothing of it.
    const list = await clinic.owner.call('GET', '/api/notice/list?pageIndex=1&pageSize=10');
    expect(list.body.data.records).toEqual([
      expect.objectContaining({ kind: NoticeKind.task, caseId, read: false, path: `/case?id=${caseId}` }),
    ]);
    // The barrier: a mark sent now to the stranger and the lab reaches each socket after anything sent to it before
    // (each message is written to all of its room's sockets at once; one socket's messages keep their order). The
    // preview image comes whenever its job has run: who hears of it is the next test's.
    await markSeen([strangerSock, labSock], [stranger.owner, lab.owner]);
    expect(besidesImage(strangerCases)).toEqual([]);
    expect(labTasks).toEqual([]);
  });

  it("a case forwarded to a third party reaches the third party's box live", async () => {
    const { url, clinic, lab, device, f } = await setup();
    const third = await f.org({ custType: CustType.lab });
    await t.app.platform.db
      .insert(cooperations)
      .values({ applicantId: lab.custId, partnerId: third.custId, state: 1 });
    const thirdSock = await socketOf(url, third.owner);
    const thirdCases = collect(thirdSock, RealtimeEvent.caseChanged);
    const caseId = await sendCase(t.app, device, clinic.owner);
    const forwarded = await lab.owner.call('POST', '/api/case/forward', { id: caseId, custId: third.custId });
    expect(forwarded.body.success).toBe(true);
    await until(() => besidesImage(thirdCases).length === 1);
    expect(besidesImage(thirdCases)).toEqual([
      { id: caseId, reason: 'received', patientName: 'Realtime patient' },
    ]);
  });

  it('a drawn preview image is announced to every organization holding the case, and to no one else', async () => {
    const { url, clinic, lab, stranger, device } = await setup();
    const labSock = await socketOf(url, lab.owner);
    const clinicSock = await socketOf(url, clinic.owner);
    const strangerSock = await socketOf(url, stranger.owner);
    const heard = [labSock, clinicSock, strangerSock].map((s) => collect(s, RealtimeEvent.caseChanged));
    const caseId = await sendCase(t.app, device, clinic.owner);
    const drawn = (m: unknown) => (m as { reason?: string }).reason === 'thumbnail';
    await until(() => heard[0]!.some(drawn) && heard[1]!.some(drawn), 30_000);
    expect(heard[0]!.filter(drawn)).toEqual([{ id: caseId, reason: 'thumbnail' }]);
    expect(heard[1]!.filter(drawn)).toEqual([{ id: caseId, reason: 'thumbnail' }]);
    // The image is there when the message comes: the row the lab reads again carries its address.
    const box = await lab.owner.call('POST', '/getpaging', { pageIndex: 1, pageSize: 15 });
    const row = (box.body.data.records as { id: string; thumbnail: string | null }[]).find(
      (r) => r.id === caseId,
    );
    expect(row?.thumbnail).toMatch(new RegExp(`^/api/case/thumbnail/${caseId}`));
    // Every holder was told in one go; a mark sent to the stranger after that comes after anything sent to it before.
    await markSeen([strangerSock], [stranger.owner]);
    expect(heard[2]).toEqual([]);
  });

  it('a client that was offline catches up through the notices list; each person sees and marks only their own', async () => {
    const { url, clinic, nurse, lab, device } = await setup();
    const caseId = await sendCase(t.app, device, clinic.owner);
    // Nobody of the clinic is connected while the lab finishes the order.
    await lab.owner.call('PUT', `/processStatus?id=${caseId}&status=${ProcessStatus.finished}`);

    const nurseList = await nurse.call('GET', '/api/notice/list');
    expect(nurseList.status).toBe(200);
    expect(nurseList.body.data).toMatchObject({ totalRecords: 1, unread: 1, pageIndex: 1, pageSize: 15 });
    const [task] = nurseList.body.data.records;
    expect(task).toMatchObject({
      kind: 'task',
      titleKey: 'realtime.notice.task',
      payload: { reason: 'finished' },
    });
    expect((await nurse.call('GET', '/api/notice/unread')).body.data).toEqual({ count: 1 });

    // The lab's members got the new case (newCase) — and not the clinic's Task.
    const labList = await lab.owner.call('GET', '/api/notice/list');
    expect(labList.body.data.records.map((r: { kind: string }) => r.kind)).toEqual([NoticeKind.newCase]);

    // Another person's id is skipped: the lab cannot mark the nurse's notice.
    const foreign = await lab.owner.call('PUT', '/api/notice/read', { ids: [task.id] });
    expect(foreign.body.data).toEqual({ marked: 0, unread: 1 });
    expect((await nurse.call('GET', '/api/notice/unread')).body.data).toEqual({ count: 1 });

    const mine = await nurse.call('PUT', '/api/notice/read', { ids: [task.id] });
    expect(mine.body.data).toEqual({ marked: 1, unread: 0 });
    // Marked notices stay listed, read, after the unread ones.
    const newer = await notify(t.app.platform.db, [
      { userId: nurse.userId, kind: NoticeKind.newCase, caseId },
    ]);
    const after = await nurse.call('GET', '/api/notice/list?currentPage=1&pageSize=1');
    expect(after.body.data).toMatchObject({ totalRecords: 2, unread: 1 });
    expect(after.body.data.records).toEqual([expect.objectContaining({ id: newer[0]!.id, read: false })]);

    // Mark all: the owner's list is untouched by the nurse's.
    expect((await nurse.call('PUT', '/api/notice/read', {})).body.data).toEqual({ marked: 1, unread: 0 });
    expect((await clinic.owner.call('GET', '/api/notice/unread')).body.data).toEqual({ count: 1 });

    // A notice stored while the socket was away is also announced to a client connected now.
    const sock = await socketOf(url, nurse);
    const bell = collect(sock, RealtimeEvent.notice);
    const replies = collect(sock, RealtimeEvent.newReply);
    const rows = await notify(t.app.platform.db, [
      { userId: nurse.userId, kind: NoticeKind.reply, caseId, sendId: lab.custId },
    ]);
    announce(t.app.platform, rows);
    await until(() => bell.length === 1 && replies.length === 1);
    expect(replies[0]).toEqual({ noticeId: rows[0]!.id, caseId, sendId: lab.custId });
  });

  it('refuses without a token and on bad input', async () => {
    const { clinic } = await setup();
    const none = await t.app.inject({ method: 'GET', url: '/api/notice/list' });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toMatchObject({ success: false, errorCode: 401 });
    const noneRead = await t.app.inject({ method: 'PUT', url: '/api/notice/read', payload: {} });
    expect(noneRead.statusCode).toBe(401);
    const badSize = await clinic.owner.call('GET', '/api/notice/list?pageSize=1000');
    expect(badSize.status).toBe(400);
    expect(badSize.body).toMatchObject({ success: false, data: { key: 'generic.validation' } });
    const badIds = await clinic.owner.call('PUT', '/api/notice/read', { ids: ['not-a-uuid'] });
    expect(badIds.status).toBe(400);
    expect(badIds.body.data.key).toBe('generic.validation');
  });

  it('a membership change tells the person to renew their token (adminNotice)', async () => {
    const { url, clinic, nurse } = await setup();
    const sock = await socketOf(url, nurse);
    const heard = collect(sock, RealtimeEvent.adminNotice);
    let closed = '';
    sock.on('disconnect', (reason: string) => (closed = reason));
    // The nurse leaves the organization (anyone may leave; the clinic keeps its owner).
    expect(clinic.owner.userId).not.toBe(nurse.userId);
    const res = await nurse.call('DELETE', `/api2/cust/user/${nurse.userId}`);
    expect(res.body).toMatchObject({ success: true });
    // The connection acting for the organization is closed by the server (issue 23, security 4); the notice is
    // published through the adapter and may arrive before that or not at all: either tells the client to renew
    // (RealtimeBridge renews on adminNotice and after a server disconnect).
    await until(() => heard.length === 1 || closed !== '');
    if (heard.length) expect(heard).toEqual([{ reason: 'membership' }]);
    else expect(closed).toBe('io server disconnect');
  });
});

describe.runIf(engines.includes('postgres'))('live case updates across processes (postgres)', () => {
  let t: TestApp;
  afterEach(async () => {
    await t?.close();
  });

  it("a case created through one process reaches the lab's client connected to the other", async () => {
    t = await createTestApp('postgres', { ARCHWAY_DEMO: 'false' });
    const other = await t.sibling();
    await listen(t.app);
    const url2 = await listen(other);
    const f = factories(t.app);
    const clinic = await f.org();
    const lab = await f.org({ custType: CustType.lab });
    const device = await f.device(clinic);
    await f.receiver(device, lab);
    const sock = await socketOf(url2, lab.owner);
    const heard = collect(sock, RealtimeEvent.caseChanged);
    const bell = collect(sock, RealtimeEvent.notice);
    // The second process LISTENs shortly after it starts; a probe makes sure it does before the case is made.
    const probe = collect(sock, 'probe');
    await until(() => {
      t.app.platform.realtime.toUser(lab.owner.userId, 'probe', 1);
      return probe.length > 0;
    });
    const caseId = await sendCase(t.app, device, clinic.owner);
    await until(() => besidesImage(heard).length === 1 && bell.length === 1);
    expect(besidesImage(heard)).toEqual([
      { id: caseId, reason: 'received', patientName: 'Realtime patient' },
    ]);
    expect(bell[0]).toMatchObject({ kind: NoticeKind.newCase });
  });
});
