import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import type { ReportSchedule } from '@gridlens/contract/report-schedules';
import { LANGUAGES, normaliseLanguage } from '@gridlens/domain/language';
import { DAY_OF_MONTH_MAX, REPORT_FORMATS, SCHEDULE_FREQUENCIES, type ReportKind } from '@gridlens/domain/reports/schedules';
import { useSaveSchedule } from '@/lib/api/report-schedules';
import { useCustomers } from '@/lib/api/tracking-locations';
import { useAppStore } from '@/lib/app-store';
import type { FieldProblem } from '@/lib/field-problem';
import { emptySchedule, scheduleFormValuesOf, validateSchedule, type ScheduleField, type ScheduleFormValues } from './schedule-form';
import { weekdayName } from './schedule-text';

interface Props {
  schedule: ReportSchedule | null;
  /** The reports the tenant has (fleet and KPI, or power). */
  kinds: readonly ReportKind[];
  onClose: () => void;
}

/** Creates or edits a schedule: report, frequency, day, time, zone, language, formats, customer, only when needed. */
export default function ScheduleDialog({ schedule, kinds, onClose }: Props) {
  const { t, i18n } = useTranslation();
  const save = useSaveSchedule();
  const showSnackbar = useAppStore((s) => s.showSnackbar);
  const customers = useCustomers(kinds.includes('fleet'));
  const [values, setValues] = useState<ScheduleFormValues>(() =>
    schedule ? scheduleFormValuesOf(schedule) : emptySchedule(kinds[0] ?? 'fleet', normaliseLanguage(i18n.language.toUpperCase())),
  );
  const [problems, setProblems] = useState<Partial<Record<ScheduleField, FieldProblem>>>({});
  const set = <F extends ScheduleField>(field: F, value: ScheduleFormValues[F]) => setValues((old) => ({ ...old, [field]: value }));
  const problemText = (field: ScheduleField) => (problems[field] ? t(problems[field].key, problems[field].values) : undefined);

  const submit = () => {
    const { body, problems: found } = validateSchedule(values);
    setProblems(found);
    if (!body) return;
    save.mutate(
      { id: schedule?.id ?? null, body },
      {
        onSuccess: () => {
          showSnackbar(t('reportSchedules.saved'));
          onClose();
        },
        onError: () => showSnackbar(t('errors.error')),
      },
    );
  };

  const select = (field: ScheduleField, label: string, options: { value: string; label: string }[]) => (
    <TextField
      select
      size="small"
      required
      label={label}
      value={String(values[field])}
      onChange={(event) => set(field, event.target.value as never)}
      error={Boolean(problems[field])}
      helperText={problemText(field)}
      slotProps={{ select: { SelectDisplayProps: { 'data-testid': `schedule-${field}` } as object } }}
    >
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );

  return (
    <Dialog open onClose={onClose} aria-labelledby="schedule-title" fullWidth maxWidth="sm">
      <DialogTitle id="schedule-title">{t(schedule ? 'reportSchedules.editSchedule' : 'reportSchedules.newSchedule')}</DialogTitle>
      <DialogContent>
        <Box
          component="form"
          id="schedule-form"
          noValidate
          onSubmit={(event) => (event.preventDefault(), submit())}
          sx={{ display: 'grid', gap: 2, pt: 1, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}
        >
          {select(
            'report',
            t('reportSchedules.fields.report'),
            kinds.map((kind) => ({ value: kind, label: t(`reportSchedules.kinds.${kind}`) })),
          )}
          {select(
            'frequency',
            t('reportSchedules.fields.frequency'),
            SCHEDULE_FREQUENCIES.map((f) => ({ value: f, label: t(`reportSchedules.frequencies.${f}`) })),
          )}
          {values.frequency === 'weekly' &&
            select(
              'dayOfWeek',
              t('reportSchedules.fields.dayOfWeek'),
              [1, 2, 3, 4, 5, 6, 7].map((d) => ({ value: String(d), label: weekdayName(d, i18n.language) })),
            )}
          {values.frequency === 'monthly' &&
            select(
              'dayOfMonth',
              t('reportSchedules.fields.dayOfMonth'),
              Array.from({ length: DAY_OF_MONTH_MAX }, (_, i) => ({ value: String(i + 1), label: String(i + 1) })),
            )}
          <TextField
            size="small"
            required
            type="time"
            label={t('reportSchedules.fields.localTime')}
            value={values.localTime}
            onChange={(event) => set('localTime', event.target.value)}
            error={Boolean(problems.localTime)}
            helperText={problemText('localTime')}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'schedule-localTime' } }}
          />
          <TextField
            size="small"
            label={t('reportSchedules.fields.timeZone')}
            value={values.timeZone}
            onChange={(event) => set('timeZone', event.target.value)}
            error={Boolean(problems.timeZone)}
            helperText={problemText('timeZone') ?? t('reportSchedules.fields.timeZoneHelp')}
            slotProps={{ htmlInput: { 'data-testid': 'schedule-timeZone' } }}
          />
          {select(
            'language',
            t('reportSchedules.fields.language'),
            LANGUAGES.map((language) => ({ value: language, label: t(`languages.${language}`) })),
          )}
          {customers.data && customers.data.length > 0 && values.report !== 'power' && (
            <TextField
              select
              size="small"
              label={t('reportSchedules.fields.customer')}
              value={values.customerId}
              onChange={(event) => set('customerId', event.target.value)}
              slotProps={{
                select: { displayEmpty: true, SelectDisplayProps: { 'data-testid': 'schedule-customerId' } as object },
                inputLabel: { shrink: true },
              }}
            >
              <MenuItem value="">{t('customers.all')}</MenuItem>
              {customers.data.map((c) => (
                <MenuItem key={c.customer_id} value={c.customer_id}>
                  {c.name}
                </MenuItem>
              ))}
            </TextField>
          )}
          <FormControl error={Boolean(problems.formats)} component="fieldset" sx={{ gridColumn: '1 / -1' }}>
            <FormLabel component="legend">{t('reportSchedules.fields.formats')}</FormLabel>
            <FormGroup row>
              {REPORT_FORMATS.map((format) => (
                <FormControlLabel
                  key={format}
                  label={t(`reportSchedules.formats.${format}`)}
                  control={
                    <Checkbox
                      checked={values.formats.includes(format)}
                      onChange={(event) =>
                        set(
                          'formats',
                          REPORT_FORMATS.filter((f) => (f === format ? event.target.checked : values.formats.includes(f))),
                        )
                      }
                      slotProps={{ input: { 'data-testid': `schedule-format-${format}` } as object }}
                    />
                  }
                />
              ))}
            </FormGroup>
            {problems.formats && <FormHelperText>{problemText('formats')}</FormHelperText>}
          </FormControl>
          <FormControlLabel
            sx={{ gridColumn: '1 / -1' }}
            control={<Checkbox checked={values.onlyWhenAttention} onChange={(event) => set('onlyWhenAttention', event.target.checked)} />}
            label={t('reportSchedules.fields.onlyWhenAttention')}
          />
          <FormHelperText sx={{ gridColumn: '1 / -1', mt: -2 }}>{t('reportSchedules.fields.onlyWhenAttentionHelp')}</FormHelperText>
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('reportSchedules.cancel')}</Button>
        <Button type="submit" form="schedule-form" variant="contained" disabled={save.isPending} data-testid="save-schedule">
          {t('reportSchedules.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
