import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';

interface Props {
  onRetry?: () => void;
  onSignOut?: () => void;
  /** An Installer's way on: the device test (/checkcoverage) is theirs to use. */
  offerDeviceTest?: boolean;
  /** The API refused the user's organisation as not set up (issue 28): say so, rather than "limited access". */
  unknownTenant?: boolean;
}

/** Spec §2: the user has limited access and should contact the provider to learn about the features offered. */
export function LimitedAccessDialog({ onRetry, onSignOut, offerDeviceTest = false, unknownTenant = false }: Props) {
  const { t } = useTranslation();
  return (
    <Dialog open aria-labelledby="limited-access-title" aria-describedby="limited-access-body">
      <DialogTitle id="limited-access-title">{t('errors.limitedAccessTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText id="limited-access-body">
          {t(unknownTenant ? 'errors.unknownTenantBody' : 'errors.limitedAccessBody')}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        {onSignOut && <Button onClick={onSignOut}>{t('nav.signOut')}</Button>}
        {offerDeviceTest && (
          <Button component={RouterLink} to="/checkcoverage" variant="contained">
            {t('access.openDeviceTest')}
          </Button>
        )}
        {onRetry && (
          <Button variant="contained" onClick={onRetry}>
            {t('errors.tryAgain')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
