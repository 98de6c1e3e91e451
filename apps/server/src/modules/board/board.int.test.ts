import {
  deleteInquiry,
  listInquiries,
  saveClinicInquiry,
  saveProviderInquiry,
  type Endpoint,
  type RequestOf,
} from '@clinic/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifiedClinician, callApi } from '../../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/helper.ts';
import { mailQueue } from '../../db/schema.ts';
import { mailRetryDelaysMs } from '../../mail/mail-queue.ts';

let t: TestApp;
let clinician: Awaited<ReturnType<typeof verifiedClinician>>;
let other: Awaited<ReturnType<typeof verifiedClinician>>;

type Caller = { tokens: { accessToken: string } };
const as = (who: Caller) => ({
  call: <E extends Endpoint>(endpoint: E, body: RequestOf<E>) =>
    callApi(t.app, endpoint, body, { token: who.tokens.accessToken }),
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
    const sent = await as(clinician).call(saveClinicInquiry, {
      category: 'payment',
      title: 'Invoice address',
      content: 'Please put our clinic name on the invoices.',
    });
    expect(sent.reply).toMatchObject({
      isSuccess: true,
      inquiry: { category: 'payment', title: 'Invoice address' },
    });
    const mail = await t.mail.next(support, since);
    expect(mail.subject).toContain('Invoice address');
    expect(mail.replyTo).toBe(clinician.body.userEmail);
    expect(mail.text).toContain(clinician.body.userEmail);
    expect(mail.text).toContain('Please put our clinic name on the invoices.');

    await as(clinician).call(saveClinicInquiry, { category: 'device', title: 'Second', content: 'Later one' });
    const mine = await as(clinician).call(listInquiries, { page: 1, size: 10 });
    expect(mine.reply).toMatchObject({
      totalCount: 2,
      inquiryList: [{ title: 'Second' }, { title: 'Invoice address' }],
    });
    // Pages count from 1, as on every paged endpoint.
    const page = async (n: number) => (await as(clinician).call(listInquiries, { page: n, size: 1 })).success;
    expect((await page(1)).inquiryList).toMatchObject([{ title: 'Second' }]);
    expect((await page(2)).inquiryList).toMatchObject([{ title: 'Invoice address' }]);
    expect((await page(3)).inquiryList).toEqual([]);
    const zero = await as(clinician).call(listInquiries, { page: 0, size: 1 });
    expect(zero.status).toBe(400);
    expect(zero.error).toMatchObject({ fields: [{ path: 'page', code: 'validation.out_of_range' }] });
    expect((await as(other).call(listInquiries, {})).reply).toMatchObject({ totalCount: 0, inquiryList: [] });
  });

  it('removes an inquiry for its author only', async () => {
    const list = await as(clinician).call(listInquiries, {});
    const [latest] = list.success.inquiryList;
    expect((await as(other).call(deleteInquiry, { seqBoard: latest!.seqBoard })).status).toBe(404);
    expect((await as(clinician).call(deleteInquiry, { seqBoard: latest!.seqBoard })).reply).toEqual({
      isSuccess: true,
    });
    expect((await as(clinician).call(deleteInquiry, { seqBoard: latest!.seqBoard })).status).toBe(404);
    expect((await as(clinician).call(listInquiries, {})).reply).toMatchObject({ totalCount: 1 });
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
    const sent = await callApi(t.app, saveProviderInquiry, question);
    expect(sent.success.seqBoard).toBeTypeOf('number');
    const mail = await t.mail.next(support, since);
    expect(mail.replyTo).toBe('ada@example.org');
    expect(mail.text).toContain('North Rehab Center');
    expect((await callApi(t.app, saveProviderInquiry, { ...question, phone: 'call me' })).status).toBe(400);
    expect((await callApi(t.app, saveProviderInquiry, { ...question, content: '' })).status).toBe(400);
    const statuses: number[] = [];
    for (let index = 0; index < 5; index++) statuses.push((await callApi(t.app, saveProviderInquiry, question)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 429]);
  });

  it('sends an inquiry the mail server refused later, once, from the background job', async () => {
    t.mail.refuse(1);
    const since = t.mail.messages.length;
    const sent = await as(other).call(saveClinicInquiry, {
      category: 'service',
      title: 'Mail server down',
      content: 'Kept, and mailed once the server is back.',
    });
    expect(sent.reply).toMatchObject({ isSuccess: true });
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
