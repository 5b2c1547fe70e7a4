import type { NavigateFunction } from 'react-router';
import { saveAccessToken } from '../../lib/auth-session';
import { documentNavigation } from '../../lib/document-navigation';
import { loadMemberInfo } from '../../lib/member-info';
import { isExternalPath } from '../../lib/paths';
import { takeReturnPath } from '../../lib/return-url';
import { errorMessage, showSuccess, showWarning } from '../../components/feedback';

/**
 * What every way of logging in (password, SMS code, WeChat) does with the new token: start the
 * session, load the member, then go to the session's returnUrl once, else the member centre.
 */
export async function continueAfterLogin(
  accessToken: string,
  navigate: NavigateFunction,
  successText = '登录成功',
): Promise<void> {
  saveAccessToken(accessToken);
  try {
    await loadMemberInfo();
    showSuccess(successText);
  } catch (error) {
    showWarning(errorMessage(error, '会员信息加载失败'));
  }
  const destination = takeReturnPath();
  if (isExternalPath(destination)) documentNavigation.assign(destination);
  else void navigate(destination, { replace: true });
}
