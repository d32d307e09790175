import type { AlertOperator, PowerAlertField } from '@gridlens/domain/alerts/power-alert-rules';
import { POWER_ALERT_FIELD_SPECS } from '@gridlens/domain/alerts/power-alert-rules';
import { isLocationField, TRACKING_NUMBER_SPECS, type TrackingAlertField } from '@gridlens/domain/alerts/tracking-alert-rules';
import type { LocationType } from '@gridlens/domain/tracking/enumerations';
import { formatDateTime } from '@gridlens/domain/date-format';
import { languageTag, normaliseLanguage, type Language } from '@gridlens/domain/language';
import { formatNumber } from '@gridlens/domain/number-format';

/** Alert emails leave the web app, so their strings live here, in the same five languages (the tenant's one is used). */
interface TrackingStrings {
  fields: Record<'battery' | 'no_message' | 'static', string>;
  arrival: string;
  departure: string;
  anyOfType: string;
  types: Record<LocationType, string>;
  /** A location alert's sentences: the place stands where a reading's value would. */
  triggered: string;
  cleared: string;
}

interface EmailStrings {
  fields: Record<PowerAlertField, string>;
  tracking: TrackingStrings;
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
    tracking: {
      fields: { battery: 'Battery', no_message: 'No message', static: 'Static' },
      arrival: 'Arrival at {{place}}',
      departure: 'Departure from {{place}}',
      anyOfType: 'any {{type}} location',
      types: { Friendly: 'Friendly', 'Non-Friendly': 'Non-Friendly' },
      triggered: 'The alert "{{rule}}" became active on {{device}} ({{deviceName}}) at {{time}}: {{value}}.',
      cleared: 'The alert "{{rule}}" on {{device}} ({{deviceName}}) cleared at {{time}}.',
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
    tracking: {
      fields: { battery: 'Ceallra', no_message: 'Gan teachtaireacht', static: 'Ina stad' },
      arrival: 'Teacht chuig {{place}}',
      departure: 'Imeacht ó {{place}}',
      anyOfType: 'aon láthair {{type}}',
      types: { Friendly: 'Chairdiúil', 'Non-Friendly': 'Neamhchairdiúil' },
      triggered: 'Tháinig an foláireamh "{{rule}}" i bhfeidhm ar {{device}} ({{deviceName}}) ag {{time}}: {{value}}.',
      cleared: 'Glanadh an foláireamh "{{rule}}" ar {{device}} ({{deviceName}}) ag {{time}}.',
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
    tracking: {
      fields: { battery: 'Batterie', no_message: 'Aucun message', static: 'Immobile' },
      arrival: 'Arrivée à {{place}}',
      departure: 'Départ de {{place}}',
      anyOfType: "n'importe quel emplacement {{type}}",
      types: { Friendly: 'ami', 'Non-Friendly': 'non ami' },
      triggered: "L'alerte « {{rule}} » s'est déclenchée sur {{device}} ({{deviceName}}) à {{time}} : {{value}}.",
      cleared: "L'alerte « {{rule}} » sur {{device}} ({{deviceName}}) a été levée à {{time}}.",
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
    tracking: {
      fields: { battery: 'Batería', no_message: 'Sin mensajes', static: 'Inmóvil' },
      arrival: 'Llegada a {{place}}',
      departure: 'Salida de {{place}}',
      anyOfType: 'cualquier ubicación {{type}}',
      types: { Friendly: 'amiga', 'Non-Friendly': 'no amiga' },
      triggered: 'La alerta «{{rule}}» se activó en {{device}} ({{deviceName}}) a las {{time}}: {{value}}.',
      cleared: 'La alerta «{{rule}}» en {{device}} ({{deviceName}}) se resolvió a las {{time}}.',
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
    tracking: {
      fields: { battery: 'Bateria', no_message: 'Brak komunikatów', static: 'Postój' },
      arrival: 'Przyjazd do: {{place}}',
      departure: 'Wyjazd z: {{place}}',
      anyOfType: 'dowolna {{type}} lokalizacja',
      types: { Friendly: 'przyjazna', 'Non-Friendly': 'nieprzyjazna' },
      triggered: 'Alert „{{rule}}” włączył się na {{device}} ({{deviceName}}) o {{time}}: {{value}}.',
      cleared: 'Alert „{{rule}}” na {{device}} ({{deviceName}}) zakończył się o {{time}}.',
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
  field: PowerAlertField | TrackingAlertField;
  operator: AlertOperator;
  threshold: number | null;
  value: number | null;
  /** Tracking location rules: the POI's name or the POI type watched, and the POI arrived at or left. */
  locationName?: string | null;
  locationType?: LocationType | null;
  actualLocationName?: string | null;
  atMs: number;
  link: string;
}

const isPowerField = (field: PowerAlertField | TrackingAlertField): field is PowerAlertField => field in POWER_ALERT_FIELD_SPECS;

/** The rule in words, and the unit of its values (none for a location rule). */
function ruleText(input: AlertEmailInput, strings: EmailStrings, tag: string): { rule: string; unit: string } {
  const { field } = input;
  if (isPowerField(field)) {
    const { unit } = POWER_ALERT_FIELD_SPECS[field];
    return { rule: `${strings.fields[field]} ${input.operator} ${formatNumber(input.threshold ?? 0, tag)} ${unit}`, unit };
  }
  const tracking = strings.tracking;
  if (isLocationField(field)) {
    const place = input.locationName ?? fill(tracking.anyOfType, { type: input.locationType ? tracking.types[input.locationType] : '' });
    return { rule: fill(field === 'arrival' ? tracking.arrival : tracking.departure, { place }), unit: '' };
  }
  const { unit } = TRACKING_NUMBER_SPECS[field];
  return { rule: `${tracking.fields[field]} ${input.operator} ${formatNumber(input.threshold ?? 0, tag)} ${unit}`, unit };
}

/** The subject and plain-text body of an alert email, in the tenant's language; times in UTC, named as such. */
export function alertEmail(input: AlertEmailInput): { subject: string; text: string } {
  const language = normaliseLanguage(input.language);
  const strings = STRINGS[language];
  const tag = languageTag(language);
  // The product's formats (spec §9): two decimals in the language's separators; the day-first date of UTC, which
  // the email names since its readers sit in many zones.
  const { rule, unit } = ruleText(input, strings, tag);
  const byPlace = !isPowerField(input.field) && isLocationField(input.field);
  const time = `${formatDateTime(input.atMs, 'UTC')} UTC`;
  const values = {
    rule,
    device: input.deviceId,
    deviceName: input.deviceName,
    name: input.recipientName,
    time,
    value: byPlace ? (input.actualLocationName ?? '–') : `${formatNumber(input.value ?? 0, tag)} ${unit}`,
    link: input.link,
  };
  const subject = fill(input.kind === 'triggered' ? strings.subjectTriggered : strings.subjectCleared, values);
  const text = [
    fill(strings.greeting, values),
    '',
    fill(
      input.kind === 'triggered'
        ? byPlace
          ? strings.tracking.triggered
          : strings.triggered
        : byPlace
          ? strings.tracking.cleared
          : strings.cleared,
      values,
    ),
    '',
    fill(strings.open, values),
    '',
    strings.footer,
  ].join('\n');
  return { subject, text };
}
