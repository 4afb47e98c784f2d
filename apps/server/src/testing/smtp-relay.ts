import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import PostalMime, { type Email } from 'postal-mime';

/** Whether a mail is addressed to `address` (any of its recipients, any case). */
export const sentTo = (address: string) => (m: Email) =>
  (m.to ?? []).some((a) => a.address?.toLowerCase() === address.toLowerCase());

/** A real SMTP relay on 127.0.0.1 that can be told to refuse the next messages (4xx: later; 5xx: never). */
export async function startRelay() {
  const received: Email[] = [];
  const refusals: number[] = [];
  /** Called on every arrival: the waiters of `waitFor`. */
  const arrivals = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const code = refusals.shift();
        if (code) return callback(Object.assign(new Error(`refused ${code}`), { responseCode: code }));
        PostalMime.parse(Buffer.concat(chunks)).then((mail) => {
          // Received before the relay answers: a message the outbox marks sent is always here.
          received.push(mail);
          for (const arrived of arrivals) arrived();
          callback();
        }, callback);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;

  /**
   * The received mails `pick` keeps, once there are at least `n` of them: at once if they are here, else on the
   * arrival that makes them `n` (no polling). Fails after `timeoutMs` naming what it waited for and what came.
   */
  function waitFor(
    pick: (m: Email) => boolean,
    n: number,
    { timeoutMs = 60_000, what = 'the mails' }: { timeoutMs?: number; what?: string } = {},
  ): Promise<Email[]> {
    const kept = () => received.filter(pick);
    if (kept().length >= n) return Promise.resolve(kept());
    return new Promise((resolve, reject) => {
      const arrived = () => {
        const now = kept();
        if (now.length < n) return;
        arrivals.delete(arrived);
        clearTimeout(timer);
        resolve(now);
      };
      const timer = setTimeout(() => {
        arrivals.delete(arrived);
        reject(
          new Error(`timed out after ${timeoutMs} ms waiting for ${n} of ${what}; ${kept().length} came`),
        );
      }, timeoutMs);
      arrivals.add(arrived);
    });
  }

  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    waitFor,
    /** The mails to `address` once at least `n` have arrived (see `waitFor`). */
    mailsTo: (address: string, n: number) => waitFor(sentTo(address), n, { what: `the mails to ${address}` }),
    refuse: (...codes: number[]) => refusals.push(...codes),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type Relay = Awaited<ReturnType<typeof startRelay>>;
