import type { BiteResult } from './bite-worker-protocol.ts';

/**
 * Computed bites, keyed by the two scan files' ids (a case's files never change: a new scan is a new file): in
 * memory for the session, and in IndexedDB so that opening the case again tomorrow shows the bite at once. The key
 * carries a version: a change of the map's thresholds or colours starts afresh. IndexedDB failing (private mode,
 * quota) only means computing again.
 */
const VERSION = 1;
const DB = 'archway-bite';
const STORE = 'bites';
/** At most this many bites stay in memory (a few MB each for large scans). */
const MEMORY_MAX = 6;

const memory = new Map<string, BiteResult>();

export const biteKey = (upperFileId: string, lowerFileId: string) =>
  `v${VERSION}:${upperFileId}:${lowerFileId}`;

function open(): Promise<IDBDatabase | null> {
  return new Promise((resolve) => {
    try {
      const req = indexedDB.open(DB, 1);
      req.onupgradeneeded = () => req.result.createObjectStore(STORE);
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => resolve(null);
      req.onblocked = () => resolve(null);
    } catch {
      resolve(null);
    }
  });
}

function remember(key: string, result: BiteResult) {
  memory.delete(key);
  memory.set(key, result);
  while (memory.size > MEMORY_MAX) memory.delete(memory.keys().next().value!);
}

/** The cached bite, from memory or IndexedDB; null when it was never computed here. */
export async function readBite(key: string): Promise<BiteResult | null> {
  const hit = memory.get(key);
  if (hit) return hit;
  const db = await open();
  if (!db) return null;
  const found = await new Promise<BiteResult | null>((resolve) => {
    try {
      const req = db.transaction(STORE, 'readonly').objectStore(STORE).get(key);
      req.onsuccess = () => resolve((req.result as BiteResult | undefined) ?? null);
      req.onerror = () => resolve(null);
    } catch {
      resolve(null);
    }
  });
  db.close();
  if (found) remember(key, found);
  return found;
}

/** Keeps a computed bite (memory at once, IndexedDB in the background). */
export async function writeBite(key: string, result: BiteResult): Promise<void> {
  remember(key, result);
  const db = await open();
  if (!db) return;
  await new Promise<void>((resolve) => {
    try {
      const tx = db.transaction(STORE, 'readwrite');
      tx.objectStore(STORE).put(result, key);
      tx.oncomplete = () => resolve();
      tx.onerror = () => resolve();
      tx.onabort = () => resolve();
    } catch {
      resolve();
    }
  });
  db.close();
}
