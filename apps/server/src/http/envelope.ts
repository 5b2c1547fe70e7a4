import { z } from 'zod';
import { envelopeSchema, type Envelope } from '@pcb/contract';

export const ok = <T>(data: T): Envelope<T> => ({ success: true, data, message: '' });
export const fail = (message: string): Envelope<null> => ({ success: false, data: null, message });

export const errorEnvelopeSchema = z.object({
  success: z.literal(false),
  data: z.null(),
  message: z.string(),
});

export { envelopeSchema };
