import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useAuth } from 'react-oidc-context';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useClientConfig } from '@/lib/client-config-context';
import type { SignInState } from '@/lib/oidc-settings';
import { useSignOut } from '@/lib/use-sign-out';
import { DeviceTester } from './device-tester';

/**
 * The installer's device test (/checkcoverage, no sign-in guard and no shell, spec §2). Installers use it on site
 * on a phone, often as Installer-only users whom every other screen turns away; so instead of sending them
 * straight to the provider, it says what it is for and asks them to sign in, then tests a device by its id.
 */
export function DeviceTestPage() {
  const auth = useAuth();
  const signOut = useSignOut();
  const config = useClientConfig();
  const location = useLocation();
  const { t } = useTranslation();

  const signIn = () => {
    const state: SignInState = { returnTo: location.pathname + location.search };
    const started = config.signInMode === 'popup' ? auth.signinPopup({ state }) : auth.signinRedirect({ state });
    started.catch(() => undefined); // failures surface through auth.error below
  };

  return (
    <Box component="main" data-testid="device-test-page" sx={{ p: 2, maxWidth: 960, mx: 'auto', display: 'grid', gap: 2 }}>
      <Box>
        <Typography component="h1" variant="h5">
          {t('pages.checkCoverage')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('coverage.deviceTest.intro')}
        </Typography>
      </Box>
      {auth.isLoading || auth.activeNavigator ? (
        <Typography role="status">{t('auth.signingIn')}</Typography>
      ) : auth.isAuthenticated ? (
        <>
          <DeviceTester />
          <Box>
            <Button size="small" onClick={signOut}>
              {t('coverage.deviceTest.signOut')}
            </Button>
          </Box>
        </>
      ) : (
        <Box>
          {auth.error && (
            <Typography role="alert" color="error" sx={{ mb: 1 }}>
              {t('auth.signInError', { message: auth.error.message })}
            </Typography>
          )}
          <Typography sx={{ mb: 1 }}>{t('coverage.deviceTest.signInFirst')}</Typography>
          <Button variant="contained" onClick={signIn} data-testid="device-test-sign-in">
            {t('coverage.deviceTest.signIn')}
          </Button>
        </Box>
      )}
    </Box>
  );
}
