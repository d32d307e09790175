import type { TransformerReading } from '@gridlens/contract/ingest';

/**
 * How power_readings stores a transformer reading (migration 0005): sequence numbers, unsigned 32-bit,
 * shifted into a signed int4 so that their order is kept; temperatures and battery in tenths as smallint.
 */
export const STORED_SEQ_SHIFT = 2_147_483_648;
export const toStoredSeq = (seq: number) => seq - STORED_SEQ_SHIFT;

const tenthsOf = (value: number) => Math.round(value * 10);
const toTenth = (value: number) => tenthsOf(value) / 10;

/** Tenths of a unit as stored, or null. */
export const storedTenths = (value: number | null | undefined): number | null =>
  value === null || value === undefined ? null : tenthsOf(value);

/**
 * The reading as it will be stored: temperatures to 0.1 °C and battery to 0.1 % (the sensors' own
 * resolution). Ingestion applies this before deriving anything, so rollups and raw rows agree exactly.
 */
export function atStoredPrecision(reading: TransformerReading): TransformerReading {
  const { temperature_max_c: tMax, temperature_med_c: tMed, battery_pct: battery } = reading;
  return {
    ...reading,
    temperature_max_c: tMax === null ? null : toTenth(tMax),
    temperature_med_c: tMed === null ? null : toTenth(tMed),
    ...(battery === undefined ? {} : { battery_pct: battery === null ? null : toTenth(battery) }),
  };
}
