import type { PatientSchedule } from '@clinic/contract';
import { useEffect, useState } from 'react';
import { waitingRoomHours } from './call.ts';

/** Whether the visit's waiting room is open now; the answer changes as it opens and closes. */
export function useWaitingRoomOpen(visit: PatientSchedule | undefined): boolean {
  const [now, setNow] = useState(() => Date.now());
  const hours = visit && waitingRoomHours(visit);
  const next = hours && [hours.opens, hours.closes].find((at) => at > now);
  useEffect(() => {
    if (next === undefined) return;
    const timer = setTimeout(() => setNow(Date.now()), next - Date.now());
    return () => clearTimeout(timer);
  }, [next]);
  return hours !== undefined && hours.opens <= now && now < hours.closes;
}
