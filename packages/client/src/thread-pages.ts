import type { MessageItem } from '@clinic/contract';

/** A thread as an infinite query keeps it: its pages newest first, each page's messages oldest first. */
interface ThreadPages<Page extends { messageList: MessageItem[] }> {
  pages: Page[];
}

/**
 * The thread with the message put into its newest page, or in place of the one of the same id
 * wherever it is; nothing while no page is loaded (the thread's first read will have it).
 */
export function withMessage<Page extends { messageList: MessageItem[] }, Data extends ThreadPages<Page>>(
  data: Data | undefined,
  message: MessageItem,
): Data | undefined {
  const newest = data?.pages[0];
  if (!data || !newest) return data;
  const known = data.pages.some((page) => page.messageList.some((item) => item.seqMessage === message.seqMessage));
  const pages = known
    ? data.pages.map((page) => ({
        ...page,
        messageList: page.messageList.map((item) => (item.seqMessage === message.seqMessage ? message : item)),
      }))
    : [{ ...newest, messageList: [...newest.messageList, message] }, ...data.pages.slice(1)];
  return { ...data, pages };
}
