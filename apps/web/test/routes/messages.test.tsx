// @vitest-environment happy-dom
import {
  FailedCode,
  listMessages,
  listMessageTemplates,
  listMessageThreads,
  sendMessage,
  uploadMessageAttachment,
  withdrawMessage,
  type MessageItem,
  type MessageThreadSummary,
} from '@clinic/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MessageInbox } from '../../src/features/messages/components/message-inbox.tsx';
import { MessageThread } from '../../src/features/messages/components/message-thread.tsx';
import { formatDateTime } from '../../src/shared/dates/date-format.ts';
import en from '../../src/locales/en/translation.json';
import { FakeApi } from '../fake-api.ts';
import { renderScreen, screenTestTimeout } from '../render-screen.tsx';

const seqMedicalRelation = 7;
const texts = en.messaging;

const thread: MessageThreadSummary = {
  seqMedicalRelation,
  patientName: 'Ada Lovelace',
  managerName: 'Grace Hopper',
  isOpen: true,
  lastMessage: null,
  unreadCount: 0,
};

function message(seqMessage: number, fields: Partial<MessageItem> = {}): MessageItem {
  return {
    seqMessage,
    seqMedicalRelation,
    senderRole: 'patient',
    mine: false,
    text: `Message ${seqMessage}`,
    automatic: null,
    nextOpenAt: null,
    attachments: [],
    sentAt: new Date(Date.UTC(2026, 0, 5, 9, seqMessage)).toISOString(),
    readAt: null,
    withdrawnAt: null,
    ...fields,
  };
}

function Thread(): ReactElement {
  return <MessageThread seqMedicalRelation={seqMedicalRelation} />;
}

const openThread = (api: FakeApi) =>
  renderScreen(`/patientList/details/messages?id=${seqMedicalRelation}`, Thread, api, { signedIn: true });

const listOf = () => screen.findByRole('list', { name: texts.listLabel });

// happy-dom has no FontFaceSet, which the composer's growing textarea listens to.
beforeAll(() => {
  if (!('fonts' in document))
    Object.defineProperty(document, 'fonts', { value: new EventTarget(), configurable: true });
});
afterEach(cleanup);

describe("the patient's messages tab", { timeout: screenTestTimeout }, () => {
  it('shows the thread oldest first with senders, links as links, withdrawn ones, and "Read" on my last read one', async () => {
    const readAt = '2026-01-05T10:02:00.000Z';
    const api = new FakeApi()
      .on(listMessages, () => ({
        isSuccess: true,
        thread,
        messageList: [
          message(1, { text: 'See <b>https://example.org/knee</b>' }),
          message(2, { senderRole: 'clinician', mine: true, text: 'First reply', readAt }),
          message(3, { withdrawnAt: '2026-01-05T09:04:00.000Z', text: null }),
          message(4, { senderRole: 'clinician', mine: true, text: 'Second reply', readAt }),
        ],
        hasOlder: false,
      }))
      .on(listMessageTemplates, () => ({ isSuccess: true, templateList: [] }));
    await openThread(api);
    const items = within(await listOf()).getAllByRole('listitem');
    expect(items).toHaveLength(4);
    expect(items[0]?.textContent).toContain('Ada Lovelace');
    // Plain text: the markup shows as typed, the address is a link.
    expect(items[0]?.textContent).toContain('See <b>https://example.org/knee</b>');
    expect(within(items[0]!).getByRole('link', { name: 'https://example.org/knee' }).getAttribute('href')).toBe(
      'https://example.org/knee',
    );
    expect(items[2]?.textContent).toContain(texts.withdrawn);
    expect(items[2]?.textContent).not.toContain('Message 3');
    // "Read" under the last message of mine the patient has read, once (with its date: not today).
    const read = `Read ${formatDateTime(readAt, 'en')}`;
    expect(items[3]?.textContent).toContain(read);
    expect(items[1]?.textContent).not.toContain(read);
    // The newest page: the call that marks the thread read.
    expect(api.callsOf(listMessages)).toEqual([{ seqMedicalRelation, size: 30 }]);
  });

  it('pages back to older messages', async () => {
    const api = new FakeApi()
      .on(listMessages, (request) =>
        request.beforeSeqMessage === undefined
          ? { isSuccess: true, thread, messageList: [message(31), message(32)], hasOlder: true }
          : { isSuccess: true, thread, messageList: [message(29), message(30)], hasOlder: false },
      )
      .on(listMessageTemplates, () => ({ isSuccess: true, templateList: [] }));
    await openThread(api);
    await listOf();
    fireEvent.click(screen.getByRole('button', { name: texts.older }));
    await waitFor(() =>
      expect(within(screen.getByRole('list', { name: texts.listLabel })).getAllByRole('listitem')).toHaveLength(4),
    );
    const items = within(screen.getByRole('list', { name: texts.listLabel })).getAllByRole('listitem');
    expect(items[0]?.textContent).toContain('Message 29');
    expect(api.callsOf(listMessages).at(-1)).toEqual({ seqMedicalRelation, beforeSeqMessage: 31, size: 30 });
    expect(screen.queryByRole('button', { name: texts.older })).toBeNull();
  });

  it('sends a message with an idempotency key and shows it; a refusal is shown translated and keeps the text', async () => {
    const sent: MessageItem[] = [];
    const api = new FakeApi()
      .on(listMessages, () => ({ isSuccess: true, thread, messageList: [message(1), ...sent], hasOlder: false }))
      .on(listMessageTemplates, () => ({ isSuccess: true, templateList: [] }))
      .on(sendMessage, () => ({
        isSuccess: false,
        failedCode: FailedCode.TemplateNeedsNextVisit,
        message: 'no visit',
      }));
    await openThread(api);
    await listOf();
    const box = screen.getByRole('textbox', { name: texts.composer.text });
    fireEvent.change(box, { target: { value: 'See you at {nextVisit}' } });
    fireEvent.click(screen.getByRole('button', { name: texts.composer.send }));
    expect((await screen.findByRole('alert')).textContent).toContain('has no upcoming visit');
    expect((box as HTMLTextAreaElement).value).toBe('See you at {nextVisit}');
    const refused = api.callsOf(sendMessage)[0]!;
    expect(refused).toMatchObject({ seqMedicalRelation, text: 'See you at {nextVisit}', attachmentIds: [] });

    api.on(sendMessage, (request) => {
      const item = message(2, {
        senderRole: 'clinician',
        mine: true,
        text: request.text,
        sentAt: new Date().toISOString(),
      });
      sent.push(item);
      return { isSuccess: true, message: item };
    });
    fireEvent.change(box, { target: { value: 'See you on Monday' } });
    fireEvent.click(screen.getByRole('button', { name: texts.composer.send }));
    await waitFor(() => expect((box as HTMLTextAreaElement).value).toBe(''));
    const accepted = api.callsOf(sendMessage)[1]!;
    // The same message until the server took it: the key is kept across a refusal.
    expect(accepted.idempotencyKey).toBe(refused.idempotencyKey);
    const items = within(screen.getByRole('list', { name: texts.listLabel })).getAllByRole('listitem');
    expect(items.at(-1)?.textContent).toContain('See you on Monday');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('refuses an empty message before sending it', async () => {
    const api = new FakeApi()
      .on(listMessages, () => ({ isSuccess: true, thread, messageList: [], hasOlder: false }))
      .on(listMessageTemplates, () => ({ isSuccess: true, templateList: [] }));
    await openThread(api);
    await screen.findByText(texts.empty);
    fireEvent.click(screen.getByRole('button', { name: texts.composer.send }));
    await screen.findByText('Write a message or attach a file.');
    expect(api.callsOf(sendMessage)).toEqual([]);
  });

  it('uploads chosen files and sends them; a file too large or of another type is refused, translated', async () => {
    const api = new FakeApi()
      .on(listMessages, () => ({ isSuccess: true, thread, messageList: [], hasOlder: false }))
      .on(listMessageTemplates, () => ({ isSuccess: true, templateList: [] }))
      .on(uploadMessageAttachment, () => ({
        isSuccess: true,
        attachment: {
          id: '4b1e1f7e-8c56-4b7e-9d51-0c7a2f4b9e10',
          fileName: 'plan.pdf',
          contentType: 'application/pdf',
          byteSize: 2048,
          url: '/api/message/attachment/4b1e1f7e-8c56-4b7e-9d51-0c7a2f4b9e10',
          thumbnailUrl: null,
        },
      }))
      .on(sendMessage, (request) => ({
        isSuccess: true,
        message: message(5, { senderRole: 'clinician', mine: true, text: request.text }),
      }));
    await openThread(api);
    await screen.findByText(texts.empty);
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    const huge = new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'scan.pdf', { type: 'application/pdf' });
    fireEvent.change(input, {
      target: { files: [huge, new File(['%PDF-1.7'], 'plan.pdf', { type: 'application/pdf' })] },
    });
    expect((await screen.findByRole('alert')).textContent).toBe('scan.pdf is larger than 10.0 MB and cannot be sent.');
    const files = await screen.findByRole('list', { name: texts.composer.files });
    expect(files.textContent).toContain('plan.pdf (2 KB)');
    expect(api.callsOf(uploadMessageAttachment)).toHaveLength(1);

    api.on(uploadMessageAttachment, () => ({
      isSuccess: false,
      failedCode: FailedCode.UnsupportedAttachment,
      message: 'unsupported',
    }));
    fireEvent.change(input, { target: { files: [new File(['MZ'], 'notes.pdf', { type: 'application/pdf' })] } });
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'notes.pdf: This file type cannot be sent. Attach a PDF, JPEG or PNG file.',
      ),
    );

    fireEvent.click(screen.getByRole('button', { name: texts.composer.send }));
    await waitFor(() => expect(api.callsOf(sendMessage)).toHaveLength(1));
    expect(api.callsOf(sendMessage)[0]).toMatchObject({
      text: '',
      attachmentIds: ['4b1e1f7e-8c56-4b7e-9d51-0c7a2f4b9e10'],
    });
    await waitFor(() => expect(screen.queryByRole('list', { name: texts.composer.files })).toBeNull());
  });

  it('withdraws a message of mine within 5 minutes after a confirmation', async () => {
    let mine = message(2, {
      senderRole: 'clinician',
      mine: true,
      text: 'Wrong patient',
      sentAt: new Date().toISOString(),
    });
    const api = new FakeApi()
      .on(listMessages, () => ({
        isSuccess: true,
        thread,
        // An old message of mine cannot be withdrawn any more.
        messageList: [message(1, { senderRole: 'clinician', mine: true }), mine],
        hasOlder: false,
      }))
      .on(listMessageTemplates, () => ({ isSuccess: true, templateList: [] }))
      .on(withdrawMessage, () => {
        mine = { ...mine, text: null, withdrawnAt: new Date().toISOString() };
        return { isSuccess: true, message: mine };
      });
    await openThread(api);
    const items = within(await listOf()).getAllByRole('listitem');
    expect(within(items[0]!).queryByRole('button', { name: texts.withdraw })).toBeNull();
    fireEvent.click(within(items[1]!).getByRole('button', { name: texts.withdraw }));
    const dialog = await screen.findByRole('dialog', { name: texts.withdrawTitle });
    fireEvent.click(within(dialog).getByRole('button', { name: texts.withdraw }));
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: texts.listLabel })).getAllByRole('listitem')[1]?.textContent,
      ).toContain(texts.withdrawn),
    );
    expect(api.callsOf(withdrawMessage)).toEqual([{ seqMessage: 2 }]);
    expect(screen.queryByText('Wrong patient')).toBeNull();
  });

  it('shows a closed thread read-only, with a note', async () => {
    const api = new FakeApi().on(listMessages, () => ({
      isSuccess: true,
      thread: { ...thread, isOpen: false },
      messageList: [message(1), message(2, { senderRole: 'clinician', mine: true, sentAt: new Date().toISOString() })],
      hasOlder: false,
    }));
    await openThread(api);
    await listOf();
    expect(screen.getByText(texts.closed)).toBeDefined();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button', { name: texts.withdraw })).toBeNull();
    expect(api.missing).toEqual([]);
  });
});

describe('the inbox', { timeout: screenTestTimeout }, () => {
  it('lists the threads newest first with the patient, the last message and unread counts, linking to the thread', async () => {
    const api = new FakeApi().on(listMessageThreads, () => ({
      isSuccess: true,
      threadList: [
        {
          ...thread,
          unreadCount: 3,
          lastMessage: {
            senderRole: 'patient',
            preview: 'My knee is swollen',
            hasAttachments: false,
            sentAt: '2026-01-05T09:00:00.000Z',
          },
        },
        {
          ...thread,
          seqMedicalRelation: 8,
          patientName: 'Alan Turing',
          isOpen: false,
          lastMessage: {
            senderRole: 'clinician',
            preview: null,
            hasAttachments: false,
            sentAt: '2026-01-04T09:00:00.000Z',
          },
        },
      ],
      totalCount: 2,
      totalUnread: 3,
    }));
    await renderScreen('/messages', MessageInbox, api, { signedIn: true });
    const table = await screen.findByRole('table', { name: texts.inbox.title });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]?.textContent).toContain('My knee is swollen');
    expect(rows[0]?.textContent).toContain('Unread messages: 3');
    expect(within(rows[0]!).getByRole('link', { name: 'Ada Lovelace' }).getAttribute('href')).toBe(
      '/patientList/details/messages?id=7',
    );
    expect(rows[1]?.textContent).toContain(texts.withdrawn);
    expect(rows[1]?.textContent).toContain(texts.inbox.closed);
    expect(rows[1]?.textContent).not.toContain('Unread');
    expect(api.callsOf(listMessageThreads)).toEqual([{ page: 1, size: 20 }]);
  });

  it('says when there are no messages yet', async () => {
    const api = new FakeApi().on(listMessageThreads, () => ({
      isSuccess: true,
      threadList: [],
      totalCount: 0,
      totalUnread: 0,
    }));
    await renderScreen('/messages', MessageInbox, api, { signedIn: true });
    await screen.findByText(texts.inbox.empty);
  });
});
