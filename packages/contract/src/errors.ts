import { z } from 'zod';

/**
 * An input field's Chinese name lives on its schema (`mobileSchema.meta({ title: '新手机号' })`,
 * primitives carry a default), so the same wire name can mean two things in two endpoints.
 */
function titleOf(schema: z.core.$ZodType): string | undefined {
  const title = z.globalRegistry.get(schema as z.ZodType)?.title;
  return typeof title === 'string' ? title : undefined;
}

/** The schema one step down `key`, looking through wrappers; undefined when there is none. */
function childOf(schema: z.core.$ZodType, key: PropertyKey): z.core.$ZodType | undefined {
  const def = schema._zod.def;
  switch (def.type) {
    case 'object':
      return typeof key === 'string' ? (def as z.core.$ZodObjectDef).shape[key] : undefined;
    case 'array':
      return typeof key === 'number' ? (def as z.core.$ZodArrayDef).element : undefined;
    case 'union':
      // The first option that has the field: unions here are ways of proving the same thing.
      for (const option of (def as z.core.$ZodUnionDef).options) {
        for (const layer of layers(option)) {
          const child = childOf(layer, key);
          if (child) return child;
        }
      }
      return undefined;
    default:
      return undefined;
  }
}

/** The wrappers a field's schema may sit in (optional, default, pipe, …), outermost first. */
function* layers(schema: z.core.$ZodType): Generator<z.core.$ZodType> {
  let current: z.core.$ZodType | undefined = schema;
  for (let depth = 0; current && depth < 16; depth += 1) {
    yield current;
    const def = current._zod.def as { innerType?: z.core.$ZodType; in?: z.core.$ZodType };
    current = def.innerType ?? def.in;
  }
}

/** What a message says when the schema names no field there: the input as a whole. */
export const UNNAMED = '请求';

/** The Chinese name of the field at `path` in `schema`: the deepest field that has one. */
export function labelAt(schema: z.core.$ZodType | undefined, path: readonly PropertyKey[]): string {
  let label: string | undefined;
  let current = schema;
  for (const key of path) {
    let next: z.core.$ZodType | undefined;
    for (const layer of current ? layers(current) : []) {
      next = childOf(layer, key);
      if (next) break;
    }
    current = next;
    if (!current) break;
    for (const layer of layers(current)) {
      const title = titleOf(layer);
      if (title) {
        label = title;
        break;
      }
    }
  }
  return label ?? UNNAMED;
}

/**
 * Chinese messages for zod's built-in checks. Schemas give their own message where a rule
 * needs explaining; the server prefixes the field's label (see `formatIssue`).
 */
export const chineseErrors: z.core.$ZodErrorMap = (issue) => {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined || issue.input === null ? '不能为空' : '类型不正确';
    case 'too_small':
      if (issue.origin === 'string')
        return Number(issue.minimum) <= 1 ? '不能为空' : `至少${String(issue.minimum)}个字符`;
      return `不能小于${String(issue.minimum)}`;
    case 'too_big':
      if (issue.origin === 'string') return `最多${String(issue.maximum)}个字符`;
      return `不能大于${String(issue.maximum)}`;
    case 'invalid_format':
      return '格式不正确';
    case 'invalid_value':
      return '取值不在允许范围内';
    case 'unrecognized_keys':
      return '包含无法识别的字段';
    default:
      return '格式不正确';
  }
};

z.config({ customError: chineseErrors });

/**
 * One validation issue as the user reads it: `手机号：应为以1开头的11位数字`, the field named by
 * the schema that was checked.
 */
export function formatIssue(
  issue: { path: readonly PropertyKey[]; message: string },
  schema: z.core.$ZodType | undefined,
): string {
  return `${labelAt(schema, issue.path)}：${issue.message}`;
}
