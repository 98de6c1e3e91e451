// @vitest-environment happy-dom
import {
  getMessageAwaySettings,
  updateMessageAwaySettings,
  type MessageAwaySettings,
  type RequestOf,
} from '@clinic/contract';
import { en as contractMessages } from '@clinic/contract/messages/en';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Component as MyPage } from '../../src/app/routes/options.tsx';
import en from '../../src/locales/en/translation.json';
import { FakeApi } from '../fake-api.ts';
import { renderScreen, screenTestTimeout } from '../render-screen.tsx';

const texts = en.messaging.away;

const saved: MessageAwaySettings = {
  afterHoursTexts: { en: 'We are closed now.', ko: '지금은 진료 시간이 아닙니다.' },
  vacation: { from: '2026-12-20', to: '2026-12-31', texts: { en: 'I am on vacation.' } },
  timeZone: 'Europe/Prague',
};

/** Answers a save with the settings it sets, as the server does. */
const echo = (request: RequestOf<typeof updateMessageAwaySettings>) => ({
  isSuccess: true as const,
  settings: { ...request, timeZone: 'Europe/Prague' },
});

/** My page's automatic replies; the page's other sections are not answered and show that they did not load. */
async function awaySection(api: FakeApi) {
  await renderScreen('/options', MyPage, api, { signedIn: true });
  const section = within(await screen.findByRole('region', { name: texts.title }));
  await section.findByRole('button', { name: texts.save });
  return section;
}

function typeDate(field: HTMLElement, text: string): void {
  fireEvent.change(field, { target: { value: text } });
  fireEvent.blur(field);
}

// happy-dom has no FontFaceSet, which the growing textareas listen to.
beforeAll(() => {
  if (!('fonts' in document))
    Object.defineProperty(document, 'fonts', { value: new EventTarget(), configurable: true });
});
afterEach(cleanup);

describe("My page's automatic replies", { timeout: screenTestTimeout }, () => {
  it('shows the saved texts per language and the vacation', async () => {
    const api = new FakeApi().on(getMessageAwaySettings, () => ({ isSuccess: true, settings: saved }));
    const section = await awaySection(api);
    const afterHours = within(section.getByRole('group', { name: texts.afterHours }));
    expect(afterHours.getByRole('textbox', { name: en.language.names.en })).toHaveProperty(
      'value',
      'We are closed now.',
    );
    expect(afterHours.getByRole('textbox', { name: en.language.names.ko })).toHaveProperty(
      'value',
      '지금은 진료 시간이 아닙니다.',
    );
    expect(afterHours.getByRole('textbox', { name: en.language.names.cs })).toHaveProperty('value', '');
    const vacation = within(section.getByRole('group', { name: texts.vacation }));
    expect(vacation.getByRole('switch', { name: texts.onVacation })).toHaveProperty('checked', true);
    expect(vacation.getByLabelText(texts.from)).toHaveProperty('value', '12/20/2026');
    expect(vacation.getByLabelText(texts.to)).toHaveProperty('value', '12/31/2026');
    expect(vacation.getByRole('textbox', { name: en.language.names.en })).toHaveProperty('value', 'I am on vacation.');
  });

  it('refuses a vacation that ends before it starts at its last day, and sends nothing', async () => {
    const api = new FakeApi()
      .on(getMessageAwaySettings, () => ({ isSuccess: true, settings: saved }))
      .on(updateMessageAwaySettings, echo);
    const section = await awaySection(api);
    typeDate(section.getByLabelText(texts.to), '12/10/2026');
    fireEvent.click(section.getByRole('button', { name: texts.save }));

    const to = section.getByLabelText(texts.to);
    await waitFor(() => expect(to.getAttribute('aria-invalid')).toBe('true'));
    section.getByText(contractMessages['validation.vacation_order']);
    expect(section.getByLabelText(texts.from).getAttribute('aria-invalid')).not.toBe('true');
    expect(api.callsOf(updateMessageAwaySettings)).toEqual([]);
    expect(section.queryByText(texts.saved)).toBeNull();
  });

  it('saves the texts and a vacation, and says so', async () => {
    const api = new FakeApi()
      .on(getMessageAwaySettings, () => ({
        isSuccess: true,
        settings: { afterHoursTexts: {}, vacation: null, timeZone: 'Europe/Prague' },
      }))
      .on(updateMessageAwaySettings, echo);
    const section = await awaySection(api);
    const afterHours = within(section.getByRole('group', { name: texts.afterHours }));
    fireEvent.change(afterHours.getByRole('textbox', { name: en.language.names.cs }), {
      target: { value: '  Máme zavřeno.  ' },
    });
    const vacation = within(section.getByRole('group', { name: texts.vacation }));
    expect(vacation.queryByLabelText(texts.from)).toBeNull();
    fireEvent.click(vacation.getByRole('switch', { name: texts.onVacation }));
    typeDate(await vacation.findByLabelText(texts.from), '12/20/2026');
    typeDate(vacation.getByLabelText(texts.to), '12/31/2026');
    fireEvent.change(vacation.getByRole('textbox', { name: en.language.names.en }), {
      target: { value: 'Back in January.' },
    });
    fireEvent.click(section.getByRole('button', { name: texts.save }));

    await section.findByText(texts.saved);
    expect(api.callsOf(updateMessageAwaySettings)).toEqual([
      {
        afterHoursTexts: { cs: 'Máme zavřeno.' },
        vacation: { from: '2026-12-20', to: '2026-12-31', texts: { en: 'Back in January.' } },
      },
    ]);
  });
});
