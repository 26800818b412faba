/* A scenario that moved into an engine's folder keeps its old address. */
import { describe, expect, it } from 'vitest';
import { hasScenario, loadScenario, scenarioIds } from '.';

describe('a scenario’s address', () => {
  it('an id without its engine folder opens the one scenario that ends with it', async () => {
    const ids = await scenarioIds();
    const nested = ids.filter((id) => id.split('/').length > 2);
    expect(nested.length).toBeGreaterThan(0);
    for (const id of nested) {
      const old = id.slice(id.indexOf('/') + 1);
      if (ids.filter((other) => other.endsWith(`/${old}`)).length !== 1) continue;
      expect(await hasScenario(old), old).toBe(true);
      expect(await loadScenario(old)).toEqual(await loadScenario(id));
    }
  });

  it('an id that names no scenario, or the last part shared by several, is refused', async () => {
    expect(await hasScenario('no/such/scenario')).toBe(false);
    const ids = await scenarioIds();
    const names = ids.map((id) => id.slice(id.lastIndexOf('/') + 1));
    const shared = names.find((name, i) => names.indexOf(name) !== i);
    if (shared) expect(await hasScenario(shared)).toBe(false);
    await expect(loadScenario('no/such/scenario')).rejects.toThrow('no scenario no/such/scenario');
  });
});
