/**
 * What other modules use of the account's data: the attempt counters (rate limits: the profile's password checks and
 * phone codes, the directory's people searches) and the one-time tokens and session ends of a person (the profile's
 * e-mail and phone changes, the console's forced password reset). They reach it here, never through the
 * repositories (module graph, apps/server/src/modules/graph.json).
 */
export { releaseAttempt, reserveAttempt } from './account.repository.ts';
export {
  deleteTokensOf,
  endSessions,
  insertPhoneCode,
  insertToken,
  lastPhoneCodeAt,
  livePhoneCode,
  retireTokens,
  spendToken,
  tokensSince,
  type TokenPurpose,
} from './registration.repository.ts';
