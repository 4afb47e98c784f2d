/**
 * What this process started that must stop with it, whatever moment a stop comes (platform/lifecycle): the embedded
 * PostgreSQL registers its stop as soon as it is spawned, so a SIGTERM or Ctrl-C during start-up (the demo data being
 * written, the migrations) still stops it cleanly instead of leaving it running (server.ts).
 */
const stoppers = new Set<() => Promise<void>>();

/** Registers `stop`; answers the function that unregisters it (call it once `stop` ran by itself). */
export function stopWithProcess(stop: () => Promise<void>): () => void {
  stoppers.add(stop);
  return () => stoppers.delete(stop);
}

/** Runs every registered stop, newest first (what was started last stops first), each once. */
export async function stopEverything(): Promise<void> {
  for (const stop of [...stoppers].reverse()) {
    stoppers.delete(stop);
    await stop().catch(() => undefined);
  }
}
