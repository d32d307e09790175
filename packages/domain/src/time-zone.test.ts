import { describe, expect, it } from 'vitest';
import { canonicalTimeZone, isAmericanTimeZone, isValidTimeZone } from './time-zone';

describe('isAmericanTimeZone', () => {
  it.each([
    'America/New_York',
    'America/Chicago',
    'America/Denver',
    'America/Los_Angeles',
    'America/Anchorage',
    'America/Indiana/Indianapolis',
    'America/Kentucky/Louisville',
    'America/North_Dakota/Center',
    'US/Eastern',
    'US/Pacific',
    'Pacific/Honolulu',
  ])('treats the United States zone %s as American', (zone) => {
    expect(isAmericanTimeZone(zone)).toBe(true);
  });

  it.each(['Europe/Dublin', 'Europe/London', 'America/Toronto', 'America/Sao_Paulo', 'America/Mexico_City', 'Asia/Tokyo', 'UTC'])(
    'does not treat %s as American',
    (zone) => {
      expect(isAmericanTimeZone(zone)).toBe(false);
    },
  );

  it.each([undefined, null, ''])('is false when the zone is missing (%s)', (zone) => {
    expect(isAmericanTimeZone(zone)).toBe(false);
  });

  // Old names (tzdata's backward links) that Node and browsers still report: ICU keeps CLDR's canonical names,
  // so "America/Indianapolis" and "America/Louisville" come back as they are, and must still count as American.
  it.each([
    'America/Indianapolis',
    'America/Louisville',
    'America/Fort_Wayne',
    'America/Knox_IN',
    'America/Atka',
    'Navajo',
    'US/Eastern',
    'US/East-Indiana',
  ])('treats the old United States zone name %s as American', (zone) => {
    expect(isAmericanTimeZone(zone)).toBe(true);
  });

  it.each(['Asia/Calcutta', 'America/Montreal', 'America/Buenos_Aires', 'Eire'])('does not treat the old name %s as American', (zone) => {
    expect(isAmericanTimeZone(zone)).toBe(false);
  });

  it('does not match a zone that merely starts with a US zone name', () => {
    expect(isAmericanTimeZone('America/New_York_Extra')).toBe(false);
  });
});

describe('canonicalTimeZone', () => {
  it.each([
    ['America/Indianapolis', 'America/Indiana/Indianapolis'],
    ['America/Fort_Wayne', 'America/Indiana/Indianapolis'],
    ['America/Louisville', 'America/Kentucky/Louisville'],
    ['US/Eastern', 'America/New_York'],
    ['Asia/Calcutta', 'Asia/Kolkata'],
    ['Europe/Dublin', 'Europe/Dublin'],
  ])('names %s by its current name %s', (zone, current) => {
    expect(canonicalTimeZone(zone)).toBe(current);
  });

  it('resolves a link it has no entry for through the runtime', () => {
    expect(canonicalTimeZone('US/Samoa')).toBe('Pacific/Pago_Pago');
  });

  it('returns a name the runtime does not know as given', () => {
    expect(canonicalTimeZone('Mars/Olympus_Mons')).toBe('Mars/Olympus_Mons');
  });
});

describe('isValidTimeZone', () => {
  it.each(['Europe/Dublin', 'America/Indiana/Indianapolis', 'US/Eastern', 'UTC'])('accepts the IANA zone %s', (zone) => {
    expect(isValidTimeZone(zone)).toBe(true);
  });

  it.each(['Mars/Olympus_Mons', 'Europe/Atlantis', '', 'not a zone'])('rejects %j', (zone) => {
    expect(isValidTimeZone(zone)).toBe(false);
  });
});
