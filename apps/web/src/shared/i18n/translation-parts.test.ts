import { describe, expect, it } from 'vitest';
import ko from '../../locales/ko/translation.json';
import { changeLanguage, i18n, i18nReady, loadSignedInStrings } from './i18n.ts';

describe('translation parts', () => {
  it('loads the signed-in strings only when a signed-in screen asks, then with every language change', async () => {
    await i18nReady;
    expect(i18n.exists('login.title')).toBe(true);
    expect(i18n.exists('patients.list.title')).toBe(false);

    await loadSignedInStrings();
    expect(i18n.exists('patients.list.title')).toBe(true);
    expect(i18n.exists('login.title')).toBe(true);

    await changeLanguage('ko');
    expect(i18n.t('patients.list.title')).toBe(ko.patients.list.title);
    expect(i18n.t('login.title')).toBe(ko.login.title);
  });
});
