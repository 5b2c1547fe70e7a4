import type { AltchaChallenge, MemberInfo, UploadTicket } from '@pcb/contract';

export const memberFixture: MemberInfo = {
  id: 7,
  mobile: '13800138000',
  userName: 'zhang',
  realName: '张三',
  companyName: '示例电子',
  memberType: 'company',
  qq: null,
  contactPhone: null,
  certifiedAt: null,
  status: 'active',
  gradeName: '银牌',
  points: 120,
  balance: 12345,
  hasPassword: true,
  hasPaymentPassword: false,
  agreementVersion: '1',
  agreementCurrent: true,
  createdAt: '2026-01-01T00:00:00Z',
};

export const challengeFixture: AltchaChallenge = {
  parameters: {
    algorithm: 'SHA-256',
    nonce: 'ab',
    salt: 'cd',
    cost: 1,
    keyLength: 32,
    keyPrefix: 'ef',
  },
  signature: 'sig',
};

/** An object-storage ticket as `Common/getUploadCode` answers it, for the upload a test makes. */
export const uploadTicketFor = (dirType: string, fileExt: string): UploadTicket => ({
  dir: `${dirType}/1/`,
  filename: 'f1',
  fileExt: `.${fileExt}`,
  accessid: 'AK',
  policy: 'P',
  signature: 'S',
  host: 'https://oss.example.com',
});
