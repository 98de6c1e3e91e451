import { describe, expect, it } from 'vitest';
import { completeFailureKey, startFailureText } from './call-messages.ts';
import { isTouchBrowser, popupFeatures, videoVisitUrl } from './open-visit-window.ts';

describe('meeting creation failures (SPEC 8)', () => {
  it('uses the contract message of a known code and its own text for the rest', () => {
    expect(startFailureText('SE0121')).toEqual({ kind: 'message', code: 'SE0121' });
    expect(startFailureText('SE0122')).toEqual({ kind: 'message', code: 'SE0122' });
    expect(startFailureText('SE0000')).toEqual({ kind: 'key', key: 'completed' });
    expect(startFailureText('TE9999')).toEqual({ kind: 'key', key: 'contactManager', code: 'TE9999' });
    expect(startFailureText('XX1234')).toEqual({ kind: 'key', key: 'unexpectedStart' });
    expect(startFailureText(undefined)).toEqual({ kind: 'key', key: 'unexpectedStart' });
  });

  it('reads the completion failures as an abnormal result', () => {
    expect(completeFailureKey('SE0110')).toBe('completeFailed');
    expect(completeFailureKey('SE0114')).toBe('completeFailed');
    expect(completeFailureKey('CM0500')).toBe('unexpected');
  });
});

describe('opening the video visit', () => {
  it('opens in the same page on touch browsers', () => {
    const coarse = () => ({ matches: true });
    const fine = () => ({ matches: false });
    expect(isTouchBrowser(fine, 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)')).toBe(true);
    expect(isTouchBrowser(coarse, 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130')).toBe(true);
    expect(isTouchBrowser(fine, 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130')).toBe(false);
  });

  it('builds the address with the visit and the language, and a centred 1200x800 popup', () => {
    expect(videoVisitUrl(12, '?lang=ko&x=1')).toBe('/remote?seqSchedule=12&lang=ko');
    expect(videoVisitUrl(12)).toBe('/remote?seqSchedule=12');
    expect(popupFeatures({ width: 1600, height: 1000, left: 0, top: 0 })).toBe(
      'popup=yes,width=1200,height=800,left=200,top=100',
    );
  });
});
