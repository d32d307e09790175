import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import LogoutIcon from '@mui/icons-material/Logout';
import { useTranslation } from 'react-i18next';
import { useIdentity } from '@/lib/use-identity';
import { useSignOut } from '@/lib/use-sign-out';

export function UserInformationCard({ tenantName }: { tenantName: string }) {
  const { t } = useTranslation();
  const identity = useIdentity();
  const signOut = useSignOut();
  if (!identity) return null;
  const row = (label: string, value: React.ReactNode) => (
    <Stack direction="row" spacing={2}>
      <Typography sx={{ width: 130, color: 'text.secondary', flexShrink: 0 }}>{label}</Typography>
      <Typography component="div">{value}</Typography>
    </Stack>
  );
  return (
    <Card variant="outlined" sx={{ mb: 3 }}>
      <CardHeader
        avatar={<Avatar src={identity.picture ?? undefined} alt="" sx={{ width: 56, height: 56 }} />}
        title={
          <Typography variant="h6" component="h2">
            {t('config.userInformation')}
          </Typography>
        }
        action={
          <Button startIcon={<LogoutIcon />} onClick={signOut}>
            {t('nav.signOut')}
          </Button>
        }
      />
      <CardContent>
        <Stack spacing={1.5}>
          {row(t('config.name'), <span data-testid="profile-name">{identity.name}</span>)}
          {identity.email && row(t('config.email'), identity.email)}
          {row(t('config.organisation'), tenantName)}
          {row(
            t('config.roles'),
            <Stack direction="row" spacing={1}>
              {identity.roles.map((role) => (
                <Chip key={role} size="small" label={role} />
              ))}
            </Stack>,
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
