import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/Delete';
import { useTranslation } from 'react-i18next';
import type { ReportSchedule } from '@gridlens/contract/report-schedules';
import { useAddReportRecipient, useRemoveReportRecipient, useReportRecipients } from '@/lib/api/report-schedules';
import { useAppStore } from '@/lib/app-store';
import type { FieldProblem } from '@/lib/field-problem';
import { validateRecipient, type RecipientField } from '@/lib/recipient-form';
import { useScheduleText } from './schedule-text';

const EMPTY: Record<RecipientField, string> = { name: '', email: '', nickname: '' };

/** The people a schedule emails its report to (spec §3: name, email, nickname): list, add, remove. */
export default function ScheduleRecipientsDialog({ schedule, onClose }: { schedule: ReportSchedule; onClose: () => void }) {
  const { t } = useTranslation();
  const text = useScheduleText();
  const recipients = useReportRecipients(schedule.id);
  const add = useAddReportRecipient();
  const remove = useRemoveReportRecipient();
  const showSnackbar = useAppStore((s) => s.showSnackbar);
  const [values, setValues] = useState(EMPTY);
  const [problems, setProblems] = useState<Partial<Record<RecipientField, FieldProblem>>>({});

  const submit = () => {
    const { body, problems: found } = validateRecipient(values);
    setProblems(found);
    if (!body) return;
    add.mutate({ scheduleId: schedule.id, body }, { onSuccess: () => setValues(EMPTY), onError: () => showSnackbar(t('errors.error')) });
  };
  const field = (name: RecipientField, required: boolean) => (
    <TextField
      size="small"
      required={required}
      label={t(`reportSchedules.recipient.${name}`)}
      value={values[name]}
      onChange={(event) => setValues((old) => ({ ...old, [name]: event.target.value }))}
      error={Boolean(problems[name])}
      helperText={problems[name] ? t(problems[name].key, problems[name].values) : undefined}
      slotProps={{ htmlInput: { 'data-testid': `recipient-${name}`, ...(name === 'email' ? { type: 'email' } : {}) } }}
    />
  );

  return (
    <Dialog open onClose={onClose} aria-labelledby="schedule-recipients-title" fullWidth maxWidth="sm">
      <DialogTitle id="schedule-recipients-title">
        {t('reportSchedules.recipientsTitle', { report: text.kind(schedule.report) })}
      </DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {text.when(schedule)}
        </Typography>
        {recipients.data && recipients.data.length === 0 && (
          <Typography data-testid="recipients-none">{t('reportSchedules.noRecipients')}</Typography>
        )}
        <List dense data-testid="recipients">
          {recipients.data?.map((r) => (
            <ListItem
              key={r.recipient_id}
              secondaryAction={
                <IconButton
                  edge="end"
                  aria-label={t('reportSchedules.removeRecipient', { name: r.name })}
                  onClick={() =>
                    remove.mutate(
                      { scheduleId: schedule.id, recipientId: r.recipient_id },
                      { onError: () => showSnackbar(t('errors.error')) },
                    )
                  }
                >
                  <DeleteIcon fontSize="small" />
                </IconButton>
              }
            >
              <ListItemText primary={r.nickname ? `${r.name} (${r.nickname})` : r.name} secondary={r.email} />
            </ListItem>
          ))}
        </List>
        <Box
          component="form"
          noValidate
          onSubmit={(event) => (event.preventDefault(), submit())}
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'flex-start', mt: 1 }}
        >
          {field('name', true)}
          {field('email', true)}
          {field('nickname', false)}
          <Button type="submit" variant="outlined" disabled={add.isPending} data-testid="add-recipient">
            {t('reportSchedules.addRecipient')}
          </Button>
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('reportSchedules.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
