export const INSTALLER_ROLE = 'Installer';

/** Spec §6: a user whose only role is Installer gets no data; any other role set passes. */
export function isInstallerOnly(roles: readonly string[]): boolean {
  return roles.length > 0 && roles.every((role) => role === INSTALLER_ROLE);
}
