/**
 * The rollout plan's words (issue 30): a site is a planned installation place (a transformer or a substation) of a
 * planner group (a crew or contractor in a region, with a weekly target).
 */

/** Where a site stands: planned (no device fitted yet), installed (a device fitted), aborted (tried, failed, with a reason). */
export const SITE_STATES = ['planned', 'installed', 'aborted'] as const;
export type SiteState = (typeof SITE_STATES)[number];

/** The abort reasons every tenant has; a tenant adds its own beside them. */
export const BUILT_IN_ABORT_REASONS = ['no_access', 'no_coverage', 'unsafe', 'equipment_missing'] as const;
export type BuiltInAbortReason = (typeof BUILT_IN_ABORT_REASONS)[number];

/** A planner group against its plan to date: installed sites beside the sites planned up to this week. */
export const PLAN_STATES = ['ahead', 'on_plan', 'behind'] as const;
export type PlanState = (typeof PLAN_STATES)[number];

/** Limits of the plan's fields (the API's validation and the import's). */
export const SITE_ID_MAX = 64;
export const NAME_MAX = 60;
export const NOTES_MAX = 1000;
export const WEEKLY_TARGET_MAX = 10_000;
/** An import's file: larger is refused before it is read. */
export const IMPORT_MAX_BYTES = 20 * 1024 * 1024;
/** An import's rows: a national programme's sites fit (issue 30: 100,000). */
export const IMPORT_MAX_ROWS = 250_000;
