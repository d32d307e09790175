import { describe, expect, it } from 'vitest';
import { POWER_ALERT_FIELDS } from '@gridlens/domain/alerts/power-alert-rules';
import { TRACKING_ALERT_FIELDS } from '@gridlens/domain/alerts/tracking-alert-rules';
import { LANGUAGES } from '@gridlens/domain/language';
import { CATALOGUES } from '@gridlens/i18n/catalogues';
import { alertEmail, type AlertEmailInput } from './alert-email-text';

const input: AlertEmailInput = {
  language: 'EN',
  kind: 'triggered',
  recipientName: 'Niamh',
  deviceId: 'NZ-0001',
  deviceName: 'Main Street',
  field: 'temperature_max',
  operator: '>',
  threshold: 90,
  value: 92.45,
  atMs: Date.parse('2026-11-22T14:05:31Z'),
  link: 'https://portal.example.ie/asset/NZ-0001',
};

describe('alertEmail', () => {
  it('names the rule, the device, the reading with its unit, the UTC time and the link', () => {
    const { subject, text } = alertEmail(input);
    expect(subject).toBe('Alert on NZ-0001: Max temperature > 90.00 °C');
    // Rounded to the minute (14:05:31 → 14:06), the date day-first as spec §9 writes it.
    expect(text).toContain('became active on NZ-0001 (Main Street) at 22/11/2026 14:06 UTC: the reading was 92.45 °C.');
    expect(text).toContain('Open the device: https://portal.example.ie/asset/NZ-0001');
  });

  it("writes in the tenant's language, with its decimal mark", () => {
    const { subject, text } = alertEmail({ ...input, language: 'FR', kind: 'cleared', value: 88.2 });
    expect(subject).toBe('Alerte levée sur NZ-0001 : Température max > 90,00 °C');
    expect(text).toContain('88,20 °C');
    expect(alertEmail({ ...input, language: 'PL' }).subject).toBe('Alert na NZ-0001: Maks. temperatura > 90,00 °C');
  });

  it('falls back to English for a language it does not know', () => {
    expect(alertEmail({ ...input, language: 'xx' }).subject).toBe('Alert on NZ-0001: Max temperature > 90.00 °C');
  });

  it('writes a tracking location alert with the POI, and a period with its unit', () => {
    const tracking: AlertEmailInput = {
      ...input,
      deviceId: 'VAN-07',
      deviceName: 'Van 7',
      field: 'arrival',
      operator: '=',
      threshold: null,
      value: null,
      locationName: null,
      locationType: 'Friendly',
      actualLocationName: 'Cork depot',
      link: 'https://portal.example.ie/device/VAN-07',
    };
    const { subject, text } = alertEmail(tracking);
    expect(subject).toBe('Alert on VAN-07: Arrival at any Friendly location');
    expect(text).toContain('became active on VAN-07 (Van 7) at 22/11/2026 14:06 UTC: Cork depot.');
    expect(alertEmail({ ...tracking, field: 'departure', locationName: 'Dublin depot', language: 'ES' }).subject).toBe(
      'Alerta en VAN-07: Salida de Dublin depot',
    );
    expect(alertEmail({ ...tracking, field: 'no_message', operator: '>', threshold: 24, value: 25.5 }).text).toContain(
      'the reading was 25.50 h.',
    );
  });

  it.each(LANGUAGES)('names every field in %s as the alert screens do, and leaves no placeholder or key unfilled', (language) => {
    const screens = CATALOGUES[language].alerts;
    for (const field of POWER_ALERT_FIELDS)
      expect(alertEmail({ ...input, language, field }).subject).toContain(`${screens.fields[field]} > `);
    for (const field of TRACKING_ALERT_FIELDS)
      for (const kind of ['triggered', 'cleared'] as const) {
        const { subject, text } = alertEmail({
          ...input,
          language,
          kind,
          field,
          locationType: 'Non-Friendly',
          actualLocationName: 'Depot',
        });
        expect(`${subject}\n${text}`).not.toMatch(/\{\{|\balerts\.|undefined/);
      }
    const arrival = alertEmail({ ...input, language, field: 'arrival', locationName: null, locationType: 'Non-Friendly' }).subject;
    const place = screens.tracking.anyOfType.replace('{{type}}', screens.tracking.locationTypes['Non-Friendly']);
    expect(arrival).toContain(screens.tracking.arrivalAt.replace('{{place}}', place));
  });
});
