import { z } from 'zod';

/** Chinese names of wire fields, used to name the field in a validation message. */
export const fieldLabels: Record<string, string> = {
  mobile: '手机号',
  areaCode: '区号',
  password: '密码',
  userNameOrMobile: '账号',
  smsCode: '短信验证码',
  ncVerifyDto: '人机验证',
  provider: '验证方式',
  token: '验证结果',
  userAgent: '浏览器标识',
  FirstHref: '首次访问地址',
  GUID: '访客标识',
  bd_vid: '推广标识',
  from: '来源',
  type: '类型',
  agreement: '会员协议',
  id: '编号',
  code: '授权码',
  state: '授权状态',
  redirectUri: '回跳地址',
  openId: '微信身份',
  newMobile: '新手机号',
  oldMobileTicket: '原手机号验证',
  reason: '申请原因',
  idDocumentKey: '身份证明材料',
  dirType: '文件类型',
  fileExt: '文件扩展名',
  isMobile: '客户端标识',
  userType: '用户类型',
};

export function labelOf(path: readonly PropertyKey[]): string {
  const named = [...path].reverse().find((p): p is string => typeof p === 'string');
  return named === undefined ? '请求' : (fieldLabels[named] ?? named);
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

/** One validation issue as the user reads it: `手机号：应为以1开头的11位数字`. */
export function formatIssue(issue: { path: readonly PropertyKey[]; message: string }): string {
  return `${labelOf(issue.path)}：${issue.message}`;
}
