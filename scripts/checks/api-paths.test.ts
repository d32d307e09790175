import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { strayPaths, strayPathsIn } from './api-paths';

describe('the check against API paths written outside the contract', () => {
  it('finds a path in a string, in a template around a substitution and in JSX, and not in comments', () => {
    const source = [
      '// GET /api/powerdata/device lists the devices',
      "const list = '/api/powerdata/device';",
      'const one = (id: string) => `/api/powerdata/device/${id}/x`;',
      'const docs = "/api";',
      "const other = '/apiary/x';",
      '/* /api/alert in a block comment */',
      'const link = <a href="/api/docs">docs</a>;',
    ].join('\n');
    expect(strayPathsIn('fixture.tsx', source).map((hit) => [hit.line, hit.text])).toEqual([
      [2, "'/api/powerdata/device'"],
      [3, '`/api/powerdata/device/${'],
      [4, '"/api"'],
      [7, '"/api/docs"'],
    ]);
  });

  describe('over a repository', () => {
    let root = '';
    afterEach(() => rmSync(root, { recursive: true, force: true }));

    it('lets the contract routes hold paths and fails on a path planted anywhere else', () => {
      root = mkdtempSync(join(tmpdir(), 'api-paths-'));
      execFileSync('git', ['init', '-q'], { cwd: root });
      mkdirSync(join(root, 'packages/contract/src/routes'), { recursive: true });
      mkdirSync(join(root, 'apps/web/src'), { recursive: true });
      writeFileSync(join(root, 'packages/contract/src/routes/devices.ts'), "export const path = '/api/device';\n");
      writeFileSync(join(root, 'apps/web/src/calls.ts'), "export const ok = 'no path here';\n");
      expect(strayPaths(root)).toEqual([]);
      writeFileSync(join(root, 'apps/web/src/calls.ts'), "export const planted = fetch('/api/device');\n");
      expect(strayPaths(root)).toEqual([{ file: 'apps/web/src/calls.ts', line: 1, text: "'/api/device'" }]);
    });
  });
});
