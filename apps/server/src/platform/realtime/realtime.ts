/**
 * The realtime hub's sending side: modules announce to a person or an organization; the hub (socket.io at
 * `/hubs/notify`, rooms `user:<id>` and `cust:<id>`) delivers to every connected socket of that room, on any process.
 * A message only announces what is stored (a notice, a case row): a client that missed it reads it back.
 */
export interface Realtime {
  toUser(userId: string, event: string, data: unknown): void;
  toOrg(custId: string, event: string, data: unknown): void;
  /**
   * Closes every connection of the person, on every process (account disabled, password reset or changed, sessions
   * ended). Called after the commit: a client that connects again is checked against the committed state.
   */
  disconnectUser(userId: string): void;
  /** Closes every connection acting for the organization, on every process (organization disabled). */
  disconnectOrg(custId: string): void;
  /** Closes the person's connections acting for the organization, on every process (membership ended). */
  disconnectMember(userId: string, custId: string): void;
  /**
   * Closes the connections made with the tokens of one OpenID grant, on every process (signed out at the provider,
   * or a spent refresh token replayed: the grant is revoked).
   */
  disconnectGrant(grantId: string): void;
}

/** Until the hub is attached (and in processes without one), announcements go nowhere: nothing is lost, they are stored. */
export function createRealtime(): Realtime & { attach(target: Realtime): void } {
  let target: Realtime | null = null;
  return {
    attach(t) {
      target = t;
    },
    toUser(userId, event, data) {
      target?.toUser(userId, event, data);
    },
    toOrg(custId, event, data) {
      target?.toOrg(custId, event, data);
    },
    disconnectUser(userId) {
      target?.disconnectUser(userId);
    },
    disconnectOrg(custId) {
      target?.disconnectOrg(custId);
    },
    disconnectMember(userId, custId) {
      target?.disconnectMember(userId, custId);
    },
    disconnectGrant(grantId) {
      target?.disconnectGrant(grantId);
    },
  };
}
