import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { mailQueue as mailQueueTable } from '../db/schema.ts';
import { mailQueue, mailRetryDelaysMs } from './mail-queue.ts';
import { mailMaxAttempts } from './mail-queue.repository.ts';
import { smtpMailer, type MailMessage, type Mailer } from './mailer.ts';

const minute = 60_000;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const message = (subject: string): MailMessage => ({
  to: `${subject.toLowerCase().replace(/\W/g, '')}@clinic.test`,
  subject,
  text: `Body of ${subject}`,
  html: `<p>Body of ${subject}</p>`,
});
const queueWith = (mailer: Mailer) => mailQueue({ db: t.app.db, mailer, now: t.clock, log: t.app.log });
const runJob = async (queue: ReturnType<typeof mailQueue>) => (await queue.job.run())();

describe('the mail queue', () => {
  it('sends each mail once though a slow mail server takes longer than a lease for the whole pass', async () => {
    const sent: string[] = [];
    const other = queueWith({ send: (mail) => Promise.resolve(void sent.push(mail.subject)), close: () => undefined });
    // Three minutes a mail; while the second is being sent, another instance runs the job.
    const slow = queueWith({
      async send(mail) {
        t.clock.advance(3 * minute);
        if (mail.subject === 'Second') await runJob(other);
        sent.push(mail.subject);
      },
      close: () => undefined,
    });
    await slow.enqueue(t.app.db, [message('First'), message('Second'), message('Third')]);
    await runJob(slow);
    expect(sent.sort()).toEqual(['First', 'Second', 'Third']);
  });

  it('gives up a mail the server refuses for good at once, and logs neither its address nor its content', async () => {
    const queue = queueWith(smtpMailer(t.mail.url, 'Clinic <no-reply@clinic.test>'));
    t.mail.refuse(1, 550);
    await queue.deliver(await queue.enqueue(t.app.db, [message('Nobody there')]));
    t.clock.advance(2 * 24 * 60 * minute);
    await runJob(queue);
    expect(t.mail.messages.map((mail) => mail.subject)).not.toContain('Nobody there');
    const [dead] = (await t.app.db.select().from(mailQueueTable)).filter((row) => row.subject === 'Nobody there');
    expect(dead?.attempts).toBe(mailMaxAttempts);
    expect(t.logs()).toContain('mail given up');
    expect(t.logs()).not.toContain('nobodythere@clinic.test');
    expect(t.logs()).not.toContain('Body of Nobody there');
  });

  it('tries a mail refused for now again later each time, and gives it up after the last attempt', async () => {
    const queue = queueWith(smtpMailer(t.mail.url, 'Clinic <no-reply@clinic.test>'));
    const tries = () => t.mail.messages.length;
    t.mail.refuse(mailMaxAttempts);
    await queue.deliver(await queue.enqueue(t.app.db, [message('Busy server')]));
    for (const delay of mailRetryDelaysMs) {
      // Not before its wait is over.
      t.clock.advance(delay - minute);
      await runJob(queue);
      const [row] = (await t.app.db.select().from(mailQueueTable)).filter((mail) => mail.subject === 'Busy server');
      const attempts = row?.attempts;
      t.clock.advance(minute);
      await runJob(queue);
      const [after] = (await t.app.db.select().from(mailQueueTable)).filter((mail) => mail.subject === 'Busy server');
      expect(after?.attempts).toBe((attempts ?? 0) + 1);
    }
    // The server takes mail again, but this one is dead.
    const before = tries();
    t.clock.advance(2 * 24 * 60 * minute);
    await runJob(queue);
    expect(tries()).toBe(before);
    expect(t.mail.messages.map((mail) => mail.subject)).not.toContain('Busy server');
  });
});
