import { lazy, Suspense, useState } from 'react';
import { Alert, Button, Form, Input, Skeleton } from 'antd';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { StaffAuth, type StaffLoginResult } from '@pcb/contract/staff-auth';
import { useSchemaForm } from '../../../components/form/use-schema-form';
import { useStaffSession } from '../../../lib/staff-session';
import { useEnrollTotp } from '../api/enroll-totp';
import { useLogin } from '../api/login';
import { useVerifyTotp } from '../api/verify-totp';
import { TotpCodeForm } from '../components/totp-code-form';

// Only a first login of an admin or finance account draws the QR code.
const TotpEnrollment = lazy(() => import('../components/totp-enrollment'));

type SecondStep = Exclude<StaffLoginResult, { next: 'done' }>;

function PasswordStep({ onSecondStep }: { onSecondStep: (step: SecondStep) => void }) {
  const login = useLogin();
  const { form, item, refuse } = useSchemaForm(StaffAuth.Login.input);
  const submit = async (values: { userName: string; password: string }) => {
    const result = await login.mutateAsync(values);
    // 'done' started the session: the guard moves on.
    if (result.next !== 'done') onSecondStep(result);
  };
  return (
    <Form
      form={form}
      layout="vertical"
      requiredMark={false}
      onFinish={(values) => submit(values).catch(refuse)}
    >
      <Form.Item {...item('userName')} validateTrigger="onSubmit">
        <Input size="large" prefix={<UserOutlined />} autoComplete="username" autoFocus />
      </Form.Item>
      <Form.Item {...item('password')} validateTrigger="onSubmit">
        <Input.Password size="large" prefix={<LockOutlined />} autoComplete="current-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" size="large" block loading={login.isPending}>
        登录
      </Button>
    </Form>
  );
}

function SecondFactorStep({ step, onRestart }: { step: SecondStep; onRestart: () => void }) {
  const verify = useVerifyTotp();
  const enroll = useEnrollTotp();
  const isEnrolment = step.next === 'enrollTotp';
  const mutation = isEnrolment ? enroll : verify;
  return (
    <>
      {isEnrolment ? (
        <Suspense fallback={<Skeleton.Node active style={{ width: 176, height: 176 }} />}>
          <TotpEnrollment otpauthUrl={step.otpauthUrl} secret={step.secret} />
        </Suspense>
      ) : (
        <p className="login-hint">请输入身份验证器中显示的6位动态验证码。</p>
      )}
      <TotpCodeForm
        submitLabel={isEnrolment ? '绑定并登录' : '验证并登录'}
        pending={mutation.isPending}
        onSubmit={(code) => mutation.mutateAsync({ challenge: step.challenge, code })}
      />
      <Button type="link" block onClick={onRestart} style={{ marginTop: 8 }}>
        返回重新输入密码
      </Button>
    </>
  );
}

/** Staff login: user name and password, then the authenticator's code (or its enrolment). */
export default function LoginPage() {
  const { data } = useStaffSession();
  const [step, setStep] = useState<SecondStep | null>(null);
  const expired = data?.staff === null && data.expired === true;

  return (
    <div className="console-fullscreen">
      {/* Plain markup, not Card and Typography: they would add 45 KB gzip to the first screen. */}
      <main className="login-panel">
        <img src={`${import.meta.env.BASE_URL}favicon.svg`} alt="" width={40} height={40} />
        <h1>员工后台</h1>
        <p className="login-hint">
          {step ? (step.next === 'enrollTotp' ? '绑定身份验证器' : '动态验证码') : '员工账号登录'}
        </p>
        {expired && !step && (
          <Alert
            type="warning"
            showIcon
            title="登录已失效（长时间未操作或在别处退出），请重新登录"
            style={{ marginBottom: 16 }}
          />
        )}
        {step ? (
          <SecondFactorStep step={step} onRestart={() => setStep(null)} />
        ) : (
          <PasswordStep onSecondStep={setStep} />
        )}
      </main>
    </div>
  );
}
