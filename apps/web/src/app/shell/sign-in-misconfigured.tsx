import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { TokenRefusal } from '@/lib/token-refusal';
import { useSignOut } from '@/lib/use-sign-out';
import { FullPage } from './full-page-message';

/**
 * The user signed in, but the API refuses the token the identity provider gave (wrong audience or issuer, no
 * roles claim, an opaque token …): nothing the user does can mend it, so say so plainly, whom to ask, and what to
 * tell them (the API's reason, as it is also in the server's log).
 */
export function SignInMisconfigured({ refusal }: { refusal: TokenRefusal }) {
  const { t } = useTranslation();
  const signOut = useSignOut();
  return (
    <FullPage role="alert" centred={false}>
      <Typography variant="h5" component="h1">
        {t('auth.misconfigured.title')}
      </Typography>
      <Typography>{t('auth.misconfigured.body')}</Typography>
      {refusal.description && (
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {t('auth.misconfigured.detail', { detail: refusal.description })}
        </Typography>
      )}
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
        {signOut && <Button onClick={signOut}>{t('nav.signOut')}</Button>}
        <Button variant="contained" onClick={() => window.location.reload()}>
          {t('errors.tryAgain')}
        </Button>
      </Box>
    </FullPage>
  );
}
