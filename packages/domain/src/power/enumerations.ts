/** Fixed vocabularies of the power-data screens, as the specification names them. */

/** Spec §4 device status. */
export const DEVICE_STATUSES = ['Active', 'Inactive', 'Installed', 'Registered', 'Provisioned', 'Unknown', 'Not Installed'] as const;
export type DeviceStatus = (typeof DEVICE_STATUSES)[number];

/** Spec §4 installation status. */
export const INSTALLATION_STATUSES = ['Not Installed', 'Installed'] as const;
export type InstallationStatus = (typeof INSTALLATION_STATUSES)[number];

/** Spec §3 enumerations: device types. */
export const DEVICE_TYPES = ['Ground Mount', 'Pole Mount', 'Indoor'] as const;
export type DeviceType = (typeof DEVICE_TYPES)[number];

/** Spec §3 enumerations: connection types. */
export const CONNECTION_TYPES = ['P.L.T.E', 'Public Sim'] as const;
export type ConnectionType = (typeof CONNECTION_TYPES)[number];

/** Spec §4 power-quality event types. */
export const PQ_EVENT_TYPES = ['LOSS_OF_MAINS', 'INTERRUPT', 'RAPID_VOLTAGE_CHANGE', 'DIP', 'SWELL', 'FLICKER'] as const;
export type PqEventType = (typeof PQ_EVENT_TYPES)[number];

/** Spec §4: LOSS_OF_MAINS is a Fault; every other power-quality type is an Event. */
export function isFaultEvent(type: PqEventType): boolean {
  return type === 'LOSS_OF_MAINS';
}

/** Spec §4 hydrogen sensor status, by the code the sensor reports. */
export const HYDROGEN_SENSOR_STATUS = {
  0: 'Not Ready',
  1: 'Error',
  2: 'Ready (old data)',
  3: 'Ready (new data)',
} as const;
export type HydrogenSensorStatusCode = keyof typeof HYDROGEN_SENSOR_STATUS;
export type HydrogenSensorStatus = (typeof HYDROGEN_SENSOR_STATUS)[HydrogenSensorStatusCode];

/** The status for a raw code from a message, or null for a code the spec does not name. */
export function hydrogenSensorStatus(code: number): HydrogenSensorStatus | null {
  return Object.hasOwn(HYDROGEN_SENSOR_STATUS, code) ? HYDROGEN_SENSOR_STATUS[code as HydrogenSensorStatusCode] : null;
}

/** Spec §4 hydrogen sensor operation, by the code the sensor reports. */
export const HYDROGEN_OPERATION = {
  0: 'Undetermined',
  1: 'H2 measurement',
  2: 'Liquid temperature measurement',
  3: 'Auto calibration',
  4: 'Liquid temperature too high',
} as const;
export type HydrogenOperationCode = keyof typeof HYDROGEN_OPERATION;
export type HydrogenOperation = (typeof HYDROGEN_OPERATION)[HydrogenOperationCode];

/** The operation for a raw code from a message, or null for a code the spec does not name. */
export function hydrogenOperation(code: number): HydrogenOperation | null {
  return Object.hasOwn(HYDROGEN_OPERATION, code) ? HYDROGEN_OPERATION[code as HydrogenOperationCode] : null;
}

/** Spec §3 transformer health: hydrogen sensor oil type. */
export const OIL_TYPES = ['Mineral', 'Natural Ester', 'Synthetic Ester'] as const;
export type OilType = (typeof OIL_TYPES)[number];

/** Spec §3 transformer health: sensor type. */
export const SENSOR_TYPES = ['Sealed', 'Open'] as const;
export type SensorType = (typeof SENSOR_TYPES)[number];

/** Spec §3 transformer health: sensor location. */
export const SENSOR_LOCATIONS = ['MainTank', 'OLTC', 'Bushing', 'CT-PT', 'Cable', 'TopOil'] as const;
export type SensorLocation = (typeof SENSOR_LOCATIONS)[number];
