import { describe, expect, it } from 'vitest';
import { screenOfSearch, searchOfScreen, type Screen } from './screen-url.ts';

describe('the screen of an address', () => {
  it('opens the screen a link names', () => {
    expect(screenOfSearch('?screen=program')).toEqual({ name: 'program' });
    expect(screenOfSearch('?screen=symptoms')).toEqual({ name: 'symptoms' });
    expect(screenOfSearch('?screen=book')).toEqual({ name: 'book' });
    expect(screenOfSearch('?lang=ko&screen=program')).toEqual({ name: 'program' });
  });

  it('opens home focused on a visit', () => {
    expect(screenOfSearch('?visit=42')).toEqual({ name: 'home', visit: 42 });
    // A named screen wins over a visit.
    expect(screenOfSearch('?screen=symptoms&visit=42')).toEqual({ name: 'symptoms' });
  });

  it('opens a questionnaire by its address, the one its push opens', () => {
    expect(screenOfSearch('?questionnaire=9')).toEqual({ name: 'questionnaire', id: 9 });
    expect(screenOfSearch('?lang=cs&questionnaire=12')).toEqual({ name: 'questionnaire', id: 12 });
    for (const search of ['?screen=questionnaire', '?questionnaire=0', '?questionnaire=x', '?questionnaire=-1']) {
      expect(screenOfSearch(search), search).toEqual({ name: 'home' });
    }
  });

  it('opens the message threads, or one thread by the address its push and mail open', () => {
    expect(screenOfSearch('?screen=messages')).toEqual({ name: 'messages' });
    expect(screenOfSearch('?messages=14')).toEqual({ name: 'messages', relation: 14 });
    expect(screenOfSearch('?lang=ko&messages=3')).toEqual({ name: 'messages', relation: 3 });
    for (const search of ['?messages=0', '?messages=x', '?messages=-2', '?messages=1.5']) {
      expect(screenOfSearch(search), search).toEqual({ name: 'home' });
    }
  });

  it('opens home for anything else', () => {
    for (const search of ['', '?', '?screen=call', '?screen=', '?visit=abc', '?visit=-3', '?visit=0', '?visit=1.5']) {
      expect(screenOfSearch(search), search).toEqual({ name: 'home' });
    }
  });
});

describe('the address of a screen', () => {
  it('names the screen and keeps the other parameters', () => {
    expect(searchOfScreen('', { name: 'program' })).toBe('?screen=program');
    expect(searchOfScreen('?lang=ko&visit=5', { name: 'symptoms' })).toBe('?lang=ko&screen=symptoms');
    expect(searchOfScreen('?screen=program', { name: 'home', visit: 7 })).toBe('?visit=7');
    expect(searchOfScreen('?screen=program&lang=cs', { name: 'home' })).toBe('?lang=cs');
    expect(searchOfScreen('?screen=book', { name: 'home' })).toBe('');
    expect(searchOfScreen('?questionnaire=4&lang=ko', { name: 'questionnaire', id: 5 })).toBe(
      '?lang=ko&questionnaire=5',
    );
    expect(searchOfScreen('?questionnaire=5', { name: 'program' })).toBe('?screen=program');
    expect(searchOfScreen('?lang=cs', { name: 'messages', relation: 8 })).toBe('?lang=cs&messages=8');
    expect(searchOfScreen('?messages=8', { name: 'messages' })).toBe('?screen=messages');
    expect(searchOfScreen('?messages=8', { name: 'home' })).toBe('');
  });

  it('reads back as the same screen', () => {
    const screens: Screen[] = [
      { name: 'home' },
      { name: 'home', visit: 12 },
      { name: 'program' },
      { name: 'symptoms' },
      { name: 'book' },
      { name: 'questionnaire', id: 31 },
      { name: 'messages' },
      { name: 'messages', relation: 6 },
    ];
    for (const screen of screens) expect(screenOfSearch(searchOfScreen('?lang=en', screen))).toEqual(screen);
  });
});
