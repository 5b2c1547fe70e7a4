import { describe, expect, it } from 'vitest';
import { ApiError } from '@pcb/client';
import { refusedField } from './form-errors';

const fields = ['mobile', 'smsCode', 'ncVerifyDto'] as const;

describe('refusedField', () => {
  it('names the form field a refusal is about, or one its path lies under', () => {
    expect(refusedField(new ApiError(400, 'x', { field: 'smsCode' }), fields)).toBe('smsCode');
    expect(refusedField(new ApiError(400, 'x', { field: 'ncVerifyDto.token' }), fields)).toBe(
      'ncVerifyDto',
    );
  });
  it('is null for a refusal about no field, another field, or not a refusal at all', () => {
    expect(refusedField(new ApiError(400, 'x'), fields)).toBeNull();
    expect(refusedField(new ApiError(400, 'x', { field: 'newMobile' }), fields)).toBeNull();
    expect(refusedField(new ApiError(400, 'x', { field: 'mobileX' }), fields)).toBeNull();
    expect(refusedField(new Error('x'), fields)).toBeNull();
  });
});
