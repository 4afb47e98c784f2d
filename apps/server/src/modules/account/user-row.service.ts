/**
 * The writes of the users row other modules make (the profile, the property and language, a person's settings, the
 * console's switches and new administrators): the row is the account's table, written only here and in the account's
 * own repositories (tools/lint/module-graph.test.ts, 'tables are written by their owner').
 */
export {
  anonymizeUser,
  insertAdmin,
  lockUserLanguage,
  setPasswordResetRequired,
  setUserDisabled,
  setUserFields,
  setUserLanguage,
  setUserProperty,
  updateUserSettings,
} from './user-row.repository.ts';
