import type { AssetListItem } from '@gridlens/contract/assets';

/** Spec §2 Asset detail: Charts, Messages, EV Analysis, HP Analysis. */
export const ASSET_TABS = ['charts', 'messages', 'ev', 'hp'] as const;
/**
 * Spec §2 power-data device tabs, for monitors with power quality enabled, and the EV and HP Analysis every
 * transformer has (issue 27: the fleet analysis ranks power-quality transformers too and links to them).
 */
export const POWER_QUALITY_TABS = ['charts', 'messages', 'trends', 'events', 'faults', 'health', 'metering', 'images', 'ev', 'hp'] as const;
export type AssetTab = (typeof ASSET_TABS)[number] | (typeof POWER_QUALITY_TABS)[number];

/** The tabs that show a period, and so the time-range choice. */
export const tabHasRange = (tab: AssetTab) => tab !== 'ev' && tab !== 'hp' && tab !== 'images';

export const tabsOf = (item: Pick<AssetListItem, 'power_quality_enabled'>): readonly AssetTab[] =>
  item.power_quality_enabled ? POWER_QUALITY_TABS : ASSET_TABS;

/** The tab in the URL (?tab=) when the device has it, else its first tab. */
export function tabOf(text: string | null, tabs: readonly AssetTab[]): AssetTab {
  return tabs.find((tab) => tab === text) ?? (tabs[0] as AssetTab);
}
