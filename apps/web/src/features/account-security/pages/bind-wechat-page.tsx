import { useState, type ReactNode } from 'react';
import { Button } from 'antd-mobile';
import { maskMobile, type MemberInfo, type WechatBinding } from '@pcb/contract';
import { replaceAccessToken } from '../../../lib/auth-session';
import { formatDate } from '../../../lib/date';
import { hasOAuthCode, useWechatOpenId } from '../../../lib/use-wechat-open-id';
import { isMiniProgram, isWeChatBrowser } from '../../../lib/wechat';
import { useOpenIdBinding } from '../../../lib/wechat-binding';
import { PageHeader } from '../../../components/page-header';
import { PageError, PageLoading } from '../../../components/page-status';
import { confirmDialog, errorMessage, showFail, showSuccess } from '../../../components/feedback';
import { WechatIcon } from '../../../components/icons';
import { useWechatBindings } from '../api/get-wechat-bindings';
import { useUnbindWechat } from '../api/unbind-wechat';
import { useDeleteWechatBinding } from '../api/delete-wechat-binding';
import { useOfficialAccountQrCode } from '../api/get-official-account-qr-code';
import { MemberInfoGate } from '../components/member-info-gate';
import { OwnerOnly } from '../components/switched-notice';
import '../account-security.css';

/** The proof form of the auth feature, composed in by the app layer. */
export type RenderBindForm = (props: {
  openId: string;
  ownMobile: string;
  onBound: (accessToken: string) => void;
}) => ReactNode;

function BindingItem({ binding }: { binding: WechatBinding }) {
  const unbind = useUnbindWechat();
  const remove = useDeleteWechatBinding();
  const busy = unbind.isPending || remove.isPending;
  const [avatarFailed, setAvatarFailed] = useState(false);

  const onUnbind = async () => {
    const confirmed = await confirmDialog({
      content: '解绑后将不能再用这个微信免密登录，其他设备上的登录也会失效。确定解绑吗？',
      confirmText: '解绑',
    });
    if (!confirmed) return;
    try {
      await unbind.mutateAsync(binding.id);
      showSuccess('已解绑');
    } catch (error) {
      showFail(errorMessage(error, '解绑失败，请稍后重试'));
    }
  };

  const onDelete = async () => {
    const confirmed = await confirmDialog({
      content: binding.isBound
        ? '删除记录会同时解绑这个微信，其他设备上的登录也会失效。确定删除吗？'
        : '确定删除这条绑定记录吗？',
      confirmText: '删除',
    });
    if (!confirmed) return;
    try {
      await remove.mutateAsync(binding.id);
      showSuccess('已删除');
    } catch (error) {
      showFail(errorMessage(error, '删除失败，请稍后重试'));
    }
  };

  return (
    <li
      className="wechat-binding"
      data-testid="wechat-binding"
      data-binding-id={binding.id}
      data-bound={binding.isBound}
    >
      {binding.avatar && !avatarFailed ? (
        <img
          className="wechat-avatar"
          src={binding.avatar}
          alt=""
          referrerPolicy="no-referrer"
          onError={() => setAvatarFailed(true)}
        />
      ) : (
        <span className="wechat-avatar wechat-avatar-empty" aria-hidden="true">
          <WechatIcon />
        </span>
      )}
      <div className="wechat-binding-body">
        <div className="wechat-binding-name">
          <span>{binding.nickName?.trim() || '微信用户'}</span>
          <span
            className={`security-badge${binding.isBound ? ' security-badge-ok' : ''}`}
            data-testid="wechat-binding-status"
          >
            {binding.isBound ? '已绑定' : '已解绑'}
          </span>
        </div>
        <div className="wechat-binding-meta">
          {binding.openIdMasked} ·{' '}
          {binding.isBound || !binding.unboundAt
            ? `${formatDate(binding.boundAt)} 绑定`
            : `${formatDate(binding.unboundAt)} 解绑`}
        </div>
      </div>
      <div className="wechat-binding-actions">
        {binding.isBound && (
          <Button
            size="mini"
            fill="outline"
            disabled={busy}
            onClick={() => void onUnbind()}
            data-testid="wechat-unbind"
          >
            解绑
          </Button>
        )}
        <Button
          size="mini"
          fill="none"
          disabled={busy}
          onClick={() => void onDelete()}
          data-testid="wechat-delete"
        >
          删除记录
        </Button>
      </div>
    </li>
  );
}

function BindingList() {
  const bindings = useWechatBindings();
  let body: ReactNode;
  if (bindings.isPending) body = <PageLoading />;
  else if (bindings.isError)
    body = (
      <PageError
        message={errorMessage(bindings.error, '绑定记录加载失败')}
        onRetry={() => void bindings.refetch()}
      />
    );
  else if (bindings.data.length === 0)
    body = (
      <div className="security-empty" data-testid="wechat-empty">
        暂未绑定微信
      </div>
    );
  else
    body = (
      <ul className="wechat-bindings">
        {bindings.data.map((binding) => (
          <BindingItem key={binding.id} binding={binding} />
        ))}
      </ul>
    );
  return (
    <section className="security-card security-section" aria-labelledby="wechat-bindings-title">
      <h2 className="security-section-title" id="wechat-bindings-title">
        已绑定的微信
      </h2>
      {body}
    </section>
  );
}

/** Outside WeChat: follow the official account with WeChat's scanner, then bind in there. */
function OfficialAccountQr() {
  const qr = useOfficialAccountQrCode(true);
  let body: ReactNode;
  if (qr.isPending) body = <PageLoading text="正在加载二维码" />;
  else if (qr.isError)
    body = (
      <PageError
        message={errorMessage(qr.error, '二维码加载失败')}
        onRetry={() => void qr.refetch()}
      />
    );
  else
    body = (
      <img
        className="wechat-qr"
        src={qr.data.url}
        alt="公众号二维码"
        width={180}
        height={180}
        data-testid="wechat-qr"
      />
    );
  return (
    <section
      className="security-card security-section wechat-qr-section"
      data-testid="wechat-qr-section"
    >
      <h2 className="security-section-title">绑定微信</h2>
      {body}
      <ol className="wechat-steps">
        <li>用微信扫描上方二维码（手机上可长按识别，或截图后在微信中扫一扫），关注公众号；</li>
        <li>在公众号菜单中打开会员中心，按提示完成绑定；</li>
        <li>绑定后，在微信中打开会员中心即可免密登录，并接收订单通知。</li>
      </ol>
    </section>
  );
}

/** Inside WeChat: bind the WeChat this page runs in, proven by password or SMS code. */
function CurrentWechat({
  info,
  renderBindForm,
}: {
  info: MemberInfo;
  renderBindForm: RenderBindForm;
}) {
  const { openId, status, acquire } = useWechatOpenId(hasOAuthCode());
  const binding = useOpenIdBinding(openId);

  const onBound = (accessToken: string) => {
    // The binding list and this WeChat's binding were refreshed by the mutation.
    replaceAccessToken(accessToken);
    showSuccess('绑定成功');
  };

  let body: ReactNode;
  if (!openId) {
    body =
      status === 'running' ? (
        <PageLoading text="正在获取微信身份" />
      ) : (
        <>
          {status === 'failed' && (
            <p className="security-form-desc security-form-error">未能获取微信身份，请重试。</p>
          )}
          <p className="security-form-desc">
            把正在使用的微信绑定到本账号，以后在微信中打开会员中心即可免密登录。
          </p>
          <Button
            block
            color="primary"
            shape="rounded"
            onClick={acquire}
            data-testid="wechat-bind-current"
          >
            绑定当前微信
          </Button>
        </>
      );
  } else if (binding.isPending) body = <PageLoading />;
  else if (binding.isError)
    body = (
      <PageError
        message={errorMessage(binding.error, '加载失败')}
        onRetry={() => void binding.refetch()}
      />
    );
  else if (binding.data.isBound) {
    const mine = binding.data.mobileMasked === maskMobile(info.mobile);
    body = (
      <p className="security-form-desc" data-testid="wechat-current-bound">
        {mine
          ? '当前微信已绑定本账号。'
          : `当前微信已绑定其他账号（${binding.data.mobileMasked ?? ''}）。如需绑定本账号，请先在该账号中解绑。`}
      </p>
    );
  } else {
    body = (
      <>
        <p className="security-form-desc">验证账号后，把当前微信绑定到本账号。</p>
        {renderBindForm({ openId, ownMobile: info.mobile, onBound })}
      </>
    );
  }
  return (
    <section className="security-card security-section" data-testid="wechat-current">
      <h2 className="security-section-title">绑定当前微信</h2>
      {body}
    </section>
  );
}

/**
 * /accountSecurity/bindWechat: the member's WeChat bindings with 解绑 and 删除记录; inside
 * WeChat, binding the current WeChat; elsewhere, the official account's QR code.
 */
export function BindWechatPage({
  switchedBanner,
  renderBindForm,
}: {
  switchedBanner?: ReactNode;
  renderBindForm: RenderBindForm;
}) {
  const inWechat = isWeChatBrowser() && !isMiniProgram();
  return (
    <div className="security-page" data-testid="bind-wechat-page">
      <PageHeader>微信绑定</PageHeader>
      <OwnerOnly switchedBanner={switchedBanner}>
        <BindingList />
        {inWechat ? (
          <MemberInfoGate>
            {(info) => <CurrentWechat info={info} renderBindForm={renderBindForm} />}
          </MemberInfoGate>
        ) : (
          <OfficialAccountQr />
        )}
      </OwnerOnly>
    </div>
  );
}
