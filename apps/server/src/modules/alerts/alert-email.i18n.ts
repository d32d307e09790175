import type { AlertOperator, PowerAlertField } from '@gridlens/domain/alerts/power-alert-rules';
import { POWER_ALERT_FIELD_SPECS } from '@gridlens/domain/alerts/power-alert-rules';
import { formatDateTime } from '@gridlens/domain/date-format';
import { languageTag, normaliseLanguage, type Language } from '@gridlens/domain/language';
import { formatNumber } from '@gridlens/domain/number-format';

/** Alert emails leave the web app, so their strings live here, in the same five languages (the tenant's one is used). */
interface EmailStrings {
  fields: Record<PowerAlertField, string>;
  subjectTriggered: string;
  subjectCleared: string;
  greeting: string;
  triggered: string;
  cleared: string;
  open: string;
  footer: string;
}

const STRINGS: Record<Language, EmailStrings> = {
  EN: {
    fields: {
      current_max_ph1: 'Max current L1',
      current_max_ph2: 'Max current L2',
      current_max_ph3: 'Max current L3',
      current_med_ph1: 'Median current L1',
      current_med_ph2: 'Median current L2',
      current_med_ph3: 'Median current L3',
      temperature_max: 'Max temperature',
      temperature_med: 'Median temperature',
      imbalance: 'Imbalance',
      total_power: 'Total power',
    },
    subjectTriggered: 'Alert on {{device}}: {{rule}}',
    subjectCleared: 'Cleared on {{device}}: {{rule}}',
    greeting: 'Hello {{name}},',
    triggered: 'The alert "{{rule}}" became active on {{device}} ({{deviceName}}) at {{time}}: the reading was {{value}}.',
    cleared: 'The alert "{{rule}}" on {{device}} ({{deviceName}}) cleared at {{time}}: the reading was {{value}}.',
    open: 'Open the device: {{link}}',
    footer: 'You receive this email because you are a recipient of this alert in Gridlens.',
  },
  GA: {
    fields: {
      current_max_ph1: 'Sruth uasta L1',
      current_max_ph2: 'Sruth uasta L2',
      current_max_ph3: 'Sruth uasta L3',
      current_med_ph1: 'Sruth airmheánach L1',
      current_med_ph2: 'Sruth airmheánach L2',
      current_med_ph3: 'Sruth airmheánach L3',
      temperature_max: 'Teocht uasta',
      temperature_med: 'Teocht airmheánach',
      imbalance: 'Éagothroime',
      total_power: 'Cumhacht iomlán',
    },
    subjectTriggered: 'Foláireamh ar {{device}}: {{rule}}',
    subjectCleared: 'Glanta ar {{device}}: {{rule}}',
    greeting: 'Dia duit {{name}},',
    triggered: 'Tháinig an foláireamh "{{rule}}" i bhfeidhm ar {{device}} ({{deviceName}}) ag {{time}}: ba é an léamh {{value}}.',
    cleared: 'Glanadh an foláireamh "{{rule}}" ar {{device}} ({{deviceName}}) ag {{time}}: ba é an léamh {{value}}.',
    open: 'Oscail an gléas: {{link}}',
    footer: 'Tá an ríomhphost seo agat mar gur faighteoir thú ar an bhfoláireamh seo in Gridlens.',
  },
  FR: {
    fields: {
      current_max_ph1: 'Courant max L1',
      current_max_ph2: 'Courant max L2',
      current_max_ph3: 'Courant max L3',
      current_med_ph1: 'Courant médian L1',
      current_med_ph2: 'Courant médian L2',
      current_med_ph3: 'Courant médian L3',
      temperature_max: 'Température max',
      temperature_med: 'Température médiane',
      imbalance: 'Déséquilibre',
      total_power: 'Puissance totale',
    },
    subjectTriggered: 'Alerte sur {{device}} : {{rule}}',
    subjectCleared: 'Alerte levée sur {{device}} : {{rule}}',
    greeting: 'Bonjour {{name}},',
    triggered: "L'alerte « {{rule}} » s'est déclenchée sur {{device}} ({{deviceName}}) à {{time}} : la mesure était de {{value}}.",
    cleared: "L'alerte « {{rule}} » sur {{device}} ({{deviceName}}) a été levée à {{time}} : la mesure était de {{value}}.",
    open: "Ouvrir l'appareil : {{link}}",
    footer: 'Vous recevez cet e-mail car vous êtes destinataire de cette alerte dans Gridlens.',
  },
  ES: {
    fields: {
      current_max_ph1: 'Corriente máx. L1',
      current_max_ph2: 'Corriente máx. L2',
      current_max_ph3: 'Corriente máx. L3',
      current_med_ph1: 'Corriente mediana L1',
      current_med_ph2: 'Corriente mediana L2',
      current_med_ph3: 'Corriente mediana L3',
      temperature_max: 'Temperatura máx.',
      temperature_med: 'Temperatura mediana',
      imbalance: 'Desequilibrio',
      total_power: 'Potencia total',
    },
    subjectTriggered: 'Alerta en {{device}}: {{rule}}',
    subjectCleared: 'Alerta resuelta en {{device}}: {{rule}}',
    greeting: 'Hola, {{name}}:',
    triggered: 'La alerta «{{rule}}» se activó en {{device}} ({{deviceName}}) a las {{time}}: la lectura fue {{value}}.',
    cleared: 'La alerta «{{rule}}» en {{device}} ({{deviceName}}) se resolvió a las {{time}}: la lectura fue {{value}}.',
    open: 'Abrir el dispositivo: {{link}}',
    footer: 'Recibe este correo porque es destinatario de esta alerta en Gridlens.',
  },
  PL: {
    fields: {
      current_max_ph1: 'Prąd maks. L1',
      current_max_ph2: 'Prąd maks. L2',
      current_max_ph3: 'Prąd maks. L3',
      current_med_ph1: 'Mediana prądu L1',
      current_med_ph2: 'Mediana prądu L2',
      current_med_ph3: 'Mediana prądu L3',
      temperature_max: 'Temperatura maks.',
      temperature_med: 'Mediana temperatury',
      imbalance: 'Asymetria',
      total_power: 'Moc całkowita',
    },
    subjectTriggered: 'Alert na {{device}}: {{rule}}',
    subjectCleared: 'Alert zakończony na {{device}}: {{rule}}',
    greeting: 'Dzień dobry, {{name}},',
    triggered: 'Alert „{{rule}}” włączył się na {{device}} ({{deviceName}}) o {{time}}: odczyt wynosił {{value}}.',
    cleared: 'Alert „{{rule}}” na {{device}} ({{deviceName}}) zakończył się o {{time}}: odczyt wynosił {{value}}.',
    open: 'Otwórz urządzenie: {{link}}',
    footer: 'Otrzymujesz tę wiadomość, ponieważ jesteś odbiorcą tego alertu w Gridlens.',
  },
};

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_all, key: string) => values[key] ?? '');

export interface AlertEmailInput {
  language: string;
  kind: 'triggered' | 'cleared';
  recipientName: string;
  deviceId: string;
  deviceName: string;
  field: PowerAlertField;
  operator: AlertOperator;
  threshold: number;
  value: number;
  atMs: number;
  link: string;
}

/** The subject and plain-text body of an alert email, in the tenant's language; times in UTC, named as such. */
export function alertEmail(input: AlertEmailInput): { subject: string; text: string } {
  const language = normaliseLanguage(input.language);
  const strings = STRINGS[language];
  const tag = languageTag(language);
  const { unit } = POWER_ALERT_FIELD_SPECS[input.field];
  // The product's formats (spec §9): two decimals in the language's separators; the day-first date of UTC, which
  // the email names since its readers sit in many zones.
  const rule = `${strings.fields[input.field]} ${input.operator} ${formatNumber(input.threshold, tag)} ${unit}`;
  const time = `${formatDateTime(input.atMs, 'UTC')} UTC`;
  const values = {
    rule,
    device: input.deviceId,
    deviceName: input.deviceName,
    name: input.recipientName,
    time,
    value: `${formatNumber(input.value, tag)} ${unit}`,
    link: input.link,
  };
  const subject = fill(input.kind === 'triggered' ? strings.subjectTriggered : strings.subjectCleared, values);
  const text = [
    fill(strings.greeting, values),
    '',
    fill(input.kind === 'triggered' ? strings.triggered : strings.cleared, values),
    '',
    fill(strings.open, values),
    '',
    strings.footer,
  ].join('\n');
  return { subject, text };
}
