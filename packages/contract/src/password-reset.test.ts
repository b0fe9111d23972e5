import { describe, expect, it } from 'vitest';
import { passwordResetRequestBody } from './password-reset.ts';

describe('password reset request', () => {
  it('core.md §5, §7: email format and a return_url', () => {
    const body = { email: 'a@example.com', return_url: 'https://cams.example.com/password_reissue' };
    expect(passwordResetRequestBody.parse(body)).toEqual(body);
    expect(passwordResetRequestBody.safeParse({ ...body, email: 'nope' }).success).toBe(false);
    expect(passwordResetRequestBody.safeParse({ ...body, return_url: 'javascript:alert(1)' }).success).toBe(
      false,
    );
  });
});
