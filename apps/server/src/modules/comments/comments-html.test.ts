import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { CustType } from '@archway/contract';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { factories, type OrgRef } from '../../testing/factories.ts';
import { XSS_VECTORS } from '../../testing/xss-vectors.ts';
import { caseFiles } from '../cases/cases.schema.ts';
import { sampleArchPly } from '../cases/sample-scan.ts';

/**
 * HTML in a comment or a remark pinned to the scan is text (docs/decisions.md, "Comments are plain text"): stored as
 * typed, answered as typed by the thread, the case list of comments and the share link's pins, never sanitized,
 * escaped or refused on the way in; the web shows it as text (the journey apps/web/e2e/remarks-html.test.ts).
 */
describe('HTML in comments and pinned remarks is stored and answered as typed', () => {
  let t: TestApp;
  let clinic: OrgRef;
  let lab: OrgRef;
  let caseId: string;
  let scanId: string;
  beforeAll(async () => {
    t = await createTestApp('postgres', { ARCHWAY_DEMO: 'false' });
    const f = factories(t.app);
    clinic = await f.org();
    lab = await f.org({ custType: CustType.lab });
    const device = await f.device(clinic);
    await f.receiver(device, lab, { caseType: 3 });
    caseId = await f.kase(device, clinic.owner, {
      patientName: '<b>Bold</b> Patient',
      files: [{ name: 'upper.ply', body: sampleArchPly({ seed: 4 }) }],
    });
    const [scan] = await t.app.platform.db
      .select()
      .from(caseFiles)
      .where(and(eq(caseFiles.caseId, caseId), eq(caseFiles.name, 'upper.ply')));
    scanId = scan!.id;
  }, 180_000);
  afterAll(() => t.close());

  const anchor = () => ({
    fileId: scanId,
    point: [1, 2, 3],
    normal: [0, 0, 1],
    camera: { position: [0, -50, 30], target: [1, 2, 3], up: [0, 0, 1] },
  });

  it('every XSS vector, as a comment and as a pinned remark, comes back character for character', async () => {
    const texts = [...XSS_VECTORS, '<b>bold</b> & "quotes" \'single\' &amp; &lt;b&gt;'];
    const posted: { id: string; text: string; pinned: boolean }[] = [];
    for (const [i, text] of texts.entries()) {
      const who = i % 2 ? clinic : lab;
      const plain = await who.owner.call('POST', '/api/case/comment', { caseId, text });
      expect(plain.body, text).toMatchObject({ success: true, data: { text } });
      const pin = await who.owner.call('POST', '/api/case/comment', { caseId, text, anchor: anchor() });
      expect(pin.body, text).toMatchObject({ success: true, data: { text } });
      posted.push(
        { id: plain.body.data.id, text, pinned: false },
        { id: pin.body.data.id, text, pinned: true },
      );
    }

    // The thread, as either party reads it.
    for (const who of [clinic, lab]) {
      const thread = (await who.owner.call('GET', `/api/case/comment/list?caseId=${caseId}`)).body.data as {
        id: string;
        text: string;
        anchor: unknown;
      }[];
      const byId = new Map(thread.map((c) => [c.id, c]));
      for (const p of posted) {
        expect(byId.get(p.id)?.text, p.text).toBe(p.text);
        expect(!!byId.get(p.id)?.anchor).toBe(p.pinned);
      }
    }

    // The case list of comments shows the last one as typed.
    const page = await clinic.owner.call('POST', '/api/case/comment/page', { pageNum: 1, pageSize: 50 });
    const row = (page.body.data.records as { caseId: string; lastText: string }[]).find(
      (r) => r.caseId === caseId,
    );
    expect(row?.lastText).toBe(posted.at(-1)!.text);

    // The share link's pins (the ones its sharer chose to show the patient), to anyone holding it.
    const made = await clinic.owner.call('POST', '/api/case/report/share', {
      caseId,
      days: 7,
      pins: posted.filter((x) => x.pinned).map((x) => x.id),
    });
    const report = (await t.app.inject({ method: 'GET', url: `/api/report/${made.body.data.token}` })).json()
      .data as { pins: { id: string; text: string }[] };
    const pins = new Map(report.pins.map((p) => [p.id, p.text]));
    for (const p of posted.filter((x) => x.pinned)) expect(pins.get(p.id), p.text).toBe(p.text);
    expect(pins.size).toBe(posted.filter((x) => x.pinned).length);
  });
});
