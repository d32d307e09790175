import { describe, expect, it } from 'vitest';
import { createUnknownTenantLog } from './unknown-tenant-log';

describe('unknown tenant log', () => {
  it('logs each unknown tenant once, naming it and the command that adds it', () => {
    const lines: { tenant: unknown; message: string }[] = [];
    const log = createUnknownTenantLog({
      warn: (fields: { tenant: unknown }, message: string) => lines.push({ tenant: fields.tenant, message }),
    } as never);
    log.record('acme');
    log.record('acme');
    log.record('other');
    log.record('acme');
    expect(lines.map((line) => line.tenant)).toEqual(['acme', 'other']);
    expect(lines[0]?.message).toContain('"acme" is not set up');
    expect(lines[0]?.message).toContain('npm run tenant -- add');
  });
});
