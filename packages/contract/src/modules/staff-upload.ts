// Uploads by staff (issue 19: images of engineering questions). Staff get a ticket for one new
// object under `<dirType>/staff-<id>/`, as members do with Common/getUploadCode; the key is
// recorded as that staff member's, so a later call can tell it is theirs.
import { z } from 'zod';
import { text } from '../common';
import { defineModule } from '../define';
import { staffUploadDirTypes, uploadTicketSchema } from './common-upload';

export const StaffUpload = defineModule('StaffUpload', {
  GetUploadCode: {
    method: 'POST',
    summary: '员工上传凭证（工程问题图片）：按用途限制目录、大小与扩展名，10分钟有效',
    access: 'staff',
    roles: ['admin', 'engineer'],
    input: z.object({
      dirType: z.enum(staffUploadDirTypes).meta({ title: '文件类型' }),
      fileExt: text(16)
        .trim()
        .toLowerCase()
        .regex(/^\.?[a-z0-9]{1,8}$/, { error: '格式不正确' })
        .meta({ title: '文件扩展名' }),
    }),
    output: uploadTicketSchema,
  },
});
