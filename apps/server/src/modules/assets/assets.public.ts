import type { AssetListItem, PowerDevice } from '@gridlens/contract/assets';

/*
 * What the assets module hands out besides its factory and service (assets.module.ts): the shapes
 * other modules receive.
 */

/** What the assets list says of a device beyond its registry entry: the figures, states and issue flags. */
export type AssetFigures = Omit<AssetListItem, keyof PowerDevice>;

/** A device as the load models see it (load planning, issue 20). */
export interface PlanningDevice {
  device_id: string;
  transformer_name: string;
  rating_kva: number;
  connected_mprns: number;
  commuter_area: boolean;
}

/**
 * The daily rollup with each day's missed messages: the assets list's figures, and the one rule the trends and the
 * coverage check (power-readings) read too.
 */
export { dailyWithMissed } from './daily-with-missed';
