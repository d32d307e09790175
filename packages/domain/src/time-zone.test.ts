import { describe, expect, it } from 'vitest';
import { isAmericanTimeZone, isValidTimeZone } from './time-zone';

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

  it('does not match a zone that merely starts with a US zone name', () => {
    expect(isAmericanTimeZone('America/New_York_Extra')).toBe(false);
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
