import { describe, expect, it } from 'vitest';
import { imageFileProblem } from './image-file.ts';

describe('imageFileProblem', () => {
  it('accepts png, gif, jpeg, bmp and icons', () => {
    for (const type of [
      'image/png',
      'image/gif',
      'image/jpeg',
      'image/bmp',
      'image/x-icon',
      'image/vnd.microsoft.icon',
    ]) {
      expect(imageFileProblem({ type, size: 1000 })).toBeUndefined();
    }
  });

  it('refuses other types and files over 5 MiB', () => {
    expect(imageFileProblem({ type: 'image/webp', size: 10 })).toBe('type');
    expect(imageFileProblem({ type: 'image/svg+xml', size: 10 })).toBe('type');
    expect(imageFileProblem({ type: 'image/png', size: 5 * 1024 * 1024 + 1 })).toBe('size');
  });
});
