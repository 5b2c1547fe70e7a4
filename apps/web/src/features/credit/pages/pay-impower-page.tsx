import { useState } from 'react';
import { Button, Input, List, SwipeAction } from 'antd-mobile';
import { CREDIT_MOBILES_MAX } from '@pcb/contract/member-credit-payment';
import { confirmDialog, errorMessage, showFail, showSuccess } from '../../../components/feedback';
import { PageHeader } from '../../../components/page-header';
import { PageEmpty, PageError, PageLoading } from '../../../components/page-status';
import { apiCall } from '../../../lib/api';
import { MemberCreditPayment } from '@pcb/contract/member-credit-payment';
import { useBindMobile, useCreditMobiles, useDeleteMobile } from '../api/credit-calls';
import { CodeButton } from '../components/code-button';
import '../credit.css';

const MOBILE = /^1\d{10}$/;
const CODE = /^\d{6}$/;

function BindForm() {
  const bind = useBindMobile();
  const [mobile, setMobile] = useState('');
  const [ownerCode, setOwnerCode] = useState('');
  const [mobileCode, setMobileCode] = useState('');
  const ready = MOBILE.test(mobile) && CODE.test(ownerCode) && CODE.test(mobileCode);
  const submit = async () => {
    try {
      await bind.mutateAsync({ mobile, ownerCode, mobileCode });
      showSuccess('授权手机已绑定');
      setMobile('');
      setOwnerCode('');
      setMobileCode('');
    } catch (error) {
      showFail(errorMessage(error, '绑定失败，请稍后重试'));
    }
  };
  return (
    <section className="cr-card" aria-label="绑定授权手机">
      <h2>添加授权手机</h2>
      <p className="cr-hint">先验证您的登录手机，再验证要授权的手机。</p>
      <div className="cr-code-row">
        <Input
          placeholder="登录手机验证码"
          inputMode="numeric"
          maxLength={6}
          value={ownerCode}
          onChange={setOwnerCode}
          aria-label="登录手机验证码"
          data-testid="owner-code"
        />
        <CodeButton
          testId="owner-code-send"
          send={() => apiCall(MemberCreditPayment.SendCreditPaymentBindMobileSms, {})}
        />
      </div>
      <Input
        placeholder="要授权的手机号"
        type="tel"
        maxLength={11}
        value={mobile}
        onChange={setMobile}
        aria-label="授权手机号"
        data-testid="bind-mobile"
        style={{ marginTop: 12 }}
      />
      <div className="cr-code-row" style={{ marginTop: 12 }}>
        <Input
          placeholder="授权手机验证码"
          inputMode="numeric"
          maxLength={6}
          value={mobileCode}
          onChange={setMobileCode}
          aria-label="授权手机验证码"
          data-testid="mobile-code"
        />
        <CodeButton
          testId="mobile-code-send"
          disabled={!MOBILE.test(mobile)}
          send={() => apiCall(MemberCreditPayment.SendBindMobileCode, { mobile })}
        />
      </div>
      <div className="cr-actions">
        <Button
          color="primary"
          disabled={!ready}
          loading={bind.isPending}
          onClick={() => void submit()}
          data-testid="bind-submit"
        >
          绑定
        </Button>
      </div>
    </section>
  );
}

/** /creditAccount/payImpower: the mobiles whose codes approve credit payments. */
export function PayImpowerPage() {
  const mobiles = useCreditMobiles();
  const remove = useDeleteMobile();
  const del = async (id: number, mobile: string) => {
    if (!(await confirmDialog({ content: `删除授权手机 ${mobile}？`, confirmText: '删除' })))
      return;
    try {
      await remove.mutateAsync({ id });
      showSuccess('已删除');
    } catch (error) {
      showFail(errorMessage(error, '删除失败'));
    }
  };
  return (
    <div className="cr-page" data-testid="pay-impower-page">
      <PageHeader>授权手机</PageHeader>
      {mobiles.isPending ? (
        <PageLoading />
      ) : mobiles.isError ? (
        <PageError message={errorMessage(mobiles.error)} onRetry={() => void mobiles.refetch()} />
      ) : (
        <>
          <section className="cr-card" aria-label="授权手机">
            <h2>
              已授权（{mobiles.data.length}/{CREDIT_MOBILES_MAX}）
            </h2>
            {mobiles.data.length === 0 ? (
              <PageEmpty text="暂无授权手机，月结付款需向授权手机发送验证码" />
            ) : (
              <List>
                {mobiles.data.map((m) => (
                  <SwipeAction key={m.id}>
                    <List.Item
                      data-testid="credit-mobile"
                      extra={
                        <Button
                          size="mini"
                          fill="none"
                          color="danger"
                          onClick={() => void del(m.id, m.mobile)}
                        >
                          删除
                        </Button>
                      }
                    >
                      {m.mobile}
                    </List.Item>
                  </SwipeAction>
                ))}
              </List>
            )}
          </section>
          {mobiles.data.length < CREDIT_MOBILES_MAX && <BindForm />}
        </>
      )}
    </div>
  );
}
