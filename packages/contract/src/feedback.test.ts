import { describe, expect, it } from 'vitest';
import { feedbackBody } from './feedback.ts';

describe('feedback', () => {
  it('core.md §5: a message is required (trimmed), at most 4000 characters', () => {
    expect(feedbackBody.parse({ message: '  thanks  ' })).toEqual({ message: 'thanks' });
    expect(feedbackBody.safeParse({ message: ' \n ' }).success).toBe(false);
    expect(feedbackBody.safeParse({ message: 'x'.repeat(4001) }).success).toBe(false);
  });
});
