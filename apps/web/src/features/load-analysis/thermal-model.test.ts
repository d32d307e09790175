import { describe, expect, it } from 'vitest';
import type { LossOfLifeRow } from '@gridlens/contract/load-analysis';
import { overloadDisagreement } from './thermal-model';

const row = (current_over_limit: boolean, riskRaised: boolean, max_phase_loading_percent: number | null = 104.55) => ({
  current_over_limit,
  max_phase_loading_percent,
  indicators: [{ kind: 'risk-of-overload', triggered: riskRaised, triggers: [] }] as LossOfLifeRow['indicators'],
});

describe('the thermal health tab beside the current limit (issue 27)', () => {
  it('explains a current over its limit (104.55 %) whose thermal risk of overload is not raised', () => {
    expect(overloadDisagreement(row(true, false))).toBe(104.55);
  });

  it('says nothing when the two agree', () => {
    expect(overloadDisagreement(row(true, true))).toBeNull();
    expect(overloadDisagreement(row(false, false, 80))).toBeNull();
    expect(overloadDisagreement(row(false, false, null))).toBeNull();
  });
});
