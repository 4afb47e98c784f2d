import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * scrypt runs on libuv's thread pool (4 threads by default), the same threads that read files for
 * static assets. Unbounded, a flood of sign-ins occupies all four and every file waits behind them.
 * So at most HASH_CONCURRENCY hashes run at once per process; further callers queue, and when the
 * queue is HASH_QUEUE_MAX long, sign-in is refused at once (HashQueueFull → HTTP 429).
 */
export const HASH_CONCURRENCY = 2;
export const HASH_QUEUE_MAX = 32;

/** Thrown by `verifyPassword` when too many hashes are already waiting. */
export class HashQueueFull extends Error {
  constructor() {
    super('password hashing queue is full');
  }
}

/** A counting semaphore with a bounded wait queue. */
export class Gate {
  private active = 0;
  private readonly waiting: (() => void)[] = [];
  /** Hashes run so far (for tests and the benchmark). */
  completed = 0;
  constructor(
    readonly slots: number,
    readonly maxQueue: number,
  ) {}

  get stats() {
    return { active: this.active, queued: this.waiting.length, completed: this.completed };
  }

  /** Runs `fn` when a slot is free. `bounded` (the default): refuse with HashQueueFull instead of joining a full queue. */
  async run<T>(fn: () => Promise<T>, { bounded = true }: { bounded?: boolean } = {}): Promise<T> {
    if (this.active < this.slots) this.active++;
    else {
      if (bounded && this.waiting.length >= this.maxQueue) throw new HashQueueFull();
      await new Promise<void>((resolve) => this.waiting.push(resolve));
      // The slot was handed over by the finishing caller: `active` is unchanged.
    }
    try {
      return await fn();
    } finally {
      this.completed++;
      const next = this.waiting.shift();
      if (next) next();
      else this.active--;
    }
  }
}

/** The process's one gate for every scrypt call. */
export const hashGate = new Gate(HASH_CONCURRENCY, HASH_QUEUE_MAX);

const scrypt = (password: string, salt: Buffer, keylen: number, opts: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) =>
    scryptCb(password, salt, keylen, opts, (err, key) => (err ? reject(err) : resolve(key))),
  );

/** scrypt is memory-hard: N=2^15, r=8 uses 32 MiB per hash. */
const PARAMS = { N: 1 << 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };
const KEYLEN = 32;

/** Setting a password (seed, future registration): waits for a slot however long the queue is. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await hashGate.run(() => scrypt(password, salt, KEYLEN, PARAMS), { bounded: false });
  return `scrypt$${PARAMS.N}$${PARAMS.r}$${PARAMS.p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

/** Checking a sign-in: throws HashQueueFull when the queue is full. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const key = await hashGate.run(() =>
    scrypt(password, Buffer.from(salt, 'base64'), expected.length, {
      N: Number(n),
      r: Number(r),
      p: Number(p),
      maxmem: PARAMS.maxmem,
    }),
  );
  return timingSafeEqual(key, expected);
}

/** A hash to compare against when the account does not exist, so timing does not reveal it. */
export const DUMMY_HASH =
  'scrypt$32768$8$1$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=';
