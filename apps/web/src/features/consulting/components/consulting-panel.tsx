import { useState } from 'react';
import { Button, Skeleton } from 'antd-mobile';
import { useIsLoggedIn } from '../../../lib/auth-session';
import { copyText } from '../../../lib/clipboard';
import { showFail, showSuccess } from '../../../components/feedback';
import { ChatIcon, PhoneIcon } from '../../../components/icons';
import { useAccountManager } from '../api/get-account-manager';
import { defaultAvatar, resolveConsultingInfo, telHref } from '../consulting-info';
import './consulting-panel.css';

/** Online-consult QQ number with copy, and the salesperson to call (spec "business consulting"). */
export function ConsultingPanel() {
  const loggedIn = useIsLoggedIn();
  const manager = useAccountManager(loggedIn);
  const [avatarFailed, setAvatarFailed] = useState(false);
  const info = resolveConsultingInfo(manager.data);
  const waiting = loggedIn && manager.isPending;

  const copyQq = async () => {
    try {
      await copyText(info.qq);
      showSuccess('复制成功');
    } catch {
      showFail('操作失败');
    }
  };

  return (
    <div className="consult" data-testid="consulting-panel">
      <section className="consult-row">
        <ChatIcon className="consult-row-icon" />
        <div className="consult-row-main">
          <div className="consult-row-title">在线咨询 QQ</div>
          {waiting ? (
            <Skeleton.Title animated className="consult-skeleton" />
          ) : (
            <div className="consult-row-value" data-testid="consult-qq">
              {info.qq}
            </div>
          )}
        </div>
        <Button
          size="small"
          color="primary"
          fill="outline"
          shape="rounded"
          disabled={waiting}
          onClick={() => void copyQq()}
          data-testid="consult-copy-qq"
        >
          复制
        </Button>
      </section>
      <section className="consult-row">
        <img
          className="consult-avatar"
          src={avatarFailed ? defaultAvatar : info.pic}
          alt=""
          onError={() => setAvatarFailed(true)}
        />
        <div className="consult-row-main">
          <div className="consult-row-title">{manager.data ? '专属客户经理' : '客服热线'}</div>
          {waiting ? (
            <Skeleton.Title animated className="consult-skeleton" />
          ) : (
            <>
              <div className="consult-row-value" data-testid="consult-name">
                {info.realName}
              </div>
              <div className="consult-phone" data-testid="consult-phone">
                {info.mobile}
              </div>
            </>
          )}
        </div>
        <a
          className={`consult-call${waiting ? ' consult-call-disabled' : ''}`}
          href={waiting ? undefined : telHref(info.mobile)}
          data-testid="consult-call"
          aria-label={`拨打 ${info.mobile}`}
        >
          <PhoneIcon /> 拨打
        </a>
      </section>
    </div>
  );
}
