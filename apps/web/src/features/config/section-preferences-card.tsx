import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { TenantSettings, UserSettings } from '@gridlens/contract/config';
import { arrangeSections, type SectionId } from '@gridlens/domain/sections';
import { useUpdateUserSettings } from '@/lib/api/config';
import { useAppStore } from '@/lib/app-store';
import { useSectionLabel } from '@/lib/section-label';
import { SectionOrderList } from './section-order-list';

interface Draft {
  order: SectionId[];
  hidden: SectionId[];
  defaultSection: SectionId | null;
}

function draftFrom(tenant: TenantSettings, settings: UserSettings): Draft {
  const tenantSections = tenant.tabs.map((tab) => tab.id);
  return {
    order: arrangeSections(tenantSections, settings.sections_order, []),
    hidden: settings.hidden_sections,
    defaultSection: settings.default_section,
  };
}

/** Spec §2 Profile "manage preferences": default tab, show or hide sections, arrange their order. */
export function SectionPreferencesCard({ tenant, settings }: { tenant: TenantSettings; settings: UserSettings }) {
  const { t } = useTranslation();
  const showSnackbar = useAppStore((s) => s.showSnackbar);
  const update = useUpdateUserSettings();
  const saved = useMemo(() => draftFrom(tenant, settings), [tenant, settings]);
  const [draft, setDraft] = useState<Draft>(saved);
  const dirty = JSON.stringify(draft) !== JSON.stringify(saved);
  const label = useSectionLabel();
  const visible = draft.order.filter((id) => !draft.hidden.includes(id));

  const toggleHidden = (id: SectionId, show: boolean) => {
    setDraft((d) => {
      const hidden = show ? d.hidden.filter((h) => h !== id) : [...d.hidden, id];
      return { ...d, hidden, defaultSection: d.defaultSection && hidden.includes(d.defaultSection) ? null : d.defaultSection };
    });
  };

  const save = () => {
    update.mutate(
      { sections_order: draft.order, hidden_sections: draft.hidden, default_section: draft.defaultSection },
      { onSuccess: (next) => (setDraft(draftFrom(tenant, next)), showSnackbar(t('config.saved'))) },
    );
  };

  return (
    <Card variant="outlined">
      <CardHeader
        title={
          <Typography variant="h6" component="h2">
            {t('config.managePreferences')}
          </Typography>
        }
      />
      <CardContent>
        <Stack spacing={3}>
          <TextField
            select
            label={t('config.defaultTab')}
            value={draft.defaultSection ?? ''}
            onChange={(event) => setDraft((d) => ({ ...d, defaultSection: (event.target.value || null) as SectionId | null }))}
            slotProps={{
              select: { displayEmpty: true },
              inputLabel: { shrink: true },
              htmlInput: { 'data-testid': 'profile-default-tab' },
            }}
          >
            <MenuItem value="">{t('config.defaultTabFirst')}</MenuItem>
            {visible.map((id) => (
              <MenuItem key={id} value={id}>
                {label(id)}
              </MenuItem>
            ))}
          </TextField>

          <section aria-labelledby="manage-sections">
            <Typography id="manage-sections" variant="subtitle1" component="h3">
              {t('config.manageSections')}
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {t('config.manageSectionsHelp')}
            </Typography>
            <FormGroup row>
              {draft.order.map((id) => {
                const shown = !draft.hidden.includes(id);
                return (
                  <FormControlLabel
                    key={id}
                    label={label(id)}
                    control={
                      <Checkbox
                        checked={shown}
                        disabled={shown && visible.length === 1}
                        onChange={(event) => toggleHidden(id, event.target.checked)}
                      />
                    }
                  />
                );
              })}
            </FormGroup>
            {visible.length === 1 && <Typography variant="caption">{t('config.atLeastOneSection')}</Typography>}
          </section>

          <section aria-labelledby="arrange-sections">
            <Typography id="arrange-sections" variant="subtitle1" component="h3">
              {t('config.arrangeSections')}
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
              {t('config.arrangeSectionsHelp')}
            </Typography>
            <SectionOrderList order={draft.order} labelOf={label} onChange={(order) => setDraft((d) => ({ ...d, order }))} />
          </section>
          {dirty && <Alert severity="info">{t('config.unsavedChanges')}</Alert>}
        </Stack>
      </CardContent>
      <CardActions sx={{ justifyContent: 'flex-end', px: 2, pb: 2 }}>
        <Button disabled={!dirty} onClick={() => setDraft(saved)}>
          {t('config.undo')}
        </Button>
        <Button variant="contained" disabled={!dirty || update.isPending} onClick={save} data-testid="profile-save">
          {t('config.save')}
        </Button>
      </CardActions>
    </Card>
  );
}
