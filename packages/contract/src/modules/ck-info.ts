import { z } from 'zod';
import { text } from '../common';
import { defineModule } from '../define';

/** 32 hex digits in any of the formats N, D, B or P. */
export const GUID_PATTERN =
  /^(?:[0-9a-f]{32}|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|\{[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\}|\([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\))$/i;

export const visitInputSchema = z.object({
  FirstHref: text(2048).min(1).meta({ title: '首次访问地址' }),
  GUID: text(38).regex(GUID_PATTERN, { error: '应为32位十六进制数字' }).meta({ title: '访客标识' }),
  bd_vid: text(256).optional().meta({ title: '推广标识' }),
  from: text(64).optional().meta({ title: '来源' }),
});
export type VisitInput = z.input<typeof visitInputSchema>;

export const CKInfo = defineModule('CKInfo', {
  Add: {
    method: 'POST',
    summary: '首次访问记录（营销归因），同一 GUID 只记一次',
    access: 'optional',
    whenSwitched: 'allow',
    input: visitInputSchema,
    output: z.object({ GUID: z.string() }),
  },
});
