import { describe, expect, it } from 'vitest';
import { linkedText } from './linked-text.ts';

describe('links in a message', () => {
  it('makes web addresses links and leaves the rest as plain text', () => {
    expect(linkedText('See https://example.org/exercise?id=2, then rest.')).toEqual([
      { kind: 'text', text: 'See ' },
      { kind: 'link', text: 'https://example.org/exercise?id=2', href: 'https://example.org/exercise?id=2' },
      { kind: 'text', text: ', then rest.' },
    ]);
  });

  it('never links other schemes, and keeps markup as text', () => {
    const text = 'javascript:alert(1) <a href="https://x.test">x</a>';
    expect(linkedText(text).filter((part) => part.kind === 'link')).toEqual([
      { kind: 'link', text: 'https://x.test', href: 'https://x.test/' },
    ]);
    expect(
      linkedText(text)
        .map((part) => part.text)
        .join(''),
    ).toBe(text);
  });
});
