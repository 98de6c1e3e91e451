import { describe, expect, it } from 'vitest';
import {
  canCrop,
  clampCrop,
  cropRatio,
  initialCrop,
  maxOutput,
  minCropWidth,
  moveCrop,
  outputSize,
  resizeCrop,
} from './crop.ts';

const landscape = { width: 1600, height: 900 };
const portrait = { width: 600, height: 1200 };

describe('crop geometry', () => {
  it('starts with the largest centred 10:12 box', () => {
    expect(initialCrop(landscape)).toEqual({ x: 425, y: 0, width: 750, height: 900 });
    expect(initialCrop(portrait)).toEqual({ x: 0, y: 240, width: 600, height: 720 });
  });

  it('keeps the 10:12 ratio whatever happens', () => {
    const boxes = [
      initialCrop(landscape),
      resizeCrop(initialCrop(landscape), 333, landscape),
      moveCrop(resizeCrop(initialCrop(portrait), 100, portrait), 999, -999, portrait),
    ];
    for (const box of boxes) expect(box.width / box.height).toBeCloseTo(cropRatio, 10);
  });

  it('never shrinks below the minimum box of 80 px', () => {
    const box = resizeCrop(initialCrop(landscape), 10, landscape);
    expect(box.width).toBe(minCropWidth);
    expect(box.height).toBe(96);
  });

  it('stops at the edges of the image', () => {
    const box = moveCrop(resizeCrop(initialCrop(landscape), 200, landscape), -5000, 5000, landscape);
    expect(box.x).toBe(0);
    expect(box.y + box.height).toBe(landscape.height);
    expect(clampCrop({ x: 0, y: 0, width: 5000, height: 6000 }, landscape).width).toBe(750);
  });

  it('makes a JPEG of at most 550x660 and never enlarges a small box', () => {
    expect(outputSize(initialCrop(landscape))).toEqual(maxOutput);
    expect(outputSize({ x: 0, y: 0, width: 100, height: 120 })).toEqual({ width: 100, height: 120 });
    expect(outputSize({ x: 0, y: 0, width: 80, height: 96 })).toEqual({ width: 80, height: 96 });
  });

  it('refuses images smaller than the minimum box', () => {
    expect(canCrop({ width: 79, height: 500 })).toBe(false);
    expect(canCrop({ width: 500, height: 95 })).toBe(false);
    expect(canCrop({ width: 80, height: 96 })).toBe(true);
  });
});
