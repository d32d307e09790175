import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database';
import { utcDay } from '@gridlens/domain/time-range';
import { createAssetsModule } from '../assets/assets.module';
import { createAssetListRepository } from './asset-list.repository';
import type { PeriodTable } from './period-table';
import { TEST_DATABASES } from '../../../test/support/test-databases';

const DEVICES = 57;
const today = utcDay(Date.now());
const yesterday = utcDay(Date.now() - 86_400_000);
const dayBefore = utcDay(Date.now() - 2 * 86_400_000);

for (const backend of TEST_DATABASES) {
  describe(`assets-list query split into parts [${backend.name}]`, () => {
    let db: Database;

    beforeAll(async () => {
      db = await backend.open();
      await db.query(
        "INSERT INTO tenants (id, name, type, powerdata_type, tabs) VALUES ('t1', 'T1', 'powerdata', 'netzero', '[]'), ('t2', 'T2', 'powerdata', 'netzero', '[]')",
      );
      // Ids of mixed length and case, so that byte order differs from numeric or case-insensitive order.
      await db.query(
        `INSERT INTO power_devices (tenant_id, device_id, transformer_name, rating_kva)
         SELECT 't1', (ARRAY['TX-', 'tx-', 'A'])[1 + g % 3] || g, 'Transformer ' || g, 100 + g FROM generate_series(1, ${DEVICES}) g
         UNION ALL SELECT 't2', 'TX-' || g, 'Other ' || g, 400 FROM generate_series(1, 5) g`,
      );
      await db.query(
        `INSERT INTO power_device_daily (tenant_id, device_id, day, message_count, min_seq, max_seq, current_max_a, current_med_sum_a, apparent_max_kva,
            apparent_med_sum_kva, imbalance_max_percent, temperature_max_c, temperature_min_c, temperature_med_sum_c, temperature_count, battery_min_pct)
         SELECT tenant_id, device_id, d.day::date, 90 + length(device_id), 1, 96, ARRAY[rating_kva, 2, 3]::real[], ARRAY[10, 20, 30]::float8[], rating_kva / 2,
                900, 5, 40, 20, 3000, 90, 55
           FROM power_devices CROSS JOIN (VALUES ($1), ($2), ($3)) AS d(day)`,
        [today, yesterday, dayBefore],
      );
    });
    afterAll(async () => {
      await backend.dispose(db);
    });

    const days = { fromDay: yesterday, toDay: today, previousFromDay: dayBefore };
    /** Each device's registry entry and figures as one object. */
    const rowsOf = (table: PeriodTable) =>
      Array.from({ length: table.count }, (_unused, i) => ({
        device_id: table.registry.device_id[i] as string,
        transformer_name: table.registry.transformer_name[i],
        rating_kva: table.registry.rating_kva[i],
        ...table.figuresAt(i),
      }));
    const list = async (listParts: number) => rowsOf(await createAssetListRepository(db, { listParts }).listWithPeriod('t1', 'u', days));

    it('gives the same rows in the same order whatever the number of parts, for the caller’s tenant only', async () => {
      const whole = await list(1);
      expect(whole).toHaveLength(DEVICES);
      expect(whole.map((r) => r.device_id)).toEqual(whole.map((r) => r.device_id).sort());
      expect(whole[0]).toMatchObject({
        message_count: 2 * (90 + whole[0]!.device_id.length),
        previous_message_count: 90 + whole[0]!.device_id.length,
      });
      for (const parts of [2, 3, 4]) expect(await list(parts)).toEqual(whole);
      // Answers pass the kept registry on as it is: nobody may change it.
      const table = await createAssetListRepository(db).listWithPeriod('t1', 'u', days);
      expect(Object.isFrozen(table.registry.device_id) && Object.isFrozen(table.registry.transformer_name)).toBe(true);
    });

    it('shows every change to the registry at once, however it was made, even when another process kept a copy', async () => {
      const process1 = { ...createAssetListRepository(db, { listParts: 2 }), ...createAssetsModule({ db }).service };
      const process2 = { ...createAssetListRepository(db, { listParts: 2 }), ...createAssetsModule({ db }).service };
      const names = async (repository: typeof process1) =>
        new Map(rowsOf(await repository.listWithPeriod('t1', 'u', days)).map((r) => [r.device_id, r.transformer_name]));
      expect((await names(process1)).get('A2')).toBe('Transformer 2'); // both processes now keep the registry
      expect((await names(process2)).get('A2')).toBe('Transformer 2');

      await process1.update('t1', 'A2', { transformer_name: 'Renamed through the API' }, 'u');
      expect((await names(process2)).get('A2')).toBe('Renamed through the API');

      await db.query("UPDATE power_devices SET transformer_name = 'Renamed in SQL' WHERE tenant_id = 't1' AND device_id = 'A2'");
      expect((await names(process1)).get('A2')).toBe('Renamed in SQL');

      await process2.register('t1', { device_id: 'NEW-1', transformer_name: 'Added', rating_kva: 50 }, 'u');
      const withNew = rowsOf(await process1.listWithPeriod('t1', 'u', days));
      expect(withNew).toHaveLength(DEVICES + 1);
      expect(withNew.find((r) => r.device_id === 'NEW-1')).toMatchObject({ transformer_name: 'Added', message_count: 0, max_a1: null });

      await db.query("DELETE FROM power_devices WHERE tenant_id = 't1' AND device_id = 'NEW-1'");
      expect((await names(process2)).has('NEW-1')).toBe(false);
      expect((await names(process2)).size).toBe(DEVICES);
    });

    it('loads a stale registry once for lists that find it stale at the same time', async () => {
      let registryReads = 0;
      const counting = {
        query: <Row>(sql: string, params?: readonly unknown[]) => {
          if (sql.includes('power_registry_version::float8 AS version')) registryReads += 1;
          return db.query<Row>(sql, params);
        },
      };
      const repository = createAssetListRepository(counting, { listParts: 2 });
      const lists = await Promise.all([1, 2, 3, 4].map(() => repository.listWithPeriod('t1', 'u', days)));
      expect(lists.map((table) => table.count)).toEqual([DEVICES, DEVICES, DEVICES, DEVICES]);
      expect(registryReads).toBe(1);
    });

    it('reads a small fleet in one statement once it knows its size, whatever the number of parts', async () => {
      const statements: string[] = [];
      const counted: Database = { ...db, query: (sql, params) => (statements.push(sql), db.query(sql, params)) };
      const repository = createAssetListRepository(counted, { listParts: 3 });
      const first = rowsOf(await repository.listWithPeriod('t1', 'u', days)); // size unknown: in parts, then the registry
      const figures = () => statements.filter((sql) => sql.startsWith('WITH period AS')).length;
      expect(figures()).toBe(3);
      statements.length = 0;
      expect(rowsOf(await repository.listWithPeriod('t1', 'u', days))).toEqual(first);
      expect(figures()).toBe(1);
    });

    it('reads several periods in one statement, each as the list of that period alone, for the caller’s tenant only', async () => {
      const periods = [
        { fromDay: dayBefore, toDay: dayBefore, previousFromDay: utcDay(Date.now() - 3 * 86_400_000) },
        { fromDay: yesterday, toDay: yesterday, previousFromDay: dayBefore },
        days,
        { fromDay: today, toDay: today, previousFromDay: yesterday },
      ];
      const statements: string[] = [];
      const counted: Database = { ...db, query: (sql, params) => (statements.push(sql), db.query(sql, params)) };
      const repository = createAssetListRepository(counted);
      await repository.listWithPeriod('t1', 'u', days); // the registry is kept from here on
      statements.length = 0;
      const tables = await repository.listWithPeriods('t1', 'u', periods);
      expect(statements).toHaveLength(1);
      expect(tables.map(rowsOf)).toEqual(
        await Promise.all(periods.map(async (p) => rowsOf(await repository.listWithPeriod('t1', 'u', p)))),
      );
      // The periods differ: two days hold twice one day's messages.
      expect(tables.map((t) => rowsOf(t)[0]?.message_count)).toEqual(
        [1, 1, 2, 1].map((n) => n * (90 + tables[0]!.registry.device_id[0]!.length)),
      );
      expect((await repository.listWithPeriods('t2', 'u', periods)).map((t) => t.count)).toEqual([5, 5, 5, 5]);
      expect((await repository.listWithPeriods('nobody', 'u', periods)).map((t) => t.count)).toEqual([0, 0, 0, 0]);
      await db.query(
        "INSERT INTO tenants (id, name, type, powerdata_type, tabs) VALUES ('no-devices', 'None', 'powerdata', 'netzero', '[]')",
      );
      expect((await repository.listWithPeriods('no-devices', 'u', periods)).map((t) => t.count)).toEqual([0, 0, 0, 0]);
    });

    it('lists nothing for a tenant without devices, or one that does not exist', async () => {
      await db.query("INSERT INTO tenants (id, name, type, powerdata_type, tabs) VALUES ('empty', 'E', 'powerdata', 'netzero', '[]')");
      const repository = createAssetListRepository(db, { listParts: 2 });
      expect((await repository.listWithPeriod('empty', 'u', days)).count).toBe(0);
      expect((await repository.listWithPeriod('no-such-tenant', 'u', days)).count).toBe(0);
    });
  });
}
