import { PushType, scheduleRules } from '@clinic/contract';
import type { Clock } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import type { Notifier } from '../notification/index.ts';
import { scheduleRepository } from './schedule.repository.ts';
import { minuteMs } from './visit-time.ts';

export interface ScheduleJobs {
  run(database: Database): Promise<() => Promise<void>>;
}

/** The jobs of SPEC 9: announce visits starting soon, expire visits whose time passed unused. */
export function scheduleJobs({ now, notify }: { now: Clock; notify: Notifier }): ScheduleJobs {
  return {
    async run(database): Promise<() => Promise<void>> {
      const at = now();
      const schedules = scheduleRepository(database);
      const expired = await schedules.expireEnded(at);
      const starting = await schedules.announceStarting(
        at,
        new Date(at.getTime() + scheduleRules.earlyStartMinutes * minuteMs),
      );
      // One after the other: the transaction's one connection takes one query at a time.
      const viewsOf = async (ids: number[]) => {
        const views = [];
        for (const id of ids) views.push(await schedules.findView(id));
        return views.filter((view) => view !== undefined);
      };
      const expiredViews = await viewsOf(expired);
      const startingViews = await viewsOf(starting);
      // Told once the transaction holding the changes has committed.
      return async () => {
        for (const view of expiredViews) await notify.visitChanged(PushType.expired, view, ['clinician', 'patient']);
        for (const view of startingViews)
          await notify.visitChanged(PushType.startingSoon, view, ['clinician', 'patient']);
      };
    },
  };
}
