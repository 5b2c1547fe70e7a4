import { List } from 'antd-mobile';
import { useMemberInfo } from '../../../lib/member-info';
import { useAgreementPopup } from './member-agreement';

/** A settings row: the member agreement and the version the member accepted; opens the text. */
export function MemberAgreementItem() {
  const { data: memberInfo } = useMemberInfo();
  const { open, popup } = useAgreementPopup();
  let accepted = '';
  if (memberInfo) {
    accepted = memberInfo.agreementVersion
      ? `已同意 ${memberInfo.agreementVersion} 版${memberInfo.agreementCurrent ? '' : '（有新版本）'}`
      : '尚未同意';
  }
  return (
    <>
      <List.Item
        onClick={open}
        extra={<span data-testid="setting-agreement-version">{accepted}</span>}
        data-testid="setting-agreement"
      >
        会员服务协议
      </List.Item>
      {popup}
    </>
  );
}
