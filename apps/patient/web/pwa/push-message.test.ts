import { patientPush, patientPushTypes, type PatientPush } from '@clinic/contract';
import { describe, expect, it } from 'vitest';
import { appWindows, notificationOf, pageOfNotification, pushMessageOf, windowForPage } from './push-message.ts';

const origin = 'https://clinic.example';

function message(type: PatientPush['type'], url: string): PatientPush {
  return {
    key: `k-${type}`,
    type,
    title: 'Visit update',
    body: 'Your visit with Grace Hopper on 11/23/2026 09:00 was moved.',
    url,
    time: '2026-11-22T10:00:00.000Z',
  };
}

describe('a push to the patient app', () => {
  it('shows every message the contract allows, with its words, its page and the app icon', () => {
    for (const type of patientPushTypes) {
      const sent = message(type, type === 'prescriptionAdded' ? '/patient/?screen=program' : '/patient/?visit=42');
      expect(patientPush.parse(sent)).toEqual(sent);
      const shown = pushMessageOf(JSON.parse(JSON.stringify(sent)));
      expect(shown).toEqual({ key: sent.key, title: sent.title, body: sent.body, url: sent.url });
      const { title, options } = notificationOf(shown!);
      expect(title).toBe(sent.title);
      expect(options).toEqual({
        body: sent.body,
        icon: '/patient/icons/icon-192.png',
        tag: sent.key,
        data: { url: sent.url },
      });
    }
  });

  it('shows nothing that is not the contract’s message, nor one that opens a page outside the app', () => {
    const good = message('visitBooked', '/patient/?visit=1');
    const bad: unknown[] = [
      null,
      'text',
      42,
      { ...good, title: undefined },
      { ...good, body: 7 },
      { ...good, key: null },
      { ...good, url: '/appointments' },
      { ...good, url: 'https://elsewhere.example/patient/' },
      { ...good, url: undefined },
    ];
    for (const value of bad) {
      expect(pushMessageOf(value), JSON.stringify(value)).toBeNull();
      // The contract refuses each of them too, so the two checks agree.
      expect(patientPush.safeParse(value).success, JSON.stringify(value)).toBe(false);
    }
  });
});

describe('a tapped notification', () => {
  it('opens the page it names, and only a page of the app on this origin', () => {
    expect(pageOfNotification({ url: '/patient/?visit=42' }, origin)).toBe(`${origin}/patient/?visit=42`);
    expect(pageOfNotification({ url: '/patient/?screen=program' }, origin)).toBe(`${origin}/patient/?screen=program`);
    for (const data of [
      undefined,
      null,
      {},
      { url: 5 },
      { url: '/appointments' },
      { url: 'https://evil.example/patient/' },
    ])
      expect(pageOfNotification(data, origin), JSON.stringify(data)).toBe(`${origin}/patient/`);
  });

  it('goes to the app’s focused window, else its first, never to the clinicians’ app', () => {
    const windows = [
      { id: 'clinician', url: `${origin}/appointments`, focused: true },
      { id: 'first', url: `${origin}/patient/`, focused: false },
      { id: 'focused', url: `${origin}/patient/?screen=symptoms`, focused: true },
      { id: 'other-site', url: 'https://elsewhere.example/patient/', focused: true },
    ];
    expect(windowForPage(windows, origin)?.id).toBe('focused');
    expect(windowForPage(windows.slice(0, 2), origin)?.id).toBe('first');
    expect(windowForPage([windows[0]!, windows[3]!], origin)).toBeUndefined();
    expect(appWindows(windows, origin).map((window) => window.id)).toEqual(['first', 'focused']);
  });
});
