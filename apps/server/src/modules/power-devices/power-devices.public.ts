import type { AssetListItem, PowerDevice } from '@gridlens/contract/power-devices';

/*
 * What the power-devices module hands out besides its factory and service (power-devices.module.ts): the shapes
 * other modules receive.
 */

/** What the assets list says of a device beyond its registry entry: the figures, states and issue flags. */
export type AssetFigures = Omit<AssetListItem, keyof PowerDevice>;
