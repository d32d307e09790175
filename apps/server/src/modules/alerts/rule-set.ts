/** What every rule has for choosing its devices: one device, or every device (of a type when given). */
interface ScopedRule {
  device_id: string | null;
  device_type: string | null;
}

/** A tenant's rules of one kind, indexed for evaluation: by device, and those for every device. */
export interface RuleSet<R extends ScopedRule> {
  byDevice: Map<string, R[]>;
  everyDevice: R[];
  /** Whether any rule for every device is limited to a device type (then the batch's device types are read). */
  byType: boolean;
}

export function ruleSetOf<R extends ScopedRule>(rules: readonly R[]): RuleSet<R> {
  const byDevice = new Map<string, R[]>();
  const everyDevice: R[] = [];
  for (const rule of rules) {
    if (rule.device_id === null) everyDevice.push(rule);
    else {
      const list = byDevice.get(rule.device_id);
      if (list) list.push(rule);
      else byDevice.set(rule.device_id, [rule]);
    }
  }
  return { byDevice, everyDevice, byType: everyDevice.some((rule) => rule.device_type !== null) };
}

export const isEmptyRuleSet = (rules: RuleSet<ScopedRule>) => rules.byDevice.size === 0 && rules.everyDevice.length === 0;

/** The rules that watch a device: its own, and those for every device (of its type). */
export function rulesForDevice<R extends ScopedRule>(rules: RuleSet<R>, deviceId: string, deviceType: string | null): R[] {
  return [
    ...(rules.byDevice.get(deviceId) ?? []),
    ...rules.everyDevice.filter((rule) => rule.device_type === null || rule.device_type === deviceType),
  ];
}
