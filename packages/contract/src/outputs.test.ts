import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { allEndpoints } from './index';

interface ZodLike {
  _zod: { def: Record<string, unknown> & { type: string } };
}

/**
 * The transforms and codecs inside a schema, by path. The server checks answers with zod's
 * parse (apps/server/src/http/serializer.ts), which equals encode only without them.
 */
function oneWayParts(schema: ZodLike, path = '', seen = new Set<ZodLike>()): string[] {
  if (seen.has(schema)) return [];
  seen.add(schema);
  const { def } = schema._zod;
  const inner = (child: unknown, at: string) => oneWayParts(child as ZodLike, at, seen);
  switch (def.type) {
    case 'transform':
      return [path || '(root)'];
    case 'pipe':
      if (def.transform || def.reverseTransform) return [path || '(root)'];
      return [...inner(def.in, path), ...inner(def.out, path)];
    case 'object':
      return [
        ...Object.entries(def.shape as Record<string, unknown>).flatMap(([key, field]) =>
          inner(field, `${path}.${key}`),
        ),
        ...(def.catchall ? inner(def.catchall, `${path}.*`) : []),
      ];
    case 'array':
      return inner(def.element, `${path}[]`);
    case 'union':
      return (def.options as unknown[]).flatMap((option) => inner(option, path));
    case 'intersection':
      return [...inner(def.left, path), ...inner(def.right, path)];
    case 'record':
      return [...inner(def.keyType, `${path}{key}`), ...inner(def.valueType, `${path}{}`)];
    case 'tuple':
      return [
        ...(def.items as unknown[]).flatMap((item, i) => inner(item, `${path}[${i}]`)),
        ...(def.rest ? inner(def.rest, `${path}[...]`) : []),
      ];
    case 'lazy':
      return inner((def.getter as () => unknown)(), path);
    default:
      return def.innerType ? inner(def.innerType, path) : [];
  }
}

describe('endpoint outputs', () => {
  it('hold no transform or codec, so checking an answer with parse equals encoding it', () => {
    const oneWay = allEndpoints.flatMap((endpoint) =>
      oneWayParts(endpoint.output as unknown as ZodLike).map(
        (at) => `${endpoint.module}/${endpoint.action}${at}`,
      ),
    );
    expect(oneWay).toEqual([]);
  });

  it('would be caught with one', () => {
    const schema = z.object({ a: z.array(z.string().transform(Number)), b: z.stringbool() });
    expect(oneWayParts(schema as unknown as ZodLike)).toEqual(['.a[]', '.b']);
  });
});
