import { apiRoutes, authEndpoints, ERROR_REASONS, errorCodes, isErrorEnvelope } from '@hanabi/api';
import * as contract from '@hanabi/api';
import { describe, expect, it } from 'vitest';
import { lightContractSource } from '../../apps/web/build/light-contract.plugin.ts';

const ENTRY = '/contract/index.ts';

/** Evaluates the generated module's inlined part (the re-export line needs the bundler, so it is cut off). */
function evaluate(source: string): Record<string, unknown> {
  const body = source
    .split('\n')
    .filter((line) => !line.startsWith('export {'))
    .join('\n')
    .replace(/^export (const|function) (\w+)/gm, '$1 $2');
  const names = [...source.matchAll(/^export (?:const|function) (\w+)/gm)].map((match) => match[1]);
  return new Function(`${body}\nreturn { ${names.join(', ')} };`)() as Record<string, unknown>;
}

describe('the light contract of the production web build (decision 0100)', () => {
  const source = lightContractSource({ ...contract }, ENTRY);
  const light = evaluate(source);

  it('has every route of the contract with its method and path only', () => {
    const table = light.apiRoutes as Record<string, { method: string; path: string }>;
    expect(Object.keys(table).sort()).toEqual(Object.keys(apiRoutes).sort());
    for (const [name, route] of Object.entries(apiRoutes)) {
      expect(table[name], name).toEqual({ method: route.method, path: route.path });
    }
    expect(light.authEndpoints).toEqual(
      Object.fromEntries(
        Object.entries(authEndpoints).map(([name, r]) => [name, { method: r.method, path: r.path }]),
      ),
    );
  });

  it('inlines plain constants and re-exports schemas and helpers from the contract', () => {
    expect(light.ERROR_REASONS).toEqual(ERROR_REASONS);
    expect(light.errorCodes).toEqual(errorCodes);
    const reexport = source.split('\n').find((line) => line.startsWith('export {'));
    expect(reexport).toContain(' CampaignStatus,');
    expect(reexport).toContain(' buildPath,');
    expect(reexport).toMatch(new RegExp(`from "${ENTRY}";$`));
    expect(source).not.toMatch(/\bzod\b/);
  });

  it('tells the error envelope from other bodies like the contract does', () => {
    const check = light.isErrorEnvelope as (value: unknown) => boolean;
    const bodies: unknown[] = [
      { error: { code: 'NOT_FOUND', message: 'No such campaign' } },
      { error: { code: 'VALIDATION_FAILED', message: 'Bad', details: [] } },
      { error: { code: 'NO_SUCH_CODE', message: 'x' } },
      { error: { code: 'NOT_FOUND' } },
      { error: 'NOT_FOUND' },
      '<html>502</html>',
      null,
      { error: { code: 'toString', message: 'x' } },
    ];
    for (const body of bodies) expect(check(body), JSON.stringify(body)).toBe(isErrorEnvelope(body));
  });
});
