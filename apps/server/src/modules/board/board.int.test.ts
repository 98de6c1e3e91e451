import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, verifiedClinician } from '../../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/helper.ts';
import { mailQueue } from '../../db/schema.ts';
import { mailRetryDelaysMs } from '../../mail/mail-queue.ts';

let t: TestApp;
let clinician: Awaited<ReturnType<typeof verifiedClinician>>;
let other: Awaited<ReturnType<typeof verifiedClinician>>;

type Caller = { tokens: { accessToken: string } };
const as = (who: Caller) => ({
  post: (path: string, body: unknown) => call(t.app, path, body, { token: who.tokens.accessToken }),
  patch: (path: string, body: unknown) => call(t.app, path, body, { token: who.tokens.accessToken, method: 'PATCH' }),
});
const support = 'support@clinic.localhost';

beforeAll(async () => {
  t = await createTestApp();
  clinician = await verifiedClinician(t.app, t.mail);
  other = await verifiedClinician(t.app, t.mail);
});
afterAll(() => t.close());

describe('inquiries', () => {
  it('keeps a clinician’s question, mails it to the service team, answerable to them, and lists it for them alone', async () => {
    const since = t.mail.messages.length;
    const sent = await as(clinician).post('/board/inquiry/clinic', {
      category: 'payment',
      title: 'Invoice address',
      content: 'Please put our clinic name on the invoices.',
    });
    expect(sent.json()).toMatchObject({
      isSuccess: true,
      inquiry: { category: 'payment', title: 'Invoice address' },
    });
    const mail = await t.mail.next(support, since);
    expect(mail.subject).toContain('Invoice address');
    expect(mail.replyTo).toBe(clinician.body.userEmail);
    expect(mail.text).toContain(clinician.body.userEmail);
    expect(mail.text).toContain('Please put our clinic name on the invoices.');

    await as(clinician).post('/board/inquiry/clinic', { category: 'device', title: 'Second', content: 'Later one' });
    const mine = await as(clinician).post('/board/inquiry/list', { page: 1, size: 10 });
    expect(mine.json()).toMatchObject({
      totalCount: 2,
      inquiryList: [{ title: 'Second' }, { title: 'Invoice address' }],
    });
    // Pages count from 1, as on every paged endpoint.
    const page = async (n: number) =>
      (await as(clinician).post('/board/inquiry/list', { page: n, size: 1 })).json<{
        inquiryList: Record<string, unknown>[];
      }>();
    expect((await page(1)).inquiryList).toMatchObject([{ title: 'Second' }]);
    expect((await page(2)).inquiryList).toMatchObject([{ title: 'Invoice address' }]);
    expect((await page(3)).inquiryList).toEqual([]);
    const zero = await as(clinician).post('/board/inquiry/list', { page: 0, size: 1 });
    expect(zero.statusCode).toBe(400);
    expect(zero.json()).toMatchObject({ fields: [{ path: 'page', code: 'validation.out_of_range' }] });
    expect((await as(other).post('/board/inquiry/list', {})).json()).toMatchObject({ totalCount: 0, inquiryList: [] });
  });

  it('removes an inquiry for its author only', async () => {
    const list = await as(clinician).post('/board/inquiry/list', {});
    const [latest] = list.json<{ inquiryList: { seqBoard: number }[] }>().inquiryList;
    expect((await as(other).patch('/board/inquiry/delete', { seqBoard: latest!.seqBoard })).statusCode).toBe(404);
    expect((await as(clinician).patch('/board/inquiry/delete', { seqBoard: latest!.seqBoard })).json()).toEqual({
      isSuccess: true,
    });
    expect((await as(clinician).patch('/board/inquiry/delete', { seqBoard: latest!.seqBoard })).statusCode).toBe(404);
    expect((await as(clinician).post('/board/inquiry/list', {})).json()).toMatchObject({ totalCount: 1 });
  });

  it('takes a provider’s question from the login area without an account, a few an hour from one address', async () => {
    const question = {
      name: 'Ada Lovelace',
      email: 'ada@example.org',
      organization: 'North Rehab Center',
      phone: '+1 (555) 010-2000',
      title: 'Pricing for 200 patients',
      content: 'Do you offer a plan for a larger center?',
    };
    const since = t.mail.messages.length;
    const sent = await call(t.app, '/board/inquiry/save', question);
    expect(sent.json<{ seqBoard: unknown }>().seqBoard).toBeTypeOf('number');
    const mail = await t.mail.next(support, since);
    expect(mail.replyTo).toBe('ada@example.org');
    expect(mail.text).toContain('North Rehab Center');
    expect((await call(t.app, '/board/inquiry/save', { ...question, phone: 'call me' })).statusCode).toBe(400);
    expect((await call(t.app, '/board/inquiry/save', { ...question, content: '' })).statusCode).toBe(400);
    const statuses: number[] = [];
    for (let index = 0; index < 5; index++)
      statuses.push((await call(t.app, '/board/inquiry/save', question)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 429]);
  });

  it('sends an inquiry the mail server refused later, once, from the background job', async () => {
    t.mail.refuse(1);
    const since = t.mail.messages.length;
    const sent = await as(other).post('/board/inquiry/clinic', {
      category: 'service',
      title: 'Mail server down',
      content: 'Kept, and mailed once the server is back.',
    });
    expect(sent.json()).toMatchObject({ isSuccess: true });
    expect(await t.app.db.select().from(mailQueue)).toHaveLength(1);
    // Not yet due again: the job leaves it.
    await t.app.jobs.tick();
    expect(t.mail.messages.slice(since)).toEqual([]);

    t.clock.advance(mailRetryDelaysMs[0]!);
    await t.app.jobs.tick();
    const mail = await t.mail.next(support, since);
    expect(mail.subject).toMatch(/^\[Inquiry #\d+\] Mail server down$/);
    expect(mail.replyTo).toBe(other.body.userEmail);
    expect(await t.app.db.select().from(mailQueue)).toEqual([]);
    await t.app.jobs.tick();
    expect(t.mail.messages.slice(since)).toHaveLength(1);
    expect(t.logs()).toContain('mail not sent; it will be tried again');
  });
});
