import { describe, expect, it } from 'vitest';
import { trackingThresholdProblem, trackingTransition, type TrackingObservation, type TrackingRule } from './tracking-alert-rules';

const depot = { id: 'DUB-DEPOT', type: 'Friendly' as const };
const customer = { id: 'CORK-SITE', type: 'Non-Friendly' as const };
const at = (location: TrackingObservation['location'], extra: Partial<TrackingObservation> = {}): TrackingObservation => ({
  location,
  batteryPct: 80,
  silentHours: 0,
  stillHours: 0,
  ...extra,
});

const arrivalAtDepot: TrackingRule = {
  field: 'arrival',
  operator: '=',
  threshold: null,
  target: { locationId: 'DUB-DEPOT', locationType: null },
};
const departureFromFriendly: TrackingRule = {
  field: 'departure',
  operator: '=',
  threshold: null,
  target: { locationId: null, locationType: 'Friendly' },
};

describe('trackingTransition: arrival', () => {
  it('triggers when a position inside the POI follows one outside', () => {
    expect(trackingTransition(false, arrivalAtDepot, at(depot), at(null))).toBe('trigger');
    expect(trackingTransition(false, arrivalAtDepot, at(depot), at(customer))).toBe('trigger');
  });

  it('does not trigger for a device already there, or first heard there', () => {
    expect(trackingTransition(false, arrivalAtDepot, at(depot), at(depot))).toBeNull();
    expect(trackingTransition(false, arrivalAtDepot, at(depot), null)).toBeNull();
    expect(trackingTransition(false, arrivalAtDepot, at(customer), at(null))).toBeNull();
  });

  it('stays active while inside and clears when the device leaves', () => {
    expect(trackingTransition(true, arrivalAtDepot, at(depot), at(depot))).toBeNull();
    expect(trackingTransition(true, arrivalAtDepot, at(null), at(depot))).toBe('clear');
  });
});

describe('trackingTransition: departure from a POI type', () => {
  it('triggers when a position outside every Friendly POI follows one inside', () => {
    expect(trackingTransition(false, departureFromFriendly, at(null), at(depot))).toBe('trigger');
    expect(trackingTransition(false, departureFromFriendly, at(customer), at(depot))).toBe('trigger');
    expect(trackingTransition(false, departureFromFriendly, at(null), at(null))).toBeNull();
    expect(trackingTransition(false, departureFromFriendly, at(null), null)).toBeNull();
  });

  it('clears when the device is back at a Friendly POI', () => {
    expect(trackingTransition(true, departureFromFriendly, at(customer), at(null))).toBeNull();
    expect(trackingTransition(true, departureFromFriendly, at(depot), at(null))).toBe('clear');
  });
});

describe('trackingTransition: numbers', () => {
  const lowBattery: TrackingRule = { field: 'battery', operator: '<', threshold: 20, target: null };
  const silent: TrackingRule = { field: 'no_message', operator: '>', threshold: 24, target: null };
  const still: TrackingRule = { field: 'static', operator: '>=', threshold: 72, target: null };

  it('a low battery triggers below the threshold and clears only 2 points above it', () => {
    expect(trackingTransition(false, lowBattery, at(null, { batteryPct: 20 }), null)).toBeNull();
    expect(trackingTransition(false, lowBattery, at(null, { batteryPct: 19 }), null)).toBe('trigger');
    expect(trackingTransition(true, lowBattery, at(null, { batteryPct: 21 }), null)).toBeNull();
    expect(trackingTransition(true, lowBattery, at(null, { batteryPct: 22 }), null)).toBe('clear');
  });

  it('a device that never reported its battery is not judged on it', () => {
    expect(trackingTransition(false, lowBattery, at(null, { batteryPct: null }), null)).toBeNull();
    expect(trackingTransition(true, lowBattery, at(null, { batteryPct: null }), null)).toBeNull();
  });

  it('silence triggers past the period and a message (0 hours) clears it', () => {
    expect(trackingTransition(false, silent, at(null, { silentHours: 24 }), null)).toBeNull();
    expect(trackingTransition(false, silent, at(null, { silentHours: 24.1 }), null)).toBe('trigger');
    expect(trackingTransition(true, silent, at(null, { silentHours: 30 }), null)).toBeNull();
    expect(trackingTransition(true, silent, at(null, { silentHours: 0 }), null)).toBe('clear');
  });

  it('standing still triggers at the period and moving clears it', () => {
    expect(trackingTransition(false, still, at(depot, { stillHours: 71.9 }), null)).toBeNull();
    expect(trackingTransition(false, still, at(depot, { stillHours: 72 }), null)).toBe('trigger');
    expect(trackingTransition(true, still, at(null, { stillHours: 0 }), null)).toBe('clear');
  });
});

describe('trackingThresholdProblem', () => {
  it('checks battery as a percentage and periods between a quarter hour and 30 days', () => {
    expect(trackingThresholdProblem('battery', 101)).toEqual({ kind: 'percent' });
    expect(trackingThresholdProblem('battery', 0)).toBeNull();
    expect(trackingThresholdProblem('no_message', 0.1)).toEqual({ kind: 'below', min: 0.25, inclusive: true });
    expect(trackingThresholdProblem('static', 721)).toEqual({ kind: 'above', max: 720, inclusive: true });
    expect(trackingThresholdProblem('arrival', -5)).toBeNull();
  });
});
