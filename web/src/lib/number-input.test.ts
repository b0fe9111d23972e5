import { describe, expect, it } from 'vitest';
import { decimalsOfInput, numberOfInput } from './number-input.ts';

describe('number fields as typed (core.md §5 decimals)', () => {
  it('reads plain decimals only', () => {
    expect(numberOfInput(' 0.25 ')).toBe(0.25);
    expect(numberOfInput('3.')).toBe(3);
    expect(numberOfInput('-.5')).toBe(-0.5);
    expect(numberOfInput('1e3')).toBeNull();
    expect(numberOfInput('5%')).toBeNull();
    expect(numberOfInput('')).toBeNull();
    expect(numberOfInput(Number.NaN)).toBeNull();
    expect(numberOfInput(7)).toBe(7);
  });
  it('counts the decimals written', () => {
    expect(decimalsOfInput('0.125')).toBe(3);
    expect(decimalsOfInput('12')).toBe(0);
    expect(decimalsOfInput(0.5)).toBe(1);
    expect(decimalsOfInput('1e-3')).toBe(20);
  });
});
