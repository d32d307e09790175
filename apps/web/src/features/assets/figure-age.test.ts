import { describe, expect, it } from 'vitest';
import { figureAgeText } from './figure-age';

const NOW = Date.parse('2026-11-24T12:00:00Z');
const ago = (ms: number) => new Date(NOW - ms).toISOString();

describe('a figure shows its age when it is not current', () => {
  it('dates the total power and battery of a device silent for three days', () => {
    expect(figureAgeText('total_kva', ago(3 * 86_400_000), NOW, 'en')).toBe('3 days ago');
    expect(figureAgeText('battery_pct', ago(3 * 86_400_000), NOW, 'fr')).toBe('il y a 3 jours');
  });

  it('leaves a current figure, a figure of the window and a device without messages as they are', () => {
    expect(figureAgeText('total_kva', ago(20 * 60_000), NOW, 'en')).toBeNull();
    expect(figureAgeText('capacity_percent', ago(3 * 86_400_000), NOW, 'en')).toBeNull();
    expect(figureAgeText('total_kva', null, NOW, 'en')).toBeNull();
  });
});
