import { describe, expect, it } from 'vitest';
import {
  CONNECTION_TYPES,
  DEVICE_STATUSES,
  DEVICE_TYPES,
  HYDROGEN_OPERATION,
  HYDROGEN_SENSOR_STATUS,
  hydrogenOperation,
  hydrogenSensorStatus,
  INSTALLATION_STATUSES,
  isFaultEvent,
  OIL_TYPES,
  PQ_EVENT_TYPES,
  SENSOR_LOCATIONS,
  SENSOR_TYPES,
} from './enumerations';

describe('power-data enumerations (spec §3, §4)', () => {
  it('lists the device and installation statuses', () => {
    expect(DEVICE_STATUSES).toEqual(['Active', 'Inactive', 'Installed', 'Registered', 'Provisioned', 'Unknown', 'Not Installed']);
    expect(INSTALLATION_STATUSES).toEqual(['Not Installed', 'Installed']);
  });

  it('lists device and connection types', () => {
    expect(DEVICE_TYPES).toEqual(['Ground Mount', 'Pole Mount', 'Indoor']);
    expect(CONNECTION_TYPES).toEqual(['P.L.T.E', 'Public Sim']);
  });

  it('lists the transformer-health vocabularies', () => {
    expect(OIL_TYPES).toEqual(['Mineral', 'Natural Ester', 'Synthetic Ester']);
    expect(SENSOR_TYPES).toEqual(['Sealed', 'Open']);
    expect(SENSOR_LOCATIONS).toEqual(['MainTank', 'OLTC', 'Bushing', 'CT-PT', 'Cable', 'TopOil']);
  });
});

describe('power-quality events', () => {
  it('treats only LOSS_OF_MAINS as a fault', () => {
    expect(PQ_EVENT_TYPES.filter(isFaultEvent)).toEqual(['LOSS_OF_MAINS']);
    expect(PQ_EVENT_TYPES.filter((type) => !isFaultEvent(type))).toEqual(['INTERRUPT', 'RAPID_VOLTAGE_CHANGE', 'DIP', 'SWELL', 'FLICKER']);
  });
});

describe('hydrogen sensor codes', () => {
  it('maps the status codes', () => {
    expect(HYDROGEN_SENSOR_STATUS).toEqual({ 0: 'Not Ready', 1: 'Error', 2: 'Ready (old data)', 3: 'Ready (new data)' });
    expect(hydrogenSensorStatus(2)).toBe('Ready (old data)');
    expect(hydrogenSensorStatus(0)).toBe('Not Ready');
  });

  it('maps the operation codes', () => {
    expect(HYDROGEN_OPERATION).toEqual({
      0: 'Undetermined',
      1: 'H2 measurement',
      2: 'Liquid temperature measurement',
      3: 'Auto calibration',
      4: 'Liquid temperature too high',
    });
    expect(hydrogenOperation(4)).toBe('Liquid temperature too high');
  });

  it.each([-1, 5, 1.5, Number.NaN])('returns null for the unknown code %f', (code) => {
    expect(hydrogenSensorStatus(code)).toBeNull();
    expect(hydrogenOperation(code)).toBeNull();
  });
});
