import { describe, expect, it } from 'vitest';
import { decideAccess } from './route-guard';
import { News } from '@pcb/contract/news';
import { urlOf } from '@pcb/client/url';
import { LATEST_NEWS_COUNT } from '../features/news/api/get-latest-news';
import { latestNewsUrl, routeForPath, routeTable, tabIndexForPath } from './route-table';
import { nextAnimation } from './page-animation';

describe('route table', () => {
  it('gives every screen a Chinese title, its login rule and its footer flag', () => {
    expect(routeForPath('/')).toMatchObject({ title: '首页', access: 'public', footer: 'home' });
    expect(routeForPath('/login')).toMatchObject({ title: '登录', access: 'guest' });
    expect(routeForPath('/login')?.footer).toBeUndefined();
    expect(routeForPath('/register')).toMatchObject({ title: '注册', access: 'guest' });
    expect(routeForPath('/register')?.footer).toBeUndefined();
    expect(routeForPath('/member')).toMatchObject({
      title: '会员中心',
      access: 'member',
      footer: 'mine',
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
    for (const path of publicPaths) {
      expect(['public', 'guest']).toContain(routeForPath(path)?.access);
    }
    for (const path of privatePaths) expect(routeForPath(path)?.access).toBe('member');
    expect(routeForPath('/setting')?.title).toBe('会员设置');
    expect(routeForPath('/accountSecurity')?.title).toBe('账户安全');
    expect(routeForPath('/userInfo')).toMatchObject({ title: '个人资料', access: 'member' });
  });
  it('knows no meta for an unknown path', () => {
    expect(routeForPath('/nowhere')).toBeUndefined();
    expect(routeForPath('/member/extra')).toBeUndefined();
  });
});

describe('decideAccess (spec sections 2 and 4)', () => {
  it('lets anyone open a public route', () => {
    expect(decideAccess(routeTable.login, { isLoggedIn: false, fromPath: null })).toEqual({
      type: 'allow',
    });
  });
  it('lets a logged-in member open a private route', () => {
    expect(decideAccess(routeTable.member, { isLoggedIn: true, fromPath: '/login' })).toEqual({
      type: 'allow',
    });
  });
  it('sends a visitor without login from a private route to /login', () => {
    expect(decideAccess(routeTable.member, { isLoggedIn: false, fromPath: '/' })).toEqual({
      type: 'redirect',
      to: '/login',
    });
    expect(decideAccess(routeTable.member, { isLoggedIn: false, fromPath: null })).toEqual({
      type: 'redirect',
      to: '/login',
    });
  });
  it('reloads / instead when the navigation came from /login', () => {
    expect(decideAccess(routeTable.member, { isLoggedIn: false, fromPath: '/login' })).toEqual({
      type: 'document',
      href: '/',
    });
  });
  it('inside WeChat, waits for the token login, then offers /bind to an unbound openId', () => {
    const context = { isLoggedIn: false, fromPath: '/' };
    expect(decideAccess(routeTable.member, { ...context, wechatLogin: 'pending' })).toEqual({
      type: 'wait',
    });
    expect(decideAccess(routeTable.member, { ...context, wechatLogin: 'unbound' })).toEqual({
      type: 'redirect',
      to: '/bind',
    });
    expect(decideAccess(routeTable.member, { ...context, wechatLogin: 'failed' })).toEqual({
      type: 'redirect',
      to: '/login',
    });
    expect(decideAccess(routeTable.bind, { ...context, wechatLogin: 'pending' })).toEqual({
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
    for (const meta of [routeTable.login, routeTable.smsLogin, routeTable.register]) {
      expect(decideAccess(meta, loggedIn)).toEqual({ type: 'continue', to: '/member' });
      expect(decideAccess(meta, { ...loggedIn, returnPath: '/setting' })).toEqual({
        type: 'continue',
        to: '/setting',
      });
      expect(decideAccess(meta, { ...loggedIn, isLoggedIn: false })).toEqual({ type: 'allow' });
    }
    for (const meta of [routeTable.forgetPassword, routeTable.bind, routeTable.home]) {
      expect(decideAccess(meta, loggedIn)).toEqual({ type: 'allow' });
    }
  });
  it('leaves a member on /login who logged in there, or whose session the server just ended', () => {
    const context = { isLoggedIn: true, fromPath: null };
    expect(decideAccess(routeTable.login, { ...context, arrivedLoggedIn: false })).toEqual({
      type: 'allow',
    });
    expect(decideAccess(routeTable.login, { ...context, sessionEnded: true })).toEqual({
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

describe('the home page preload', () => {
  it('asks for the news titles exactly as the home page does, so the answer is reused', () => {
    expect(latestNewsUrl).toBe(urlOf(News.GetList, { page: 1, pageSize: LATEST_NEWS_COUNT }));
  });
});
