import { lazy } from 'react';
import { Route, Routes } from 'react-router';
import { AppLayout } from './app-layout';
import { routeMeta } from './route-meta';

// One chunk per screen keeps what a phone downloads for the first page small.
const HomeRoute = lazy(() => import('./routes/home-route'));
const LoginRoute = lazy(() => import('./routes/login-route'));
const SmsLoginRoute = lazy(() => import('./routes/sms-login-route'));
const RegisterRoute = lazy(() => import('./routes/register-route'));
const ForgetPasswordRoute = lazy(() => import('./routes/forget-password-route'));
const AssociatedAccountRoute = lazy(() => import('./routes/associated-account-route'));
const BindRoute = lazy(() => import('./routes/bind-route'));
const MemberRoute = lazy(() => import('./routes/member-route'));
const SettingRoute = lazy(() => import('./routes/setting-route'));
const AccountSecurityRoute = lazy(() => import('./routes/account-security-route'));
const BindWechatRoute = lazy(() => import('./routes/bind-wechat-route'));
const PaymentPasswordRoute = lazy(() => import('./routes/payment-password-route'));
const LoginPasswordRoute = lazy(() => import('./routes/login-password-route'));
const EditPhoneRoute = lazy(() => import('./routes/edit-phone-route'));

/**
 * Spec section 2, for the screens that exist so far; titles, login and footer flags live in
 * route-meta.ts. Declarative routes: the data router would add 16 KB gzip that this app,
 * which loads data with TanStack Query, does not use. Child routes of the spec are written
 * with their full paths.
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<AppLayout />}>
        <Route path={routeMeta.home.path} element={<HomeRoute />} />
        <Route path={routeMeta.login.path} element={<LoginRoute />} />
        <Route path={routeMeta.smsLogin.path} element={<SmsLoginRoute />} />
        <Route path={routeMeta.register.path} element={<RegisterRoute />} />
        <Route path={routeMeta.forgetPassword.path} element={<ForgetPasswordRoute />} />
        <Route path={routeMeta.associatedAccount.path} element={<AssociatedAccountRoute />} />
        <Route path={routeMeta.bind.path} element={<BindRoute />} />
        {/* The route the spec names Home. */}
        <Route path={routeMeta.member.path} element={<MemberRoute />} />
        <Route path={routeMeta.setting.path} element={<SettingRoute />} />
        <Route path={routeMeta.accountSecurity.path} element={<AccountSecurityRoute />} />
        <Route path={routeMeta.bindWechat.path} element={<BindWechatRoute />} />
        <Route path={routeMeta.paymentPassword.path} element={<PaymentPasswordRoute />} />
        <Route path={routeMeta.loginPassword.path} element={<LoginPasswordRoute />} />
        <Route path={routeMeta.editPhone.path} element={<EditPhoneRoute />} />
        {/* No meta: the guard sends unknown paths to the member centre. */}
        <Route path="*" element={null} />
      </Route>
    </Routes>
  );
}
