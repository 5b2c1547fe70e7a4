import { z } from 'zod';
import { idSchema, pageInput, pageOf, text } from '../common';
import { creditCodeSchema } from '../credit-code';
import { defineModule } from '../define';
import { companyNameSchema } from './member-info';

export const directoryCompanySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  creditCode: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type DirectoryCompany = z.infer<typeof directoryCompanySchema>;

const companyInput = {
  name: companyNameSchema,
  creditCode: creditCodeSchema,
};

/** The company directory the profile and certification forms suggest names from. */
export const StaffCompanyDirectory = defineModule('StaffCompanyDirectory', {
  List: {
    method: 'GET',
    summary: '公司名录（按名称片段或信用代码搜索）',
    access: 'staff',
    roles: ['admin', 'sales'],
    input: z.object({
      keyword: text(64).trim().optional().meta({ title: '关键词' }),
      ...pageInput,
    }),
    output: pageOf(directoryCompanySchema),
  },
  Create: {
    method: 'POST',
    summary: '新增公司',
    access: 'staff',
    roles: ['admin', 'sales'],
    input: z.object(companyInput),
    output: directoryCompanySchema,
  },
  Update: {
    method: 'POST',
    summary: '更正公司名称或信用代码',
    access: 'staff',
    roles: ['admin', 'sales'],
    input: z.object({ id: idSchema, ...companyInput }),
    output: directoryCompanySchema,
  },
});
