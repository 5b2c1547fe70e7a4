import { CERTIFIED_COMPANY_MESSAGE, type MemberInfo, type MemberInfoUpdate } from '@pcb/contract';
import { AppError } from '../../http/errors';
import type { Clock } from '../../lib/clock';
import type { MemberProfileRepository, ProfileChange } from './member-profile.repository';
import type { MemberService } from './member.service';

export const USER_NAME_TAKEN_MESSAGE = '该用户名已被使用';
export const COMPANY_NAME_REQUIRED_MESSAGE = '企业会员请填写公司名称';

type ProfileInput = { [K in keyof MemberInfoUpdate]: Exclude<MemberInfoUpdate[K], undefined> };

/**
 * The member's own editable fields (MemberInfo/update). Only these are read from the input;
 * once certified, the company name and member type stay the certification's.
 */
export function createMemberProfileService(deps: {
  repository: MemberProfileRepository;
  members: MemberService;
  now: Clock;
}) {
  const { repository, members } = deps;

  return {
    async update(memberId: number, input: Partial<ProfileInput>): Promise<MemberInfo> {
      const current = await members.get(memberId);
      const change: ProfileChange = {};
      if (input.realName !== undefined) change.realName = input.realName;
      if (input.userName !== undefined) change.userName = input.userName;
      if (input.qq !== undefined) change.qq = input.qq;
      if (input.contactPhone !== undefined) change.contactPhone = input.contactPhone;
      if (input.companyName !== undefined) change.companyName = input.companyName;
      if (input.memberType !== undefined) change.memberType = input.memberType;

      if (current.certifiedAt) {
        for (const field of ['companyName', 'memberType'] as const) {
          if (change[field] !== undefined && change[field] !== current[field]) {
            throw new AppError(409, CERTIFIED_COMPANY_MESSAGE, { field });
          }
        }
      }
      const memberType = change.memberType ?? current.memberType;
      const companyName =
        change.companyName !== undefined ? change.companyName : current.companyName;
      if (memberType === 'company' && !companyName) {
        throw new AppError(400, COMPANY_NAME_REQUIRED_MESSAGE, { field: 'companyName' });
      }

      if (Object.keys(change).length > 0) {
        const result = await repository.update(memberId, change, deps.now());
        if (result === 'userNameTaken') {
          throw new AppError(409, USER_NAME_TAKEN_MESSAGE, { field: 'userName' });
        }
        if (result === 'certified') {
          throw new AppError(409, CERTIFIED_COMPANY_MESSAGE, {
            field: change.companyName !== undefined ? 'companyName' : 'memberType',
          });
        }
        if (result === 'gone') throw new AppError(401, '登录已失效，请重新登录');
      }
      return members.getInfo(memberId);
    },

    searchCertifiedCompanies: repository.searchCertifiedCompanies,
  };
}

export type MemberProfileService = ReturnType<typeof createMemberProfileService>;
