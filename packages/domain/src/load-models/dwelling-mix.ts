/**
 * The dwelling mix of a transformer's area (`GET /api/powerdata/ber/device/{areaId}`): building-energy-rating
 * bands A-G and dwelling classes, as shares in percent. A demo source, not survey data: an area is a transformer's
 * area, typed by its commuter flag (docs/decisions.md, "Load planning (issue 20)"), and each type carries an
 * order-of-magnitude Irish mix:
 * - BER bands after SEAI's BER Research Tool national picture (most certificates C and D; A mostly new builds,
 *   which commuter suburbs hold more of; older rural and town-centre stock more E-G);
 * - dwelling classes after CSO Census 2022 (about 42 % of occupied dwellings detached, 28 % semi-detached,
 *   17 % terraced, 12 % apartments), tilted towards semi-detached estates in commuter areas.
 */
import type { CommuterStatus } from './model-parameters';

export const BER_BANDS = ['A', 'B', 'C', 'D', 'E', 'F', 'G'] as const;
export type BerBand = (typeof BER_BANDS)[number];
export const DWELLING_CLASSES = ['detached', 'semi_detached', 'terraced', 'apartment'] as const;
export type DwellingClass = (typeof DWELLING_CLASSES)[number];

export interface DwellingMix {
  /** Share of dwellings in each BER band, percent (sums to 100). */
  berBandPercent: Readonly<Record<BerBand, number>>;
  /** Share of dwellings of each class, percent (sums to 100). */
  dwellingClassPercent: Readonly<Record<DwellingClass, number>>;
}

export const DWELLING_MIX_BY_AREA: Readonly<Record<CommuterStatus, DwellingMix>> = {
  commuter: {
    berBandPercent: { A: 14, B: 20, C: 34, D: 20, E: 6, F: 3, G: 3 },
    dwellingClassPercent: { detached: 30, semi_detached: 40, terraced: 20, apartment: 10 },
  },
  non_commuter: {
    berBandPercent: { A: 6, B: 11, C: 30, D: 28, E: 12, F: 6, G: 7 },
    dwellingClassPercent: { detached: 52, semi_detached: 20, terraced: 15, apartment: 13 },
  },
};

/** The area type of a transformer: its commuter flag (the EV model's commuter status uses the same two kinds). */
export function areaTypeOf(commuterArea: boolean): CommuterStatus {
  return commuterArea ? 'commuter' : 'non_commuter';
}
