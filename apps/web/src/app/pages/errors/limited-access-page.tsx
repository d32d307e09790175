import Box from '@mui/material/Box';
import { useNavigate, useSearchParams } from 'react-router';
import { hasRole, INSTALLER_ROLE } from '@gridlens/domain/roles';
import { safeRedirectPath, UNKNOWN_TENANT } from '@/lib/safe-redirect';
import { useIdentity } from '@/lib/use-identity';
import { useSignOut } from '@/lib/use-sign-out';
import { LimitedAccessDialog } from './limited-access-dialog';

/**
 * /error and /accessdenied (report-style, no shell). /error?redirect=<path> offers to try that path
 * again; both offer signing out, so a user on the wrong account can switch, and an Installer the device test.
 * `reason=unknown_tenant` (the API's refusal of a user whose organisation is not set up) says that instead.
 */
export function LimitedAccessPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const identity = useIdentity();
  const installer = identity ? hasRole(identity.roles, INSTALLER_ROLE) : false;
  const redirect = safeRedirectPath(params.get('redirect'));
  const signOut = useSignOut();
  return (
    <Box component="main" sx={{ minHeight: '100vh' }}>
      <LimitedAccessDialog
        onRetry={redirect ? () => void navigate(redirect, { replace: true }) : undefined}
        onSignOut={signOut}
        offerDeviceTest={installer}
        unknownTenant={params.get('reason') === UNKNOWN_TENANT}
      />
    </Box>
  );
}
