import { z } from 'zod';
import { defineModule, emptyInput } from '../define';
import {
  idQuerySchema,
  idSchema,
  mobileSchema,
  okSchema,
  pageInput,
  pageOf,
  text,
} from '../common';
import { REGION_CODE_PATTERN, regionSchema } from './city-class';

/** How many shipping addresses one member may keep. */
export const RECEIVER_LIMIT = 50;
export const RECEIVER_NAME_MAX = 30;
export const RECEIVER_ADDRESS_MAX = 120;
export const RECEIVER_COMPANY_MAX = 60;

export const receiverSchema = z.object({
  id: z.number().int(),
  receiverName: z.string(),
  /** The member's own number for this address, in full (the list masks it on screen). */
  mobile: z.string(),
  region: regionSchema,
  address: z.string(),
  postcode: z.string().nullable(),
  company: z.string().nullable(),
  isDefault: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Receiver = z.infer<typeof receiverSchema>;

/** Empty text of an optional field is no value. */
const blankToNull = (value: string | null | undefined) => (value ? value : null);

/** The fields of an address as the form sends them; the region's names come from the server. */
export const receiverFields = {
  receiverName: text(RECEIVER_NAME_MAX)
    .trim()
    .min(1, { error: '请填写收货人' })
    .meta({ title: '收货人' }),
  mobile: mobileSchema,
  regionCode: text(9)
    .trim()
    .min(1, { error: '请选择所在地区', abort: true })
    .regex(REGION_CODE_PATTERN, { error: '请选择所在地区' })
    .meta({ title: '所在地区' }),
  address: text(RECEIVER_ADDRESS_MAX)
    .trim()
    .min(2, { error: '请填写详细地址（至少2个字）' })
    .meta({ title: '详细地址' }),
  postcode: text(6)
    .trim()
    .regex(/^(\d{6})?$/, { error: '邮编应为6位数字' })
    .nullish()
    .transform(blankToNull)
    .meta({ title: '邮编' }),
  company: text(RECEIVER_COMPANY_MAX)
    .trim()
    .nullish()
    .transform(blankToNull)
    .meta({ title: '公司名称' }),
  /** Make it the default address; false never takes the default away (another one must take it). */
  isDefault: z.boolean({ error: '应为是或否' }).optional().meta({ title: '设为默认' }),
};

export const receiverInputSchema = z.object(receiverFields);
export type ReceiverInput = z.input<typeof receiverInputSchema>;

export const MemberReceiver = defineModule('MemberReceiver', {
  Get: {
    method: 'GET',
    summary: '我的一个收货地址',
    access: 'member',
    whenSwitched: 'allow',
    input: z.object({ id: idQuerySchema }),
    output: receiverSchema,
  },
  GetPagedList: {
    method: 'GET',
    summary: '我的收货地址（默认地址在前，其余按最近修改）',
    access: 'member',
    whenSwitched: 'allow',
    input: z.object(pageInput),
    output: pageOf(receiverSchema),
  },
  UpdateDefault: {
    method: 'PATCH',
    summary: '设为默认收货地址',
    access: 'member',
    whenSwitched: 'allow',
    input: z.object({ id: idSchema }),
    output: receiverSchema,
  },
  Delete: {
    method: 'DELETE',
    summary: '删除收货地址；删除默认地址时最近的一个成为默认',
    access: 'member',
    whenSwitched: 'allow',
    input: z.object({ id: idSchema }),
    output: okSchema,
  },
  Create: {
    method: 'POST',
    summary: '新增收货地址；第一个地址自动成为默认',
    access: 'member',
    whenSwitched: 'allow',
    input: receiverInputSchema,
    output: receiverSchema,
  },
  Update: {
    method: 'PUT',
    summary: '修改收货地址',
    access: 'member',
    whenSwitched: 'allow',
    input: z.object({ id: idSchema, ...receiverFields }),
    output: receiverSchema,
  },
  getDefaultOrLast: {
    method: 'GET',
    summary: '默认收货地址，没有则为最近新增或修改的一个；一个都没有为 null',
    access: 'member',
    whenSwitched: 'allow',
    input: emptyInput,
    output: receiverSchema.nullable(),
  },
});
