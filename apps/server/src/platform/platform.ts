import type { Config } from '../config.ts';
import type { Db } from './db/client.ts';
import type { TokenService } from './identity/tokens.ts';
import type { Mailer } from './mail/mail.ts';
import type { Storage } from './storage/storage.ts';
import type { Uploads } from './uploads/tus.ts';
import type { Realtime } from './realtime/realtime.ts';

/** What modules receive from the platform: configuration, the database, file storage and the token service. */
export interface Platform {
  config: Config;
  db: Db;
  tokens: TokenService;
  /** File contents: a local directory or an S3-compatible store (STORAGE_URL). */
  storage: Storage;
  /** Resumable uploads (tus), staged beside the storage until they become a case. */
  uploads: Uploads;
  /** E-mail and text messages, queued in the outbox and delivered by a job (SMTP_URL). */
  mail: Mailer;
  /** Announcements to connected clients (socket.io at /hubs/notify), after what they announce has committed. */
  realtime: Realtime;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** For tests and operational scripts; modules receive the platform as an argument instead. */
    platform: Platform;
  }
}
