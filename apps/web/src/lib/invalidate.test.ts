import { describe, expect, it } from 'vitest';

// Decision 0011: every mutation declares, beside it, the queries it changes.
const apiSources = import.meta.glob<string>('../features/*/api/*.ts', {
  query: '?raw',
  import: 'default',
  eager: true,
});

describe('mutations', () => {
  const mutationFiles = Object.entries(apiSources).filter(([, source]) =>
    source.includes('useMutation('),
  );

  it('are found', () => {
    expect(mutationFiles.length).toBeGreaterThan(10);
  });

  it.each(mutationFiles)('%s declares the queries it invalidates', (_path, source) => {
    expect(source).toMatch(/export const \w+Invalidates = \[/);
  });

  it.each(mutationFiles.filter(([, source]) => /Invalidates = \[[^\]]/.test(source)))(
    '%s invalidates what it declares when it succeeds',
    (_path, source) => {
      expect(source).toMatch(/invalidateQueries\(\w+Invalidates\)/);
    },
  );
});
