import { EventEmitter, once } from 'node:events';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface CaughtMail {
  to: string;
  replyTo: string;
  subject: string;
  text: string;
}

export interface MailCatcher {
  url: string;
  messages: CaughtMail[];
  /**
   * Refuses the next `count` messages: by default with a temporary failure (451), as a mail server
   * that is down; with a 5xx code for good, as for an address that does not exist.
   */
  refuse(count: number, responseCode?: number): void;
  /** Keeps the next message waiting for its answer until `release` is called, as a slow mail server. */
  holdNext(): { arrived: Promise<void>; release(): void };
  /** The next message to an address that arrives after `since` messages (waits up to 10 s). */
  next(to: string, since?: number): Promise<CaughtMail>;
  close(): Promise<void>;
}

/** A real SMTP server on a free local port that keeps every message it receives. */
export async function startMailCatcher(): Promise<MailCatcher> {
  const messages: CaughtMail[] = [];
  const arrivals = new EventEmitter();
  let refusals = 0;
  let refusalCode = 451;
  let held: { arrived(): void; released: Promise<void> } | undefined;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, reply) {
      const waiting = held;
      held = undefined;
      waiting?.arrived();
      // A held message is answered once released.
      const callback = (error?: Error): void => void (waiting?.released ?? Promise.resolve()).then(() => reply(error));
      if (refusals > 0) {
        refusals--;
        stream.resume();
        stream.on('end', () => callback(Object.assign(new Error('Refused'), { responseCode: refusalCode })));
        return;
      }
      simpleParser(stream)
        .then((mail: ParsedMail) => {
          const to = Array.isArray(mail.to) ? mail.to.map((a) => a.text).join(',') : (mail.to?.text ?? '');
          messages.push({
            to: to.toLowerCase(),
            replyTo: mail.replyTo?.text ?? '',
            subject: mail.subject ?? '',
            text: mail.text ?? '',
          });
          arrivals.emit('mail');
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    refuse(count, responseCode = 451) {
      refusals = count;
      refusalCode = responseCode;
    },
    holdNext() {
      let arrived = (): void => undefined;
      let release = (): void => undefined;
      const arrival = new Promise<void>((resolve) => (arrived = resolve));
      held = { arrived, released: new Promise<void>((resolve) => (release = resolve)) };
      return { arrived: arrival, release };
    },
    async next(to, since = 0) {
      const signal = AbortSignal.timeout(10_000);
      for (;;) {
        const found = messages.slice(since).find((mail) => mail.to.includes(to.toLowerCase()));
        if (found) return found;
        await once(arrivals, 'mail', { signal }).catch(() => {
          throw new Error(`no mail to ${to}`);
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The link of a mail (verification or reset), and the token in its fragment. */
export function linkIn(mail: CaughtMail): { link: string; token: string } {
  const link = /https?:\/\/\S+#(?:verify|reset)=([\w-]+)/.exec(mail.text);
  if (!link?.[1]) throw new Error(`no link in mail: ${mail.subject}`);
  return { link: link[0], token: link[1] };
}
