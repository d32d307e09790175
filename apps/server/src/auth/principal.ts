/** Who is calling, as proven by a verified access token. The tenant comes only from here. */
export interface Principal {
  userId: string;
  tenantId: string | null;
  roles: string[];
  name: string | null;
}
