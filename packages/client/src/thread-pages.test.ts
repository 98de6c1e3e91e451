import type { MessageItem } from '@clinic/contract';
import { describe, expect, it } from 'vitest';
import { withMessage } from './thread-pages.ts';

const item = (seqMessage: number, text: string): MessageItem => ({
  seqMessage,
  seqMedicalRelation: 7,
  senderRole: 'clinician',
  mine: true,
  text,
  automatic: null,
  nextOpenAt: null,
  attachments: [],
  sentAt: '2026-11-20T09:00:00.000Z',
  readAt: null,
  withdrawnAt: null,
});

/** Two pages, newest first: messages 3 and 4, then 1 and 2. */
const thread = {
  pages: [
    { hasOlder: true, messageList: [item(3, 'three'), item(4, 'four')] },
    { hasOlder: false, messageList: [item(1, 'one'), item(2, 'two')] },
  ],
  pageParams: [undefined, 3],
};

const texts = (data: typeof thread | undefined) => data?.pages.map((page) => page.messageList.map((m) => m.text));

describe('withMessage', () => {
  it('puts a new message last in the newest page, and keeps the page’s other fields', () => {
    const kept = withMessage(thread, item(5, 'five'));
    expect(texts(kept)).toEqual([
      ['three', 'four', 'five'],
      ['one', 'two'],
    ]);
    expect(kept?.pages[0]?.hasOlder).toBe(true);
    expect(kept?.pageParams).toEqual([undefined, 3]);
  });

  it('replaces a message it has, in whichever page, without adding it again', () => {
    const withdrawn = { ...item(1, 'one'), text: null, withdrawnAt: '2026-11-20T09:03:00.000Z' };
    expect(texts(withMessage(thread, withdrawn))).toEqual([
      ['three', 'four'],
      [null, 'two'],
    ]);
  });

  it('leaves a thread with no page loaded as it is', () => {
    expect(withMessage<(typeof thread.pages)[number], typeof thread>(undefined, item(5, 'five'))).toBeUndefined();
    const empty = { pages: [], pageParams: [] };
    expect(withMessage(empty, item(5, 'five'))).toBe(empty);
  });
});
