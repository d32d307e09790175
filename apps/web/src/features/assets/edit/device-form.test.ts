import { describe, expect, it } from 'vitest';
import type { PowerDevice } from '@gridlens/contract/assets';
import { formValuesOf, REQUIRED_FIELDS, validateChanges } from './device-form';

const DEVICE: PowerDevice = {
  device_id: 'TX-1',
  monitor_type: 'PowerCoil',
  transformer_name: 'Main Street',
  transformer_number: null,
  rating_kva: 400,
  asset_id: 'A-9',
  device_status: 'Installed',
  device_voltage_v: 230,
  installation_date: '2025-03-01',
  connected_mprns: 12,
  commuter_area: false,
  latitude: 53.1,
  longitude: -7.6,
  device_type: 'Ground Mount',
  connection_type: null,
  power_quality_enabled: false,
  cooling: null,
};
const initial = formValuesOf(DEVICE);

describe('the edit-device form', () => {
  it('sends only what changed, as the API takes it: numbers as numbers, emptied optional fields as null', () => {
    const { changes, problems } = validateChanges(initial, {
      ...initial,
      transformer_name: '  Quay Road ',
      rating_kva: '630',
      latitude: '53,25',
      asset_id: '',
      commuter_area: true,
    });
    expect(problems).toEqual({});
    expect(changes).toEqual({ transformer_name: 'Quay Road', rating_kva: 630, latitude: 53.25, asset_id: null, commuter_area: true });
  });

  it('sends a chosen cooling mode, and null when it is set back to not recorded', () => {
    expect(initial.cooling).toBe('');
    expect(validateChanges(initial, { ...initial, cooling: 'ONAF' })).toEqual({ changes: { cooling: 'ONAF' }, problems: {} });
    const onaf = formValuesOf({ ...DEVICE, cooling: 'ONAF' });
    expect(onaf.cooling).toBe('ONAF');
    expect(validateChanges(onaf, { ...onaf, cooling: '' })).toEqual({ changes: { cooling: null }, problems: {} });
  });

  it('names each problem in the words of spec §5, and sends nothing', () => {
    const { changes, problems } = validateChanges(initial, {
      ...initial,
      transformer_name: '',
      monitor_type: 'x'.repeat(50),
      rating_kva: '-5',
      connected_mprns: '2.5',
      latitude: '95',
      device_voltage_v: 'abc',
    });
    expect(changes).toEqual({});
    expect(problems).toEqual({
      transformer_name: { key: 'validation.required' },
      monitor_type: { key: 'validation.nameTooLong' },
      rating_kva: { key: 'validation.greaterThan', values: { value: 0 } },
      connected_mprns: { key: 'validation.wholeNumber' },
      latitude: { key: 'validation.atMost', values: { value: 90 } },
      device_voltage_v: { key: 'validation.number' },
    });
  });

  it('words an allowed bound as "at least" and an excluded one as "greater than"', () => {
    expect(validateChanges(initial, { ...initial, device_voltage_v: '-1', rating_kva: '0' }).problems).toEqual({
      device_voltage_v: { key: 'validation.atLeast', values: { value: 0 } },
      rating_kva: { key: 'validation.greaterThan', values: { value: 0 } },
    });
  });

  it('treats an emptied required number as missing, and unchanged values as nothing to send', () => {
    expect(validateChanges(initial, { ...initial, rating_kva: ' ' }).problems).toEqual({ rating_kva: { key: 'validation.required' } });
    expect(validateChanges(initial, initial)).toEqual({ changes: {}, problems: {} });
  });
});

describe('required fields', () => {
  it('are the typed fields the contract will not let be emptied', () => {
    expect([...REQUIRED_FIELDS].sort()).toEqual(['connected_mprns', 'monitor_type', 'rating_kva', 'transformer_name']);
  });
});
