import { describe, expect, it } from 'vitest';
import { emptyTrackingRule, placeOfType, validateTrackingRule, withField } from './tracking-rule-form';

describe('validateTrackingRule', () => {
  it('asks for the field, operator and the place of a location rule', () => {
    expect(validateTrackingRule(emptyTrackingRule).problems).toMatchObject({ field: { key: 'validation.required' } });
    const arrival = withField(emptyTrackingRule, 'arrival');
    expect(arrival.operator).toBe('=');
    expect(validateTrackingRule(arrival).problems).toEqual({ place: { key: 'validation.required' } });
  });

  it('writes a POI type as location_type and a POI as location_id, with no value', () => {
    const body = validateTrackingRule({ ...withField(emptyTrackingRule, 'departure'), place: placeOfType('Friendly') }).body;
    expect(body).toMatchObject({ trigger_field: 'departure', location_id: null, location_type: 'Friendly', trigger_value: null });
    const toDepot = validateTrackingRule({ ...withField(emptyTrackingRule, 'arrival'), place: 'DUB-DEPOT', deviceId: 'VAN-1' }).body;
    expect(toDepot).toMatchObject({ device_id: 'VAN-1', location_id: 'DUB-DEPOT', location_type: null });
  });

  it('checks a battery level as a percentage and a period within its range', () => {
    const battery = { ...withField(emptyTrackingRule, 'battery'), operator: '<' as const };
    expect(validateTrackingRule({ ...battery, value: '120' }).problems.value).toEqual({ key: 'validation.percent' });
    expect(validateTrackingRule({ ...battery, value: 'abc' }).problems.value).toEqual({ key: 'validation.number' });
    expect(validateTrackingRule({ ...battery, value: '15,5' }).body).toMatchObject({ trigger_value: 15.5, location_id: null });
    const silent = { ...withField(emptyTrackingRule, 'no_message'), operator: '>' as const };
    expect(validateTrackingRule({ ...silent, value: '800' }).problems.value).toEqual({
      key: 'validation.atMost',
      values: { value: 720 },
    });
  });

  it('drops an operator the new field does not take', () => {
    const battery = { ...withField(emptyTrackingRule, 'battery'), operator: '<' as const };
    expect(withField(battery, 'static').operator).toBe('');
    expect(withField({ ...battery, operator: '>' }, 'static').operator).toBe('>');
  });
});
