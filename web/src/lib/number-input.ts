// What a number field holds as typed: the number it means (a plain decimal, nothing else), and how many
// decimals it was written with.

/** The number a field's value means; null for anything but a plain decimal (no exponent, no units). */
export function numberOfInput(value: number | string): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  const text = value.trim();
  if (text === '' || !/^-?\d*\.?\d+$|^-?\d+\.$/.test(text)) return null;
  return Number(text);
}

/** Decimals the value was written with (an exponent counts as too many). */
export function decimalsOfInput(value: number | string): number {
  const text = typeof value === 'number' ? String(value) : value.trim();
  if (/e/i.test(text)) return 20;
  return text.includes('.') ? text.length - text.indexOf('.') - 1 : 0;
}
