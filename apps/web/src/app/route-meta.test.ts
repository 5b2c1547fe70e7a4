import { describe, expect, it } from 'vitest';
import { decideAccess, metaForPath, routeMeta, tabIndexForPath } from './route-meta';
import { nextAnimation } from './page-animation';

describe('route table', () => {
  it('gives every screen a Chinese title, its login rule and its footer flag', () => {
    expect(metaForPath('/')).toMatchObject({
      title: '首页',
      requiresLogin: false,
      showFooter: true,
    });
    expect(metaForPath('/login')).toMatchObject({
      title: '登录',
      requiresLogin: false,
      showFooter: false,
    });
    expect(metaForPath('/register')).toMatchObject({
      title: '注册',
      requiresLogin: false,
      showFooter: false,
    });
    expect(metaForPath('/member')).toMatchObject({
      title: '会员中心',
      requiresLogin: true,
      showFooter: true,
    });
  });
  it('knows the identity screens: which are public and which need login (spec section 2)', () => {
    const publicPaths = ['/note', '/forgetPwd', '/associatedAccount', '/bind'];
    const privatePaths = [
      '/setting',
      '/accountSecurity',
      '/accountSecurity/bindWechat',
      '/accountSecurity/payThePassword',
      '/accountSecurity/setLoginPassword',
      '/userInfo/editPhone',
    ];
    for (const path of publicPaths) expect(metaForPath(path)?.requiresLogin).toBe(false);
    for (const path of privatePaths) expect(metaForPath(path)?.requiresLogin).toBe(true);
    expect(metaForPath('/setting')?.title).toBe('会员设置');
    expect(metaForPath('/accountSecurity')?.title).toBe('账户安全');
    // The profile screen itself comes later: until then /userInfo is unknown.
    expect(metaForPath('/userInfo')).toBeUndefined();
  });
  it('knows no meta for an unknown path', () => {
    expect(metaForPath('/nowhere')).toBeUndefined();
    expect(metaForPath('/member/extra')).toBeUndefined();
  });
});

describe('decideAccess (spec sections 2 and 4)', () => {
  it('lets anyone open a public route', () => {
    expect(decideAccess(routeMeta.login, { isLoggedIn: false, fromPath: null })).toEqual({
      type: 'allow',
    });
  });
  it('lets a logged-in member open a private route', () => {
    expect(decideAccess(routeMeta.member, { isLoggedIn: true, fromPath: '/login' })).toEqual({
      type: 'allow',
    });
  });
  it('sends a visitor without login from a private route to /login', () => {
    expect(decideAccess(routeMeta.member, { isLoggedIn: false, fromPath: '/' })).toEqual({
      type: 'redirect',
      to: '/login',
    });
    expect(decideAccess(routeMeta.member, { isLoggedIn: false, fromPath: null })).toEqual({
      type: 'redirect',
      to: '/login',
    });
  });
  it('reloads / instead when the navigation came from /login', () => {
    expect(decideAccess(routeMeta.member, { isLoggedIn: false, fromPath: '/login' })).toEqual({
      type: 'document',
      href: '/',
    });
  });
  it('inside WeChat, waits for the token login, then offers /bind to an unbound openId', () => {
    const context = { isLoggedIn: false, fromPath: '/' };
    expect(decideAccess(routeMeta.member, { ...context, wechatLogin: 'pending' })).toEqual({
      type: 'wait',
    });
    expect(decideAccess(routeMeta.member, { ...context, wechatLogin: 'unbound' })).toEqual({
      type: 'redirect',
      to: '/bind',
    });
    expect(decideAccess(routeMeta.member, { ...context, wechatLogin: 'failed' })).toEqual({
      type: 'redirect',
      to: '/login',
    });
    expect(decideAccess(routeMeta.bind, { ...context, wechatLogin: 'pending' })).toEqual({
      type: 'allow',
    });
  });
  it('sends unknown paths to the member centre', () => {
    expect(decideAccess(undefined, { isLoggedIn: false, fromPath: null })).toEqual({
      type: 'redirect',
      to: '/member',
    });
  });
  it('sends a logged-in member from /login, /note and /register on, as a login would', () => {
    const loggedIn = { isLoggedIn: true, fromPath: '/member' };
    for (const meta of [routeMeta.login, routeMeta.smsLogin, routeMeta.register]) {
      expect(decideAccess(meta, loggedIn)).toEqual({ type: 'continue', to: '/member' });
      expect(decideAccess(meta, { ...loggedIn, returnPath: '/setting' })).toEqual({
        type: 'continue',
        to: '/setting',
      });
      expect(decideAccess(meta, { ...loggedIn, isLoggedIn: false })).toEqual({ type: 'allow' });
    }
    for (const meta of [routeMeta.forgetPassword, routeMeta.bind, routeMeta.home]) {
      expect(decideAccess(meta, loggedIn)).toEqual({ type: 'allow' });
    }
  });
  it('leaves a member on /login who logged in there, or whose session the server just ended', () => {
    const context = { isLoggedIn: true, fromPath: null };
    expect(decideAccess(routeMeta.login, { ...context, arrivedLoggedIn: false })).toEqual({
      type: 'allow',
    });
    expect(decideAccess(routeMeta.login, { ...context, sessionEnded: true })).toEqual({
      type: 'allow',
    });
  });
});

describe('footer tab of a page', () => {
  it('is 首页 on the home page and 我的 elsewhere', () => {
    expect(tabIndexForPath('/')).toBe(0);
    expect(tabIndexForPath('/member')).toBe(3);
  });
});

describe('nextAnimation', () => {
  it('slides left going forward and right going back', () => {
    expect(nextAnimation('PUSH', 'slide-right')).toBe('slide-left');
    expect(nextAnimation('REPLACE', '')).toBe('slide-left');
    expect(nextAnimation('POP', 'slide-left')).toBe('slide-right');
  });
  it('leaves a back gesture unanimated once a touch-move cleared the animation', () => {
    expect(nextAnimation('POP', '')).toBe('');
  });
});
