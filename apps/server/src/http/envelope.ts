import { z } from 'zod';
import { envelopeSchema, type Envelope } from '@pcb/contract';

export const ok = <T>(data: T): Envelope<T> => ({ success: true, data, message: '' });
/** A refusal; `field` names the input field it is about, when it is about one. */
export const fail = (message: string, field: string | null = null): Envelope<null> =>
  field === null
    ? { success: false, data: null, message }
    : { success: false, data: null, message, field };

export const errorEnvelopeSchema = z.object({
  success: z.literal(false),
  data: z.null(),
  message: z.string(),
  field: z.string().optional(),
});

export { envelopeSchema };
