import {
  bookSchedule,
  cancelMySchedule,
  cancelNotStartedYetSchedule,
  createSchedule,
  getAllScheduleByRangeForClinic,
  getListAndLatestDoneSchedule,
  getMyClinicians,
  getReservableSlots,
  getReservableTimeline,
  listMySchedules,
  saveScheduleNote,
  updateNotStartedYetSchedule,
  updateReservableTimeline,
  updateScheduleSymptoms,
} from '@clinic/contract';
import { ok, patientOf, principalOf, route, type Route } from '../../http/route.ts';
import type { ScheduleService } from './schedule.service.ts';

export function scheduleRoutes(schedules: ScheduleService): Route[] {
  return [
    route(getAllScheduleByRangeForClinic, async (body, context) => ({
      ...ok,
      scheduleList: await schedules.listBetween(principalOf(context), body, context),
    })),
    route(getListAndLatestDoneSchedule, async (body, context) => ({
      ...ok,
      ...(await schedules.listForRelation(principalOf(context), body.seqMedicalRelation, context)),
    })),
    route(createSchedule, async (body, context) => ({
      ...ok,
      schedule: await schedules.create(principalOf(context), body, context),
    })),
    route(updateNotStartedYetSchedule, async (body, context) => ({
      ...ok,
      schedule: await schedules.update(principalOf(context), body, context),
    })),
    route(cancelNotStartedYetSchedule, async (body, context) => ({
      ...ok,
      schedule: await schedules.cancel(principalOf(context), body.seqSchedule, context),
    })),
    route(saveScheduleNote, async (body, context) => ({
      ...ok,
      data: ok,
      schedule: await schedules.saveNote(principalOf(context), body, context),
    })),
    route(getReservableTimeline, async (_body, context) => ({
      ...ok,
      ...(await schedules.timeline(principalOf(context), context)),
    })),
    route(updateReservableTimeline, async (body, context) => ({
      ...ok,
      ...(await schedules.replaceTimeline(principalOf(context), body.timeline, context)),
    })),
    route(getMyClinicians, async (_body, context) => ({
      ...ok,
      clinicianList: await schedules.cliniciansOf(patientOf(context)),
    })),
    route(getReservableSlots, async (body, context) => ({
      ...ok,
      slotList: await schedules.freeSlots(patientOf(context), body, context),
    })),
    route(listMySchedules, async (_body, context) => ({
      ...ok,
      scheduleList: await schedules.listMine(patientOf(context), context),
    })),
    route(bookSchedule, async (body, context) => ({
      ...ok,
      schedule: await schedules.book(patientOf(context), body, context),
    })),
    route(cancelMySchedule, async (body, context) => ({
      ...ok,
      schedule: await schedules.cancelMine(patientOf(context), body.seqSchedule, context),
    })),
    route(updateScheduleSymptoms, async (body, context) => ({
      ...ok,
      schedule: await schedules.updateSymptoms(patientOf(context), body, context),
    })),
  ];
}
