import { describe, expect, it } from 'vitest';
import {
  DEFAULT_CONTACT_NAME,
  DEFAULT_QQ,
  defaultAvatar,
  resolveConsultingInfo,
  telHref,
} from './consulting-info';

describe('resolveConsultingInfo', () => {
  it('uses the built-in defaults when there is no account manager', () => {
    expect(resolveConsultingInfo(null)).toEqual({
      qq: DEFAULT_QQ,
      mobile: '400-000-0000',
      pic: defaultAvatar,
      realName: DEFAULT_CONTACT_NAME,
    });
  });
  it('fills each empty field on its own', () => {
    expect(
      resolveConsultingInfo({ qq: ' ', mobile: '13912345678', pic: '', realName: '李经理' }),
    ).toEqual({ qq: DEFAULT_QQ, mobile: '13912345678', pic: defaultAvatar, realName: '李经理' });
  });
  it('keeps a complete manager as is', () => {
    const manager = {
      qq: '123456',
      mobile: '13912345678',
      pic: '/avatars/1.png',
      realName: '李经理',
    };
    expect(resolveConsultingInfo(manager)).toEqual(manager);
  });
});

it('builds tel: links a dialler understands', () => {
  expect(telHref('400-000-0000')).toBe('tel:4000000000');
  expect(telHref('+86 139 1234 5678')).toBe('tel:+8613912345678');
});
