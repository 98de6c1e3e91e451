import { clockToMinutes, minutesToClock, type TimelineWindow } from '@clinic/contract';
import type { Principal, RequestContext } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import { scheduleRepository, type WindowRow } from './schedule.repository.ts';
import type { ScheduleDependencies } from './visit-changes.ts';

export interface OpenHours {
  windows: WindowRow[];
  timeZone: string;
  timeline: TimelineWindow[];
}

/** The clinician's weekly open hours, in the time zone they were saved in (else the fallback). */
export async function timelineOf(database: Database, seqManager: number, fallbackZone: string): Promise<OpenHours> {
  const windows = await scheduleRepository(database).listWindows(seqManager);
  return {
    windows,
    timeZone: windows[0]?.timeZone ?? fallbackZone,
    timeline: windows.map((window): TimelineWindow => ({
      dayOfWeek: window.dayOfWeek,
      startTime: minutesToClock(window.startMinute),
      endTime: minutesToClock(window.endMinute),
    })),
  };
}

export interface OpenHoursService {
  timeline(principal: Principal, context: RequestContext): Promise<{ timeZone: string; timeline: TimelineWindow[] }>;
  replaceTimeline(
    principal: Principal,
    timeline: TimelineWindow[],
    context: RequestContext,
  ): Promise<{ timeZone: string; timeline: TimelineWindow[] }>;
}

export function openHoursService({ db }: Pick<ScheduleDependencies, 'db'>): OpenHoursService {
  return {
    async timeline(principal, context) {
      const { timeZone, timeline } = await timelineOf(db, principal.seqManager, context.timeZone);
      return { timeZone, timeline };
    },

    /** Replaces the weekly hours; they are read in the time zone the clinician saved them in. */
    async replaceTimeline(principal, timeline, context) {
      return db.transaction(async (tx) => {
        await scheduleRepository(tx).replaceWindows(
          principal.seqManager,
          timeline.map((window) => ({
            dayOfWeek: window.dayOfWeek,
            startMinute: clockToMinutes(window.startTime),
            endMinute: clockToMinutes(window.endTime),
            timeZone: context.timeZone,
          })),
        );
        const { timeZone, timeline: saved } = await timelineOf(tx, principal.seqManager, context.timeZone);
        return { timeZone, timeline: saved };
      });
    },
  };
}
