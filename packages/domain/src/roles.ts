export const INSTALLER_ROLE = 'Installer';

/**
 * The tenant's administrators (a value of the identity provider's roles claim): they change the tenant's own
 * settings — its name, tabs and email language, and the tracking Static period. Matched as any role is, by hasRole.
 */
export const ADMIN_ROLE = 'Admin';

/**
 * The role names a roles claim holds: a list keeps its non-blank strings, a single string is a list of one
 * (some providers write one role that way). null when the claim is missing or is neither (an object, a number):
 * the token then says nothing about roles, which is a fault of the provider's set-up, not a role set.
 */
export function roleNames(claim: unknown): string[] | null {
  if (typeof claim === 'string') return claim.trim() === '' ? [] : [claim.trim()];
  if (!Array.isArray(claim)) return null;
  return claim.filter((role): role is string => typeof role === 'string' && role.trim() !== '').map((role) => role.trim());
}

/** Whether `roles` holds `role`, whatever the case of either: providers and operators write `installer` as often as `Installer`. */
export function hasRole(roles: readonly string[], role: string): boolean {
  const wanted = role.toLowerCase();
  return roles.some((held) => held.toLowerCase() === wanted);
}

/**
 * Spec §6 with the gaps closed: a user whose only role is Installer gets the installer's device test alone
 * ('installer'); a user with no role at all gets nothing ('none': the provider granted the portal nothing, so in
 * doubt the portal shows nothing); any other role set passes ('full').
 */
export type PortalAccess = 'full' | 'installer' | 'none';

export function portalAccess(roles: readonly string[]): PortalAccess {
  if (roles.length === 0) return 'none';
  return roles.every((role) => role.toLowerCase() === INSTALLER_ROLE.toLowerCase()) ? 'installer' : 'full';
}
