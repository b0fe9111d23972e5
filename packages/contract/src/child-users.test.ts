import { describe, expect, it } from 'vitest';
import { childUserParams, childUserUpdateBody } from './child-users.ts';

describe('child users', () => {
  it('advanced.md §6: an update sets lock, password change or device authentication authority', () => {
    expect(childUserUpdateBody.parse({ locked: true })).toEqual({ locked: true });
    expect(childUserUpdateBody.parse({ modPassword: false, modDevauth: true })).toEqual({
      modPassword: false,
      modDevauth: true,
    });
  });

  it('advanced.md §7: an update must change at least one setting', () => {
    expect(childUserUpdateBody.safeParse({}).success).toBe(false);
    expect(childUserUpdateBody.safeParse({ locked: 'yes' }).success).toBe(false);
  });

  it('advanced.md §7: userId arrives as a string and must be a positive integer', () => {
    expect(childUserParams.parse({ userId: '12' })).toEqual({ userId: 12 });
    expect(childUserParams.safeParse({ userId: 'abc' }).success).toBe(false);
  });
});
