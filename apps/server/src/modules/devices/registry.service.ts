import {
  GenericErrors,
  isSafeText,
  modelOf,
  RegistryErrors,
  type addRegistryBody,
  type registryListQuery,
} from '@archway/contract';
import type { z } from 'zod';
import type { Db } from '../../platform/db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { audit, type RequestContext } from '../../platform/audit/audit.ts';
import type { Actor } from '../../platform/auth.ts';
import * as repo from './registry.repository.ts';

/** The registry is the platform administrator's; anyone else gets code 100 (the routes declare `admin` too). */
function requireAdmin(actor: Actor) {
  if (!actor.isAdmin) throw new AppError(GenericErrors.permission);
}

const SERIAL = /^[A-Za-z0-9-]{1,64}$/;

export async function listRegistry(db: Db, actor: Actor, q: z.infer<typeof registryListQuery>) {
  requireAdmin(actor);
  const { total, rows } = await repo.listRegistry(db, q);
  return {
    records: rows.map(({ reg, ownerName }) => ({
      serial: reg.serial,
      model: modelOf(reg.serial),
      area: reg.area,
      bound: ownerName !== null,
      ownerCustName: ownerName,
      createdAt: reg.createdAt.toISOString(),
    })),
    totalRecords: total,
    pageSize: q.pageSize,
    pageIndex: q.pageIndex,
  };
}

export async function addToRegistry(
  db: Db,
  ctx: RequestContext,
  actor: Actor,
  area: string,
  input: z.infer<typeof addRegistryBody>,
) {
  requireAdmin(actor);
  const serial = input.serial.toUpperCase();
  const [row] = await repo.insertRegistry(db, [
    { serial, bindCode: input.bindCode, area: input.area ?? area },
  ]);
  await audit(db, ctx, {
    actorUserId: actor.userId,
    action: 'registry.add',
    objectType: 'device',
    objectId: serial,
    outcome: row ? 'allowed' : 'refused',
  });
  if (!row) throw new AppError(RegistryErrors.duplicate);
  return { serial };
}

/** Parses "serial,bindCode[,area]" lines (a header line is recognised and skipped). */
export function parseRegistryCsv(csv: string, defaultArea: string) {
  const rows: { line: number; serial: string; bindCode: string; area: string; key: string | null }[] = [];
  csv.split(/\r?\n/).forEach((text, i) => {
    const cells = text.split(/[,;\t]/).map((c) => c.trim().replace(/^"(.*)"$/, '$1'));
    if (!text.trim()) return;
    if (i === 0 && /serial/i.test(cells[0] ?? '')) return;
    const [serial = '', bindCode = '', area = ''] = cells;
    const valid =
      SERIAL.test(serial) &&
      bindCode.length > 0 &&
      bindCode.length <= 64 &&
      area.length <= 32 &&
      isSafeText(bindCode + area);
    rows.push({
      line: i + 1,
      serial: serial.toUpperCase(),
      bindCode,
      area: area || defaultArea,
      key: valid ? null : RegistryErrors.invalidRow.key,
    });
  });
  return rows;
}

/** Imports what it can; every refused row is reported with its line and reason. */
export async function importRegistry(db: Db, ctx: RequestContext, actor: Actor, area: string, csv: string) {
  requireAdmin(actor);
  const rows = parseRegistryCsv(csv, area);
  if (!rows.length) throw new AppError(RegistryErrors.emptyImport);
  const seen = new Set<string>();
  for (const r of rows) {
    if (r.key) continue;
    if (seen.has(r.serial)) r.key = RegistryErrors.duplicate.key;
    seen.add(r.serial);
  }
  const candidates = rows.filter((r) => !r.key);
  const inserted = candidates.length
    ? await repo.insertRegistry(
        db,
        candidates.map((r) => ({ serial: r.serial, bindCode: r.bindCode, area: r.area })),
      )
    : [];
  const done = new Set(inserted.map((r) => r.serial));
  for (const r of candidates) if (!done.has(r.serial)) r.key = RegistryErrors.duplicate.key;
  await audit(db, ctx, {
    actorUserId: actor.userId,
    action: 'registry.import',
    objectType: 'registry',
    outcome: 'allowed',
    detail: { imported: done.size, refused: rows.length - done.size },
  });
  return {
    imported: done.size,
    refused: rows.filter((r) => r.key).map((r) => ({ line: r.line, serial: r.serial, key: r.key! })),
  };
}
