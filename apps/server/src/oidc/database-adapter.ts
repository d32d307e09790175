import type { Adapter, AdapterConstructor, AdapterPayload } from 'oidc-provider';
import type { OidcPayloadsRepository } from './oidc-payloads.repository';

/**
 * oidc-provider's storage in the portal's database (`oidc_payloads`), instead of its default memory: sign-in
 * sessions, interactions, grants and codes survive a restart and are shared by every process on one database.
 * The device flow is not enabled, so nothing is looked up by user code.
 */
export function databaseAdapter(payloads: OidcPayloadsRepository): AdapterConstructor {
  return class DatabaseAdapter implements Adapter {
    constructor(private readonly model: string) {}
    upsert(id: string, payload: AdapterPayload, expiresIn?: number) {
      return payloads.upsert(this.model, id, payload, expiresIn);
    }
    find(id: string) {
      return payloads.find(this.model, id) as Promise<AdapterPayload | undefined>;
    }
    findByUid(uid: string) {
      return payloads.findByUid(this.model, uid) as Promise<AdapterPayload | undefined>;
    }
    findByUserCode() {
      return Promise.resolve(undefined);
    }
    consume(id: string) {
      return payloads.consume(this.model, id);
    }
    destroy(id: string) {
      return payloads.destroy(this.model, id);
    }
    revokeByGrantId(grantId: string) {
      return payloads.revokeByGrantId(grantId);
    }
  };
}
