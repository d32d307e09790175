import type { AssetListItem } from '@gridlens/contract/power-devices';

/** Spec §2 Asset detail: Charts, Messages, EV Analysis, HP Analysis. */
export const ASSET_TABS = ['charts', 'messages', 'ev', 'hp'] as const;
/**
 * Spec §2 power-data device tabs, for monitors with power quality enabled. Trends Data, Events, Fault Records,
 * XFRMR Health, Metering and Images come with the next part of issue 4; until then such a device shows the two
 * tabs built so far (its EV and HP analyses are not part of its tab set).
 */
export const POWER_QUALITY_TABS = ['charts', 'messages'] as const;
export type AssetTab = (typeof ASSET_TABS)[number];

export const tabsOf = (item: Pick<AssetListItem, 'power_quality_enabled'>): readonly AssetTab[] =>
  item.power_quality_enabled ? POWER_QUALITY_TABS : ASSET_TABS;

/** The tab in the URL (?tab=) when the device has it, else its first tab. */
export function tabOf(text: string | null, tabs: readonly AssetTab[]): AssetTab {
  return tabs.find((tab) => tab === text) ?? (tabs[0] as AssetTab);
}
