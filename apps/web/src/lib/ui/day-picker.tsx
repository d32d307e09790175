import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import { AdapterDateFns } from '@mui/x-date-pickers/AdapterDateFns';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import type { PickersLocaleText } from '@mui/x-date-pickers/locales';
import type { Locale } from 'date-fns';
import { enIE } from 'date-fns/locale/en-IE';
import { enUS } from 'date-fns/locale/en-US';
import { es } from 'date-fns/locale/es';
import { fr } from 'date-fns/locale/fr';
import { pl } from 'date-fns/locale/pl';
import { useTranslation } from 'react-i18next';
import { isAmericanTimeZone } from '@gridlens/domain/time-zone';
import { browserTimeZone } from '@/lib/api/config';
import { dateOfDay, dayFormatOf, dayOfDate } from './day-value';

const LOCALES: Record<string, Locale> = { EN: enIE, GA: enIE, FR: fr, ES: es, PL: pl };

interface DayPickerProps {
  label: string;
  /** A calendar day (YYYY-MM-DD) or '' for none. */
  value: string;
  onChange: (day: string) => void;
  /** The last day that may be chosen (YYYY-MM-DD). */
  max?: string;
  testId?: string;
  required?: boolean;
  error?: boolean;
  helperText?: string;
  fullWidth?: boolean;
}

/**
 * Every date picker of the portal: the day written in the user's date format (spec §9, from the time zone, as
 * every other date on screen), its texts in the user's language, whatever the browser's own locale.
 */
export function DayPicker({ label, value, onChange, max, testId, required, error, helperText, fullWidth }: DayPickerProps) {
  const { t, i18n } = useTranslation();
  const timeZone = browserTimeZone();
  const american = isAmericanTimeZone(timeZone);
  // The picker holds what is typed: the owner's value may arrive a render later (a day in the URL), and a
  // picker handed back its old value in between would lose the keystrokes that followed.
  const [draft, setDraft] = useState<Date | null>(() => dateOfDay(value));
  const [draftFor, setDraftFor] = useState(value);
  if (draftFor !== value) {
    setDraftFor(value);
    if (dayOfDate(draft) !== value) setDraft(dateOfDay(value));
  }
  const locale = american && i18n.language === 'EN' ? enUS : (LOCALES[i18n.language] ?? enIE);
  const localeText = useMemo((): Partial<PickersLocaleText> => {
    // "DD/MM/YYYY" in the user's language: its letters for day, month and year.
    const [dayLetters = 'DD', monthLetters = 'MM', yearLetters = 'YYYY'] = t('datePicker.placeholder').split('/');
    const yearLetter = yearLetters.slice(0, 1);
    return {
      previousMonth: t('datePicker.previousMonth'),
      nextMonth: t('datePicker.nextMonth'),
      openPreviousView: t('datePicker.previousView'),
      openNextView: t('datePicker.nextView'),
      calendarViewSwitchingButtonAriaLabel: (view) => (view === 'year' ? t('datePicker.yearViewOpen') : t('datePicker.calendarViewOpen')),
      cancelButtonLabel: t('datePicker.cancel'),
      clearButtonLabel: t('datePicker.clear'),
      okButtonLabel: t('datePicker.ok'),
      todayButtonLabel: t('datePicker.today'),
      datePickerToolbarTitle: t('datePicker.title'),
      openDatePickerDialogue: (formatted) => (formatted ? t('datePicker.chosen', { date: formatted }) : t('datePicker.choose')),
      fieldClearLabel: t('datePicker.clear'),
      dateTableLabel: t('datePicker.daysTable'),
      fieldDayPlaceholder: () => dayLetters,
      fieldMonthPlaceholder: () => monthLetters,
      fieldYearPlaceholder: (params) => yearLetter.repeat(params.digitAmount),
      day: t('datePicker.day'),
      month: t('datePicker.month'),
      year: t('datePicker.year'),
      empty: t('datePicker.empty'),
    };
  }, [t]);

  return (
    <LocalizationProvider dateAdapter={AdapterDateFns} adapterLocale={locale} localeText={localeText}>
      <Box data-testid={testId} sx={fullWidth ? { width: '100%' } : undefined}>
        <DatePicker
          label={label}
          value={draft}
          onChange={(date) => {
            setDraft(date);
            onChange(dayOfDate(date));
          }}
          format={dayFormatOf(timeZone)}
          maxDate={max ? (dateOfDay(max) ?? undefined) : undefined}
          slotProps={{
            textField: { size: 'small', required, error, helperText, fullWidth },
          }}
        />
      </Box>
    </LocalizationProvider>
  );
}
