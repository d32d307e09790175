/** Who is calling, as proven by a verified access token. The tenant comes only from here. */
export interface Principal {
  userId: string;
  tenantId: string | null;
  roles: string[];
  name: string | null;
  /** The token's `email` claim, when it has one: where the portal writes to the user (a failing report schedule's owner). */
  email?: string | null;
  /**
   * A report render ticket's principal (render-tickets.ts): it may read, never change. Users' tokens leave it unset.
   */
  readOnly?: boolean;
}
