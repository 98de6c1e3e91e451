/** A piece of a message's text: plain, or a web address to show as a link. */
export type TextPart = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

const addressPattern = /\bhttps?:\/\/[^\s<>"]+/gi;
/** Punctuation that ends a sentence rather than the address before it. */
const trailingPunctuation = /[.,;:!?'")\]}]+$/;

/**
 * The text cut into plain parts and http(s) addresses. Messages are plain text: nothing in them is
 * ever read as HTML, and only web addresses become links (never `javascript:` or other schemes).
 */
export function linkedText(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let from = 0;
  for (const match of text.matchAll(addressPattern)) {
    const address = match[0].replace(trailingPunctuation, '');
    if (!URL.canParse(address)) continue;
    if (match.index > from) parts.push({ kind: 'text', text: text.slice(from, match.index) });
    parts.push({ kind: 'link', text: address, href: new URL(address).href });
    from = match.index + address.length;
  }
  if (from < text.length) parts.push({ kind: 'text', text: text.slice(from) });
  return parts;
}
