import { parseArgs } from 'node:util';
import type { Queryable } from '../../db/database';
import { changeTenant } from './tenant-change';
import { fieldProblems, NewTenantSchema, TenantChangeSchema, type FieldProblem } from './tenant-input';
import { createTenantsRepository, type TenantRow } from './tenants.repository';

export const TENANT_COMMAND_USAGE = `Usage:
  npm run tenant -- list
  npm run tenant -- show <id>
  npm run tenant -- add <id> --name <name> --type powerdata|tracking --tabs <section[=label],...>
                            [--powerdata-type <kind>] [--language EN|GA|FR|ES|PL] [--time-zone <IANA zone>]
  npm run tenant -- set <id> [--name <name>] [--tabs <section[=label],...>] [--powerdata-type <kind>|none]
                            [--language EN|GA|FR|ES|PL]
Sections: poi, locations, journeys, devices, report, alerts (tracking); assets, powercoil_analytics,
powercoil_report, powercoil_alerts, powercoil_ev, rollout (powerdata). A tab without "=label" shows the section's own
name, translated. The type and the time zone are fixed once a tenant exists.`;

/** Where the command writes: its answers, and its refusals. */
export interface CommandOutput {
  out(line: string): void;
  err(line: string): void;
}

/** Exit codes: 0 done, 1 refused (bad value, unknown or existing tenant), 2 not understood (see the usage). */
export type ExitCode = 0 | 1 | 2;

const OPTIONS = {
  name: { type: 'string' },
  type: { type: 'string' },
  tabs: { type: 'string' },
  'powerdata-type': { type: 'string' },
  language: { type: 'string' },
  'time-zone': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** The option an operator typed for each field, so a refusal names both. */
const OPTION_OF: Record<string, string> = {
  id: '<id>',
  name: '--name',
  type: '--type',
  tabs: '--tabs',
  powerdata_type: '--powerdata-type',
  language: '--language',
  time_zone: '--time-zone',
};

/** `assets,powercoil_report=Daily grid report` → [{ id: 'assets', label: '' }, { id: 'powercoil_report', label: 'Daily grid report' }]. */
export function parseTabs(text: string): { id: string; label: string }[] {
  return text
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .map((part) => {
      const at = part.indexOf('=');
      return at < 0 ? { id: part, label: '' } : { id: part.slice(0, at).trim(), label: part.slice(at + 1).trim() };
    });
}

/** A refused field as the operator reads it, with the option they typed: `tabs (--tabs): …`. */
function refusalLine({ field, message }: FieldProblem): string {
  const option = OPTION_OF[field.split('.')[0] ?? ''];
  if (field === '') return message;
  return option ? `${field} (${option}): ${message}` : `${field}: ${message}`;
}

function describe(tenant: TenantRow): string {
  const tabs = tenant.tabs.map((tab) => (tab.label ? `${tab.id}=${tab.label}` : tab.id)).join(',');
  return [tenant.id, tenant.type, tenant.powerdata_type ?? '-', tenant.language, tenant.time_zone, tenant.name, tabs].join('\t');
}

/**
 * The operator's tenant command (issue 28): lists, shows, adds and changes tenants and their tabs on the database
 * it is given, refusing bad values with the field (and its option) named. SQL stays in the tenants repository.
 */
export async function runTenantCommand(argv: readonly string[], db: Queryable, io: CommandOutput): Promise<ExitCode> {
  let parsed;
  try {
    parsed = parseArgs({ args: [...argv], options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    io.err((error as Error).message);
    io.err(TENANT_COMMAND_USAGE);
    return 2;
  }
  const { values, positionals } = parsed;
  const [action, id, ...extra] = positionals;
  if (values.help || action === undefined) {
    if (values.help) {
      io.out(TENANT_COMMAND_USAGE);
      return 0;
    }
    io.err(TENANT_COMMAND_USAGE);
    return 2;
  }
  const repository = createTenantsRepository(db);
  if (action === 'list' && id === undefined) {
    const tenants = await repository.list();
    io.out(['id', 'type', 'powerdata_type', 'language', 'time_zone', 'name', 'tabs'].join('\t'));
    for (const tenant of tenants) io.out(describe(tenant));
    return 0;
  }
  if (!['show', 'add', 'set'].includes(action) || id === undefined || extra.length > 0) {
    io.err(TENANT_COMMAND_USAGE);
    return 2;
  }
  if (action === 'show') {
    const tenant = await repository.findById(id);
    if (!tenant) return refuseWith(io, `No tenant "${id}"`);
    io.out(JSON.stringify(tenant, null, 2));
    return 0;
  }
  const tabs = values.tabs === undefined ? undefined : parseTabs(values.tabs);
  const language = values.language?.toUpperCase();
  const powerdataType = values['powerdata-type'];
  if (action === 'add') {
    const input = NewTenantSchema.safeParse({
      id,
      name: values.name,
      type: values.type,
      powerdata_type: powerdataType,
      tabs,
      language,
      time_zone: values['time-zone'],
    });
    if (!input.success) return refuse(io, fieldProblems(input.error));
    if (!(await repository.insert(input.data))) return refuseWith(io, `A tenant "${id}" exists already: change it with "set"`);
    io.out(`Added tenant ${id}`);
    return 0;
  }
  if (values.type !== undefined || values['time-zone'] !== undefined) {
    const field = values.type !== undefined ? 'type' : 'time_zone';
    return refuse(io, [{ field, message: `the ${field === 'type' ? 'type' : 'time zone'} is fixed once the tenant exists` }]);
  }
  const change = TenantChangeSchema.safeParse({
    name: values.name,
    powerdata_type: powerdataType === 'none' ? null : powerdataType,
    tabs,
    language,
  });
  if (!change.success) return refuse(io, fieldProblems(change.error));
  const outcome = await changeTenant(repository, id, change.data);
  if ('missing' in outcome) return refuseWith(io, `No tenant "${id}": add it with "add"`);
  if ('problems' in outcome) return refuse(io, outcome.problems);
  io.out(`Changed tenant ${id}`);
  return 0;
}

function refuse(io: CommandOutput, problems: FieldProblem[]): 1 {
  for (const problem of problems) io.err(refusalLine(problem));
  return 1;
}

function refuseWith(io: CommandOutput, line: string): 1 {
  io.err(line);
  return 1;
}
