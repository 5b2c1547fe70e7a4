import { describe, expect, it } from 'vitest';
import { parseYuan, rechargeLimitsText, rechargeMaxFor, rechargeProblem } from './recharge-amount';

const balances = (balance: number) => ({ balance, giftBalance: 0, held: 0 });

describe('the top-up amount', () => {
  it('reads yuan with up to two decimals as fen, without floating point', () => {
    expect(parseYuan('100')).toBe(10_000);
    expect(parseYuan(' 0.1 ')).toBe(10);
    expect(parseYuan('19.99')).toBe(1_999);
    expect(parseYuan('0.29')).toBe(29);
    for (const bad of ['', '1.234', '-5', '1e3', '１００', '12,000', '.5']) {
      expect(parseYuan(bad)).toBeNull();
    }
  });

  it('holds the contract’s limits and says them', () => {
    expect(rechargeLimitsText).toBe(
      '单笔充值¥1.00至¥50,000.00，充值后余额不超过¥1,000,000.00；更大金额请对公转账。',
    );
    expect(rechargeProblem(99, balances(0))).toBe('单笔充值不能少于¥1.00');
    expect(rechargeProblem(100, balances(0))).toBeNull();
    expect(rechargeProblem(5_000_000, balances(0))).toBeNull();
    expect(rechargeProblem(5_000_001, balances(0))).toBe(
      '单笔充值不能超过¥50,000.00，更大金额请对公转账',
    );
    expect(rechargeProblem(null, balances(0))).toBe('请输入正确的金额，最多两位小数');
  });

  it('keeps the balance within its ceiling', () => {
    expect(rechargeMaxFor(balances(99_000_000))).toBe(1_000_000);
    expect(rechargeProblem(1_000_001, balances(99_000_000))).toBe(
      '充值后余额不能超过¥1,000,000.00，本次最多可充¥10,000.00',
    );
    expect(rechargeMaxFor(balances(100_000_000))).toBe(0);
  });
});
