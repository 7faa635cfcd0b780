import { describe, expect, it } from 'vitest';
import { rowSpans } from './prepare-floor.ts';

describe("the feathered floor's row spans", () => {
  it('hold every pixel with alpha in each row, and nothing for a row without', () => {
    const width = 37;
    const height = 9;
    const alpha = Buffer.alloc(width * height);
    // Row 0 empty; 1 one pixel; 2 from the left edge; 3 to the right edge; 4 full; 5 two pieces; 6 empty; 7 faint; 8 the last pixel.
    alpha[1 * width + 12] = 255;
    alpha.fill(40, 2 * width, 2 * width + 5);
    alpha.fill(255, 3 * width + 30, 4 * width);
    alpha.fill(255, 4 * width, 5 * width);
    alpha[5 * width + 3] = 9;
    alpha[5 * width + 20] = 200;
    alpha.fill(1, 7 * width + 10, 7 * width + 11);
    alpha[8 * width + width - 1] = 3;
    const { rowStart, rowEnd } = rowSpans(alpha, width, height);
    expect(Array.from(rowStart)).toEqual([0, 12, 0, 30, 0, 3, 0, 10, width - 1]);
    expect(Array.from(rowEnd)).toEqual([0, 13, 5, width, width, 21, 0, 11, width]);
  });
});
