import type { PowerDevice, UpdatePowerDevice } from '@gridlens/contract/assets';
import { PowerDeviceFieldsSchema, UpdatePowerDeviceSchema } from '@gridlens/contract/assets';
import { boundProblem, type FieldProblem } from '@/lib/field-problem';

/** The dialog's fields: what the device registry lets an operator edit (contract PowerDeviceFieldsSchema). */
export type DeviceFormValues = Record<keyof UpdatePowerDevice, string | boolean>;
export type EditableField = keyof UpdatePowerDevice;

/** Fields typed into a box (the rest are choices and switches); the numbers among them. */
const TYPED_FIELDS: readonly EditableField[] = [
  'transformer_name',
  'transformer_number',
  'monitor_type',
  'asset_id',
  'rating_kva',
  'device_voltage_v',
  'connected_mprns',
  'installation_date',
  'latitude',
  'longitude',
];
const NUMBER_FIELDS: ReadonlySet<EditableField> = new Set(['rating_kva', 'device_voltage_v', 'connected_mprns', 'latitude', 'longitude']);
/** Whether the contract lets a field be emptied: read from the schema, so the form cannot disagree with the server. */
const acceptsNull = (field: EditableField) => PowerDeviceFieldsSchema.shape[field].safeParse(null).success;
/** Typed fields the device cannot do without: marked with an asterisk (spec §5). */
export const REQUIRED_FIELDS: ReadonlySet<EditableField> = new Set(TYPED_FIELDS.filter((field) => !acceptsNull(field)));

/** The form's starting values: the device as stored, empty text for nothing. */
export function formValuesOf(device: PowerDevice): DeviceFormValues {
  const text = (value: string | number | null) => (value === null ? '' : String(value));
  return {
    transformer_name: device.transformer_name,
    transformer_number: text(device.transformer_number),
    monitor_type: device.monitor_type,
    asset_id: text(device.asset_id),
    rating_kva: text(device.rating_kva),
    device_voltage_v: text(device.device_voltage_v),
    connected_mprns: text(device.connected_mprns),
    latitude: text(device.latitude),
    longitude: text(device.longitude),
    installation_date: text(device.installation_date),
    device_status: device.device_status,
    device_type: text(device.device_type),
    connection_type: text(device.connection_type),
    commuter_area: device.commuter_area,
    power_quality_enabled: device.power_quality_enabled,
    cooling: text(device.cooling),
  };
}

/**
 * The changed fields as the API takes them, checked by the same schema the server checks them with; or the
 * problems per field in the spec's words (§5): 'This field is required', 'Must be less than 50 characters',
 * 'Value should be greater than …', 'Value should be less than …'.
 */
export function validateChanges(
  initial: DeviceFormValues,
  values: DeviceFormValues,
): { changes: UpdatePowerDevice; problems: Partial<Record<EditableField, FieldProblem>> } {
  const body: Record<string, unknown> = {};
  const problems: Partial<Record<EditableField, FieldProblem>> = {};
  for (const field of Object.keys(values) as EditableField[]) {
    const value = values[field];
    if (value === initial[field]) continue;
    if (typeof value === 'boolean') {
      body[field] = value;
      continue;
    }
    const trimmed = value.trim();
    if (trimmed === '') {
      if (acceptsNull(field)) body[field] = null;
      else problems[field] = { key: 'validation.required' };
      continue;
    }
    if (NUMBER_FIELDS.has(field)) {
      const number = Number(trimmed.replace(',', '.'));
      if (!Number.isFinite(number)) problems[field] = { key: 'validation.number' };
      else body[field] = number;
      continue;
    }
    body[field] = trimmed;
  }
  const parsed = UpdatePowerDeviceSchema.safeParse(body);
  if (!parsed.success) {
    for (const issue of parsed.error.issues as Issue[] & typeof parsed.error.issues) {
      const field = issue.path[0] as EditableField;
      if (!problems[field]) problems[field] = problemOf(issue);
    }
  }
  return { changes: parsed.success ? parsed.data : {}, problems };
}

type Issue = { code: string; minimum?: unknown; maximum?: unknown; inclusive?: boolean; origin?: string; expected?: string };

function problemOf(issue: Issue): FieldProblem {
  if (issue.code === 'too_small' && issue.origin === 'string') return { key: 'validation.required' };
  if (issue.code === 'too_big' && issue.origin === 'string') return { key: 'validation.nameTooLong' };
  if (issue.code === 'too_small') return boundProblem('below', Number(issue.minimum), issue.inclusive === true);
  if (issue.code === 'too_big') return boundProblem('above', Number(issue.maximum), issue.inclusive === true);
  if (issue.code === 'invalid_type' && issue.expected === 'int') return { key: 'validation.wholeNumber' };
  return { key: 'validation.invalid' };
}
