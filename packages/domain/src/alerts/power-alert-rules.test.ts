import { describe, expect, it } from 'vitest';
import { seededRandom } from '../seeded-random';
import {
  ALERT_OPERATORS,
  alertFieldValue,
  alertTransition,
  conditionCleared,
  conditionHolds,
  hysteresisBand,
  POWER_ALERT_FIELDS,
  type AlertableReading,
} from './power-alert-rules';

describe('hysteresisBand', () => {
  it('is 2 % of the threshold, at least the field minimum', () => {
    expect(hysteresisBand('temperature_max', 90)).toBeCloseTo(1.8, 10);
    expect(hysteresisBand('temperature_max', 20)).toBe(1);
    expect(hysteresisBand('total_power', 400)).toBe(8);
    expect(hysteresisBand('current_max_ph1', -10)).toBe(1);
  });
});

describe('conditionHolds', () => {
  it('compares as written', () => {
    expect(conditionHolds('>', 90, 90)).toBe(false);
    expect(conditionHolds('>', 90, 90.1)).toBe(true);
    expect(conditionHolds('>=', 90, 90)).toBe(true);
    expect(conditionHolds('<', 10, 10)).toBe(false);
    expect(conditionHolds('<=', 10, 10)).toBe(true);
    expect(conditionHolds('=', 50, 50.04)).toBe(true);
    expect(conditionHolds('=', 50, 50.1)).toBe(false);
    expect(conditionHolds('!=', 50, 50.04)).toBe(false);
    expect(conditionHolds('!=', 50, 49)).toBe(true);
  });
});

describe('alertTransition', () => {
  it('triggers an inactive alert when the condition holds, and never clears it', () => {
    expect(alertTransition(false, 'temperature_max', '>', 90, 91)).toBe('trigger');
    expect(alertTransition(false, 'temperature_max', '>', 90, 80)).toBeNull();
  });

  it('keeps an active alert inside the band and clears it beyond', () => {
    expect(alertTransition(true, 'temperature_max', '>', 90, 91)).toBeNull();
    expect(alertTransition(true, 'temperature_max', '>', 90, 89)).toBeNull(); // under the threshold, inside the 1.8 °C band
    expect(alertTransition(true, 'temperature_max', '>', 90, 88.2)).toBe('clear');
    expect(alertTransition(true, 'current_med_ph2', '<', 5, 5.5)).toBeNull();
    expect(alertTransition(true, 'current_med_ph2', '<', 5, 6)).toBe('clear');
  });

  it('clears = when the value moves away by the band, and != when it comes back', () => {
    expect(alertTransition(true, 'imbalance', '=', 50, 50.5)).toBeNull();
    expect(alertTransition(true, 'imbalance', '=', 50, 51.2)).toBe('clear');
    expect(alertTransition(true, 'imbalance', '!=', 50, 52)).toBeNull();
    expect(alertTransition(true, 'imbalance', '!=', 50, 50)).toBe('clear');
  });

  it('never flaps: a value hovering within the band around the threshold triggers once (property, 500 seeded walks)', () => {
    const random = seededRandom(5);
    for (let walk = 0; walk < 500; walk += 1) {
      const operator = ALERT_OPERATORS[walk % 4] ?? '>';
      const threshold = 20 + random() * 200;
      const band = hysteresisBand('total_power', threshold);
      let active = false;
      let transitions = 0;
      for (let step = 0; step < 50; step += 1) {
        // Within half the band of the threshold: close enough to cross it, never far enough to clear.
        const value = threshold + (random() - 0.5) * band * 0.9;
        const change = alertTransition(active, 'total_power', operator, threshold, value);
        if (change) {
          transitions += 1;
          active = change === 'trigger';
        }
      }
      expect(transitions).toBeLessThanOrEqual(1);
    }
  });

  it('clears only what it could have triggered: a cleared value never holds the condition (property)', () => {
    const random = seededRandom(9);
    for (let n = 0; n < 2000; n += 1) {
      const operator = ALERT_OPERATORS[n % ALERT_OPERATORS.length] ?? '>';
      const threshold = random() * 100;
      const value = random() * 120 - 10;
      if (conditionCleared(operator, threshold, value, hysteresisBand('imbalance', threshold))) {
        expect(conditionHolds(operator, threshold, value)).toBe(false);
      }
    }
  });
});

describe('alertFieldValue', () => {
  const reading: AlertableReading = {
    currentMaxA: [101, 102, 103],
    currentMedA: [51, 52, 53],
    temperatureMaxC: 60,
    temperatureMedC: null,
    imbalancePercent: 12,
    totalKva: 36,
  };

  it('reads each field from its place, and null for a missing temperature', () => {
    expect(POWER_ALERT_FIELDS.map((field) => alertFieldValue(field, reading))).toEqual([101, 102, 103, 51, 52, 53, 60, null, 12, 36]);
  });
});
