/** A PostgreSQL database of a benchmark's own, made fresh through an administrative connection and dropped after. */
import pg from 'pg';

export interface ScratchDatabase {
  url: string;
  drop(): Promise<void>;
}

async function run(adminUrl: string, ...statements: string[]): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    for (const s of statements) await client.query(s);
  } finally {
    await client.end();
  }
}

/** Drops `name` if a crashed run left it, creates it empty, answers its URL and how to drop it. */
export async function scratchDatabase(adminUrl: string, name: string): Promise<ScratchDatabase> {
  const drop = `drop database if exists ${name} with (force)`;
  await run(adminUrl, drop, `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.href, drop: () => run(adminUrl, drop) };
}
