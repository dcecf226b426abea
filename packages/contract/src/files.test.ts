import { describe, expect, it } from 'vitest';
import { formatoMb } from './files.js';

describe('formatoMb', () => {
  it('writes the decimal comma and no trailing zeros', () => {
    expect(formatoMb(25)).toBe('25');
    expect(formatoMb(3.5)).toBe('3,5');
    expect(formatoMb(0.25)).toBe('0,25');
    expect(formatoMb(1 / 3)).toBe('0,33');
    expect(formatoMb(1500)).toBe('1.500');
  });
});
