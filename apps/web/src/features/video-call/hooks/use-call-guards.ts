import { meetingRules } from '@clinic/contract';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { changeLanguage } from '../../../shared/i18n/i18n.ts';
import { isLanguage } from '../../../shared/i18n/language.ts';
import { readItem, storageKeys } from '../../../shared/storage/local-storage.ts';

/** The call timer: a tick every second while `timing` (from the moment both were present). */
export function useCallTimer(timing: boolean, onTick: (at: number) => void): void {
  const tick = useRef(onTick);
  useEffect(() => {
    tick.current = onTick;
  });
  useEffect(() => {
    if (!timing) return undefined;
    const timer = setInterval(() => tick.current(Date.now()), meetingRules.timerTickMs);
    return () => clearInterval(timer);
  }, [timing]);
}

/** SPEC 4: losing the refresh token (checked every second) calls `onLost` once. */
export function useSessionLoss(onLost: () => void): void {
  const lost = useRef(onLost);
  useEffect(() => {
    lost.current = onLost;
  });
  useEffect(() => {
    const timer = setInterval(() => {
      if (readItem(storageKeys.refreshToken)) return;
      clearInterval(timer);
      lost.current();
    }, meetingRules.refreshTokenCheckMs);
    return () => clearInterval(timer);
  }, []);
}

/**
 * SPEC 4: a language change during an open call calls `onChanged` (which ends it); another window's
 * change reaches this one. Closing the window while a call is open asks the browser's confirmation.
 */
export function useOpenCallGuards(callOpen: boolean, onLanguageChanged: () => void): void {
  const { i18n } = useTranslation();
  useEffect(() => {
    if (!callOpen) return undefined;
    i18n.on('languageChanged', onLanguageChanged);
    return () => i18n.off('languageChanged', onLanguageChanged);
  }, [callOpen, i18n, onLanguageChanged]);
  useEffect(() => {
    const onStorage = (event: StorageEvent): void => {
      if (event.key !== storageKeys.lang || !isLanguage(event.newValue) || event.newValue === i18n.language) return;
      void changeLanguage(event.newValue);
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [i18n]);
  useEffect(() => {
    if (!callOpen) return undefined;
    const onBeforeUnload = (event: BeforeUnloadEvent): void => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [callOpen]);
}
