import { App, Form, type FormItemProps } from 'antd';
import type { z } from 'zod';
import { labelAt } from '@pcb/contract';
import { ApiError } from '@pcb/client';

type ObjectSchema = z.ZodObject;

export interface SchemaItemOptions {
  /** The form's value as the wire carries it (a date picker's value, '' for null). */
  toWire?: (value: unknown) => unknown;
  /** Another label than the schema's title. */
  label?: string;
}

/** The message without the field's name in front (`标题：不能为空`), shown under that field. */
function underField(message: string, label: string): string {
  const prefix = `${label}：`;
  return message.startsWith(prefix) ? message.slice(prefix.length) : message;
}

/**
 * One antd form over a contract input schema (decision 0022): each item takes its Chinese
 * label and its rule from the field's own schema, so the form checks exactly what the server
 * will; a refusal naming a field of the form shows under it, anything else as a toast.
 * `fieldOf` maps wire fields onto the form field that edits them (`startsAt` → `range`).
 */
export function useSchemaForm<S extends ObjectSchema, V = z.input<S>>(
  schema: S,
  fieldOf: Partial<Record<keyof S['shape'] & string, string>> = {},
) {
  const [form] = Form.useForm<V>();
  const { message } = App.useApp();
  const shape = schema.shape as Record<string, z.ZodType>;

  /** `<Form.Item {...item('title')}>`: name, label, required mark and the schema's rule. */
  function item(name: keyof S['shape'] & string, options: SchemaItemOptions = {}): FormItemProps {
    const fieldSchema = shape[name];
    if (!fieldSchema) throw new Error(`${name} is not a field of this schema`);
    const label = options.label ?? labelAt(schema, [name]);
    const wire = options.toWire ?? ((value: unknown) => value);
    return {
      name,
      label,
      required: !fieldSchema.safeParse(wire(undefined)).success,
      rules: [
        {
          validator: async (_rule, value) => {
            const result = fieldSchema.safeParse(wire(value));
            if (!result.success) throw new Error(result.error.issues[0]?.message ?? '格式不正确');
          },
        },
      ],
    };
  }

  /** Shows a failed submit: under the field it names when this form has it, else a toast. */
  function refuse(error: unknown): void {
    if (!(error instanceof ApiError)) {
      void message.error('操作失败，请稍后重试');
      return;
    }
    const wireField = error.field?.split('.')[0];
    const mapped = wireField
      ? (fieldOf as Record<string, string | undefined>)[wireField]
      : undefined;
    const formField = mapped ?? wireField;
    // Only a field on screen can show it: `getFieldsValue()` holds the mounted fields.
    if (formField && formField in (form.getFieldsValue() as object)) {
      const label = wireField ? labelAt(schema, [wireField]) : '';
      form.setFields([{ name: formField as never, errors: [underField(error.message, label)] }]);
      return;
    }
    void message.error(error.message);
  }

  return { form, item, refuse };
}
