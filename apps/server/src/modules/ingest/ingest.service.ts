import type {
  DeviceMessage,
  HydrogenReading,
  IngestResponse,
  IngestResult,
  MeteringReading,
  PositionMessage,
  PowerQualityEvent,
  TrackerMessage,
  TransformerReading,
} from '@gridlens/contract/ingest';
import { clockWindowProblem, DEFAULT_DEVICE_CLOCK_WINDOW, type DeviceClockWindow } from '@gridlens/domain/device-clock';
import type { Database, Queryable } from '../../db/database';
import { messageKey, NONE_STORED, type StoredMessages } from '../../db/stored-messages';
import type { Downlink } from '@gridlens/contract/tracking-devices';
import type { DerivedReading } from '../power-readings/power-readings.public';
import type { DeadLettersRepository } from './dead-letters.repository';
import { validateMessage } from './message-validation';

export type IngestSource = 'http' | 'mqtt';

/**
 * Runs inside the ingest transaction for the readings just stored, duplicates left out (alert evaluation plugs in
 * here). It runs before the latest state is updated, so power_device_latest still holds each device's newest
 * message from before this batch.
 */
export type AfterStoreHook = (tx: Queryable, tenantId: string, stored: readonly DerivedReading[]) => Promise<void>;

/** Tracking positions take their own path (tracking devices, POIs); see modules/tracking/position-store.ts. */
export interface PositionIngest {
  registered: (tx: Queryable, tenantId: string, deviceIds: readonly string[]) => Promise<Set<string>>;
  /**
   * A batch's positions and trackers' messages without a position (None, NoPositionData, DownlinkAcknowledgement),
   * stored together so that each tracker's newest message of either kind is written once.
   */
  store: (
    tx: Queryable,
    tenantId: string,
    positions: readonly PositionMessage[],
    messages: readonly TrackerMessage[],
  ) => Promise<{ positions: StoredMessages; tracker: StoredMessages }>;
}

/**
 * Who is handed the stored messages, in the ingest transaction: the small interface through which the device
 * module graph (module-graph.ts) plugs alert evaluation and tracking state into ingest, which imports neither.
 */
export interface IngestSubscribers {
  /** New transformer readings, after the rollups and before the latest state moves on. */
  afterReadings?: AfterStoreHook;
  /** Positions: tracking stores them (and judges them) itself. */
  positions?: PositionIngest;
  /** A tracker's pending settings downlinks, which it fetches under /ingest/v1 with the tenant's ingest key. */
  pendingDownlinks?: (tenantId: string, deviceId: string) => Promise<{ items: Downlink[] }>;
}

type Insert<M> = (tx: Queryable, tenantId: string, messages: readonly M[]) => Promise<StoredMessages>;

/** What ingest needs of the modules that own the tables a batch is written to (assets, power-readings, power-quality). */
export interface IngestStores {
  devices: { registeredDevices: (tx: Queryable, tenantId: string, deviceIds: readonly string[]) => Promise<ReadonlyMap<string, number>> };
  readings: {
    atStoredPrecision: (reading: TransformerReading) => TransformerReading;
    insert: (tx: Queryable, devices: ReadonlyMap<string, number>, readings: readonly TransformerReading[]) => Promise<StoredMessages>;
    addToRollups: (tx: Queryable, tenantId: string, readings: readonly TransformerReading[]) => Promise<DerivedReading[]>;
    updateLatest: (
      tx: Queryable,
      tenantId: string,
      readings: readonly TransformerReading[],
      derived: readonly DerivedReading[],
    ) => Promise<void>;
  };
  deviceMessages: {
    insertPowerQualityEvents: Insert<PowerQualityEvent>;
    insertHydrogenReadings: Insert<HydrogenReading>;
    insertMeteringReadings: Insert<MeteringReading>;
  };
}

interface Deps extends IngestStores {
  db: Database;
  deadLetters: DeadLettersRepository;
  subscribers?: IngestSubscribers;
  /** Told of every refused message once it is filed (the log's aggregate lines). */
  refusals?: { record: (letters: readonly DeadLetter[]) => void };
  /** How far a device's clock may be off (decisions.md); messages dated outside are refused one by one. */
  deviceClock?: DeviceClockWindow;
  now?: () => number;
}

interface DeadLetter {
  tenantId: string | null;
  source: IngestSource;
  deviceId: string | null;
  reason: string;
  fields: string[];
  payload: unknown;
}

/**
 * Concurrent batches (HTTP and MQTT, several replicas) insert the same keys and upsert the same rollup rows;
 * taking row locks in one global order (device, then seq or time) means two transactions can wait for each
 * other but never deadlock. That holds for every kind's insert, not only the readings'.
 */
const inLockOrder = (a: DeviceMessage, b: DeviceMessage) =>
  a.device_id < b.device_id ? -1 : a.device_id > b.device_id ? 1 : a.seq - b.seq;

type OfKind<K extends DeviceMessage['kind']> = Extract<DeviceMessage, { kind: K }>;
type ByKind = { [K in DeviceMessage['kind']]: OfKind<K>[] };

/** The messages split by kind in one pass, each kind in lock order (its inserts take row locks too). */
function byKindInLockOrder(messages: readonly DeviceMessage[]): ByKind {
  const kinds: ByKind = { transformer: [], pq_event: [], hydrogen: [], metering: [], position: [], tracker: [] };
  for (const message of messages) (kinds[message.kind] as DeviceMessage[]).push(message);
  for (const list of Object.values(kinds)) list.sort(inLockOrder);
  return kinds;
}

/**
 * The one path every device message takes, from HTTP and MQTT alike: validate each message on its
 * own, check the device is the tenant's, store new ones (a repeat is a duplicate, not an error), keep
 * the rollups current and run the after-store hook, all in one transaction. The caller acknowledges
 * only after this resolves, i.e. after commit. Rejected messages land in the dead-letter table.
 */
export function createIngestService({
  db,
  devices,
  readings,
  deviceMessages,
  deadLetters: deadLetterStore,
  subscribers = {},
  refusals,
  deviceClock = DEFAULT_DEVICE_CLOCK_WINDOW,
  now = Date.now,
}: Deps) {
  const { afterReadings: afterStore, positions } = subscribers;
  return {
    async ingest(tenantId: string, source: IngestSource, rawMessages: readonly unknown[]): Promise<IngestResponse> {
      const results: IngestResult[] = rawMessages.map((_raw, index) => ({ index, status: 'rejected' }));
      const deadLetters: DeadLetter[] = [];
      const candidates: { index: number; message: DeviceMessage; key: string }[] = [];
      const seen = new Set<string>();
      const nowMs = now();

      rawMessages.forEach((raw, index) => {
        const checked = validateMessage(raw);
        if (checked.ok) {
          const problem = clockWindowProblem(Date.parse(checked.message.time), nowMs, deviceClock);
          if (problem) {
            const reason = `clock_out_of_window: time: ${problem}`;
            results[index] = { index, status: 'rejected', reason, fields: ['time'] };
            deadLetters.push({ tenantId, source, deviceId: checked.message.device_id, reason, fields: ['time'], payload: raw });
            return;
          }
        }
        if (!checked.ok) {
          results[index] = { index, status: 'rejected', reason: checked.reason, fields: checked.fields };
          deadLetters.push({ tenantId, source, deviceId: checked.deviceId, reason: checked.reason, fields: checked.fields, payload: raw });
          return;
        }
        const key = `${checked.message.kind}\u0000${messageKey(checked.message.device_id, checked.message.seq)}`;
        if (seen.has(key)) {
          results[index] = { index, status: 'duplicate' }; // the same message twice in one batch
          return;
        }
        seen.add(key);
        const message = checked.message.kind === 'transformer' ? readings.atStoredPrecision(checked.message) : checked.message;
        candidates.push({ index, message, key });
      });

      await db.transaction(async (tx) => {
        // Positions and a tracker's other messages belong to trackers (tracking_devices), the rest to power devices.
        const isPosition = (c: (typeof candidates)[number]) => c.message.kind === 'position' || c.message.kind === 'tracker';
        const known = await devices.registeredDevices(
          tx,
          tenantId,
          candidates.filter((c) => !isPosition(c)).map((c) => c.message.device_id),
        );
        const trackers = candidates.some(isPosition)
          ? ((await positions?.registered(
              tx,
              tenantId,
              candidates.filter(isPosition).map((c) => c.message.device_id),
            )) ?? new Set<string>())
          : new Set<string>();
        const storable = candidates.filter((c) => {
          if ((isPosition(c) ? trackers : known).has(c.message.device_id)) return true;
          const reason = 'unknown_device: no device with this device_id is registered for this tenant';
          results[c.index] = { index: c.index, status: 'rejected', reason, fields: ['device_id'] };
          deadLetters.push({
            tenantId,
            source,
            deviceId: c.message.device_id,
            reason,
            fields: ['device_id'],
            payload: rawMessages[c.index],
          });
          return false;
        });

        const kinds = byKindInLockOrder(storable.map((c) => c.message));
        const transformer = kinds.transformer;
        const [storedTransformer, storedEvents, storedHydrogen, storedMetering, storedTracking] = [
          await readings.insert(tx, known, transformer),
          await deviceMessages.insertPowerQualityEvents(tx, tenantId, kinds.pq_event),
          await deviceMessages.insertHydrogenReadings(tx, tenantId, kinds.hydrogen),
          await deviceMessages.insertMeteringReadings(tx, tenantId, kinds.metering),
          (kinds.position.length > 0 || kinds.tracker.length > 0) && positions
            ? await positions.store(tx, tenantId, kinds.position, kinds.tracker)
            : { positions: NONE_STORED, tracker: NONE_STORED },
        ];
        const storedOf: Record<DeviceMessage['kind'], StoredMessages> = {
          transformer: storedTransformer,
          pq_event: storedEvents,
          hydrogen: storedHydrogen,
          metering: storedMetering,
          position: storedTracking.positions,
          tracker: storedTracking.tracker,
        };
        for (const c of storable) {
          const stored = storedOf[c.message.kind].has(c.message.device_id, c.message.seq);
          results[c.index] = { index: c.index, status: stored ? 'accepted' : 'duplicate' };
        }

        const newReadings = transformer.filter((r) => storedTransformer.has(r.device_id, r.seq));
        const derived = await readings.addToRollups(tx, tenantId, newReadings);
        if (afterStore && derived.length > 0) await afterStore(tx, tenantId, derived);
        await readings.updateLatest(tx, tenantId, newReadings, derived);
        await deadLetterStore.insertDeadLetters(tx, deadLetters);
      });
      refusals?.record(deadLetters);

      const count = (status: IngestResult['status']) => results.filter((r) => r.status === status).length;
      return { accepted: count('accepted'), duplicates: count('duplicate'), rejected: count('rejected'), results };
    },

    /** For messages refused before they reach a batch (MQTT: unreadable JSON, a topic of no tenant, another device's id). */
    async deadLetter(...letters: DeadLetter[]): Promise<void> {
      await deadLetterStore.insertDeadLetters(db, letters);
      refusals?.record(letters);
    },
  };
}
export type IngestService = ReturnType<typeof createIngestService>;
