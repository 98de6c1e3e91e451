import { useCallback, useEffect, useState } from 'react';
import { pushStatus, renewPushRegistration, turnPushOff, turnPushOn, type PushStatus } from './push.ts';

export interface PushSwitch {
  /** Undefined until the browser has answered. */
  status: PushStatus | undefined;
  busy: boolean;
  /** The last change could not be made (no push service, no server). */
  failed: boolean;
  change(on: boolean): void;
}

/** The state of this phone's notifications; the subscription is registered again in each new language. */
export function usePushSwitch(language: string): PushSwitch {
  const [status, setStatus] = useState<PushStatus>();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let current = true;
    pushStatus().then(
      (next) => current && setStatus(next),
      () => current && setStatus('unsupported'),
    );
    return () => {
      current = false;
    };
  }, []);

  useEffect(() => {
    renewPushRegistration().catch(() => undefined);
  }, [language]);

  const change = useCallback((on: boolean): void => {
    setBusy(true);
    setFailed(false);
    (on ? turnPushOn() : turnPushOff())
      .then(setStatus, async () => {
        setFailed(true);
        setStatus(await pushStatus().catch((): PushStatus => 'off'));
      })
      .finally(() => setBusy(false))
      .catch(() => undefined);
  }, []);

  return { status, busy, failed, change };
}
