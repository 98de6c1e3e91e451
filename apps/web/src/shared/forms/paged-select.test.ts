import { describe, expect, it } from 'vitest';
import { pageOfOptions } from './paged-select.tsx';

const options = Array.from({ length: 45 }, (_, index) => ({ value: String(index), label: `Group ${index}` }));

describe('pageOfOptions', () => {
  it('shows the loaded pages of the matching options', () => {
    expect(pageOfOptions(options, '', 2, 10).shown).toHaveLength(20);
    expect(pageOfOptions(options, '', 6, 10).shown).toHaveLength(45);
  });

  it('searches case-insensitively', () => {
    const { shown, total } = pageOfOptions(options, 'group 4', 2, 10);
    expect(total).toBe(6);
    expect(shown.map((option) => option.value)).toEqual(['4', '40', '41', '42', '43', '44']);
  });
});
