import type { Config } from '../config.ts';
import type { Db } from './db/client.ts';
import type { TokenService } from './identity/tokens.ts';

/** What modules receive from the platform: configuration, the database and the token service. */
export interface Platform {
  config: Config;
  db: Db;
  tokens: TokenService;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** For tests and operational scripts; modules receive the platform as an argument instead. */
    platform: Platform;
  }
}
