import { randomUUID } from 'node:crypto';
import type { SimulationOptions } from '@clinic/device-simulator';
import type { FastifyBaseLogger } from 'fastify';
import type { Principal, RequestContext } from './context.ts';
import type { Database } from './db/client.ts';
import type { CategoryService } from './modules/category/index.ts';
import type { ManagerNoteService } from './modules/manager-note/index.ts';
import type { ManagerService } from './modules/manager/index.ts';
import type { MonitoringConsentService } from './modules/monitoring/index.ts';
import type { PatientService } from './modules/patient/index.ts';
import type { PatientProgramService } from './modules/patient-program/index.ts';
import type { QuestionnaireService } from './modules/questionnaire/index.ts';
import { anyAccount, liveAccountByEmail, markEmailVerified, type UserService } from './modules/user/index.ts';
import type { ExerciseService } from './modules/exercise/index.ts';
import { managerRepository, patientAccountRepository } from './modules/shared/index.ts';
import { changeVisit, type ScheduleService } from './modules/schedule/index.ts';
import {
  answerableItems,
  instantOf,
  isoInZone,
  lefs,
  nextDate,
  optionScore,
  ScheduleStatus,
  startSlotMinutes,
  wallClockIn,
  type ExerciseSettings,
  type ScheduleDuration,
} from '@clinic/contract';

/**
 * The start (minutes of the day) of the demo's visit later today: two hours from now on the hour,
 * not before the first start slot, none once the day's last slots are near (undefined).
 */
export function laterTodayMinute(nowMinute: number): number | undefined {
  const start = Math.max(startSlotMinutes[0] ?? 0, Math.ceil((nowMinute + 120) / 60) * 60);
  return start <= 20 * 60 ? start : undefined;
}

/** A signature of one transparent pixel: the demo clinician has not signed anything yet. */
const blankSignature =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

export interface DemoServices {
  users: UserService;
  managers: ManagerService;
  patients: PatientService;
  notes: ManagerNoteService;
  categories: CategoryService;
  exercises: ExerciseService;
  schedules: ScheduleService;
  /** The same, on a clock three weeks back, for the visits already held. */
  pastSchedules: ScheduleService;
  programs: PatientProgramService;
  monitoringConsents: MonitoringConsentService;
  /** Questionnaires on a clock of the given instant: sent and answered in the past. */
  questionnairesAt: (at: Date) => QuestionnaireService;
}

interface DemoOptions {
  db: Database;
  services: DemoServices;
  email: string;
  password: string;
  log: FastifyBaseLogger;
  /** Whether the login is printed for the person starting the app. */
  printLogin: boolean;
}

const demoContext: RequestContext = {
  language: 'en',
  ip: '127.0.0.1',
  userAgent: 'demo seed',
  refreshToken: undefined,
  deviceCookies: [],
  principal: undefined,
  patient: undefined,
  requestId: 'demo-seed',
  timeZone: 'UTC',
};

/**
 * A demo patient who uses the app, and so has a device that uploads a year of records: some of
 * them in a way that needs the clinician's attention today.
 */
export type DemoMember = Omit<SimulationOptions, 'transport'>;

/** The history of a year ending today, so the demo's worklist shows each kind of alert from the start. */
const deviceYear = 365;
const memberHistories: Omit<DemoMember, 'email' | 'password'>[] = [
  { days: deviceYear },
  // Worse in the last week, and reporting pain: a regression and a pain alert.
  { days: deviceYear, badWeekStart: deviceYear - 7 },
  // Stopped a week ago: no data, and low adherence.
  { days: deviceYear, silentDays: 7 },
  // One session a day of the two prescribed this week: low adherence alone.
  { days: deviceYear, slackDays: 7 },
];
/** This member's program is still open five days past its due date: a past-due alert. */
const pastDueMember = 4;
/** How the members consented to remote monitoring when their device year began; the one past due has no consent on record. */
const demoConsentMethods = ['written', 'electronic', 'verbal'] as const;

/** The demo's app members as the visit seed needs them. */
interface MemberRelation {
  seqMedicalRelation: number;
  seqPatient: number;
  seqUser: number;
}

/**
 * Creates the demo clinician and their patients through the services, on an empty database
 * only. Answers the demo app members, whose devices then upload a year of records.
 */
export async function seedDemo({
  db,
  services,
  email: givenEmail,
  password,
  log,
  printLogin,
}: DemoOptions): Promise<DemoMember[]> {
  const email = givenEmail.toLowerCase();
  const existing = await liveAccountByEmail(db, email);
  if (!existing && (await anyAccount(db))) return [];
  if (!existing) {
    await services.users.signUp(
      {
        userId: 'demo',
        firstName: 'Dana',
        lastName: 'Demo',
        userEmail: email,
        userPassword: password,
        title: 'DPT',
        npiNumber: '1234567893',
        signatureImage: blankSignature,
        certificationCode: undefined,
        agreeTerms: true,
        agreePrivacy: true,
        agreePersonalInfo: true,
        agreeProvider: true,
      },
      demoContext,
    );
  }
  const demo = await liveAccountByEmail(db, email);
  const manager = demo && (await managerRepository(db).findByUser(demo.seqUser));
  if (!demo || !manager) return [];
  // Verified here too, so a start interrupted between the two steps is mended by the next one.
  if (!demo.emailVerifiedAt) await markEmailVerified(db, demo.seqUser, new Date());
  const principal = { seqUser: demo.seqUser, seqManager: manager.seqManager, sessionId: 'demo-seed' };
  if (!existing)
    // The clinic and the specialty head the demo's printed reports.
    await services.managers.updateProfile(principal, {
      firstName: 'Dana',
      lastName: 'Demo',
      managerSpecialty: 'Physical therapy',
      managerLanguageList: ['English'],
      managerClinicName: 'Riverside Rehabilitation Clinic',
      managerClinicAddress: '120 River Street, Springfield',
    });
  const seeded = existing ? undefined : await seedPatients(db, services, password, principal);
  if (seeded) {
    await seedVisits(db, services, principal, seeded.relations);
    await seedSymptomReports(services, seeded.relations);
    await seedQuestionnaires(services, principal, seeded.relations);
  }
  const members = seeded?.members ?? [];
  if (!existing) log.info('demo clinician and patients created');
  // The demo login is public by design (README); it is printed for the person starting the app.
  if (printLogin)
    process.stdout.write(
      `\nDemo clinician: ${email} / ${existing ? '(password as set when it was created)' : password}\n\n`,
    );
  return members;
}

/** A knee, elbow, wrist or ankle program that fits the device: pro devices train knees here. */
function demoPrescription(deviceType: 1 | 2, joint: number, dueDate: string): ExerciseSettings {
  const position = deviceType === 2 ? 3 : joint;
  const rom: Record<number, [number, number]> =
    deviceType === 2 ? { 3: [10, 110] } : { 1: [10, 120], 2: [5, 55], 3: [5, 75], 4: [45, 100] };
  const [minRom, maxRom] = rom[position] ?? [5, 75];
  return {
    deviceType,
    mode: 1,
    position: position as ExerciseSettings['position'],
    direction: 2,
    method: position <= 2 ? 1 : 3,
    strength: 4,
    frequency: 2,
    countPerSet: 20,
    timePerSetMinutes: null,
    sets: 2,
    dueDate,
    minRom,
    maxRom,
    speed: 4,
    deviceHeight: 3,
    upDelay: 2,
    downDelay: 2,
    upLimit: 60,
    downLimit: 60,
    memo: 'Demo program',
    exerciseGuide: { exerciseGuideTime: '00:20:00', exerciseGuideEvent: 'RomExercise' },
  };
}

const firstNames = ['Min-jun', 'Olivia', 'Jakub', 'Wing Yan', 'Ethan', 'Seo-yeon', 'Tereza', 'Liam', 'Ka Ho', 'Emma'];
const lastNames = ['Kim', 'Novak', 'Chan', 'Smith', 'Park', 'Dvořák', 'Wong', 'Johnson', 'Lee', 'Svoboda'];
const conditions = [
  { primaryDiagnosis: 'Ischemic stroke', onsetKind: 'stroke', paralysisPart: 'upper_extremity', joint: 1 },
  { primaryDiagnosis: 'Hemorrhagic stroke', onsetKind: 'stroke', paralysisPart: 'upper_and_lower', joint: 2 },
  {
    primaryDiagnosis: 'Total knee arthroplasty',
    onsetKind: 'orthopedic_surgery',
    paralysisPart: 'lower_extremity',
    joint: 3,
  },
  {
    primaryDiagnosis: 'ACL reconstruction',
    onsetKind: 'orthopedic_surgery',
    paralysisPart: 'lower_extremity',
    joint: 3,
  },
  {
    primaryDiagnosis: 'Ankle fracture, ORIF',
    onsetKind: 'orthopedic_surgery',
    paralysisPart: 'lower_extremity',
    joint: 4,
  },
] as const;
const mmtProgress = ['2', '2+', '3-', '3', '3+', '4-', '4'] as const;

/** Forty patients of both device types: thirty active (the free limit), ten inactive. */
async function seedPatients(
  db: Database,
  services: DemoOptions['services'],
  password: string,
  principal: Principal,
): Promise<{ members: DemoMember[]; relations: MemberRelation[] }> {
  const { users, patients, notes, categories, exercises } = services;
  const members: DemoMember[] = [];
  const relations: MemberRelation[] = [];
  const stroke = await categories.save(principal, { categoryName: 'Stroke' });
  const ortho = await categories.save(principal, { categoryName: 'Orthopedic' });
  const ids: number[] = [];
  for (let i = 0; i < 40; i++) {
    if (i === 30) {
      // The free plan holds thirty active patients: the first ten are discharged to make room.
      for (const id of ids.slice(0, 10)) await patients.setActivation(principal, id, false, demoContext);
    }
    const condition = conditions[i % conditions.length]!;
    const firstName = firstNames[i % firstNames.length]!;
    const lastName = lastNames[Math.floor(i / 4) % lastNames.length]!;
    const person = {
      patientName: `${firstName} ${lastName}`,
      patientEmail: `${firstName}.${lastName}.${i}`.toLowerCase().replace(/[^a-z0-9.]/g, '') + '@example.com',
      patientInfoBirth: `${1945 + ((i * 7) % 50)}-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 27) + 1).padStart(2, '0')}`,
      patientInfoGender: i % 3 === 2 ? null : i % 2 === 0 ? ('M' as const) : ('F' as const),
    };
    const body = {
      heightCm: 150 + ((i * 13) % 40),
      weightKg: 50 + ((i * 17) % 45),
      deviceType: i % 3 === 0 ? (2 as const) : (1 as const),
    };
    let seqMedicalRelation: number;
    // Every fifth active patient uses the app: registered with their code, given a program.
    if (i % 5 === 0 && i >= 10) {
      await users.signUpPatient({ userEmail: person.patientEmail, userPassword: password, ...person }, demoContext);
      const account = (await liveAccountByEmail(db, person.patientEmail))!;
      await markEmailVerified(db, account.seqUser, new Date());
      const member = (await patientAccountRepository(db).findPatientByUser(account.seqUser))!;
      const { patientSyncAuthCode } = await patients.issueSyncCode(member.seqPatient);
      ({ seqMedicalRelation } = await patients.addWithCode(principal, { patientSyncAuthCode, ...body }, demoContext));
      const history = memberHistories[members.length] ?? { days: deviceYear };
      const dueDate =
        members.length === pastDueMember
          ? nextDate(wallClockIn(new Date(), 'UTC').date, -5)
          : `${new Date().getUTCFullYear() + 1}-06-30`;
      await exercises.add(
        principal,
        seqMedicalRelation,
        demoPrescription(body.deviceType, condition.joint, dueDate),
        demoContext,
      );
      const consentMethod = demoConsentMethods[members.length % demoConsentMethods.length]!;
      if (members.length !== pastDueMember)
        await services.monitoringConsents.add(
          principal,
          {
            seqMedicalRelation,
            givenOn: nextDate(wallClockIn(new Date(), 'UTC').date, -deviceYear),
            method: consentMethod,
          },
          demoContext,
        );
      members.push({ email: person.patientEmail, password, ...history });
      relations.push({ seqMedicalRelation, seqPatient: member.seqPatient, seqUser: account.seqUser });
    } else {
      ({ seqMedicalRelation } = await patients.addWithoutCode(principal, { ...person, ...body }, demoContext));
    }
    ids.push(seqMedicalRelation);
    const isStroke = condition.onsetKind === 'stroke';
    await categories.setForPatient(
      principal,
      seqMedicalRelation,
      [isStroke ? stroke.seqCategory : ortho.seqCategory],
      demoContext,
    );
    // A first and a later assessment: the history a report compares.
    for (const [step, mmt] of [mmtProgress[i % 3]!, mmtProgress[(i % 3) + 3]!].entries()) {
      await patients.appendStatus(
        principal,
        seqMedicalRelation,
        {
          ...condition,
          secondaryDiagnosis: isStroke ? 'Hypertension' : null,
          onsetDate: `2026-0${(i % 8) + 1}-1${i % 9}`,
          onsetPeriod: step === 0 ? 'acute' : 'subacute',
          paralysisPosition: i % 2 === 0 ? 'left' : 'right',
          brainLesion: isStroke ? (i % 6) + 1 : 0,
          infection: 0,
          medication: isStroke ? 'Aspirin' : 'Acetaminophen',
          dose: isStroke ? '100 mg daily' : '500 mg as needed',
          mmt,
          mrs: isStroke ? (String(3 - step) as '3' | '2') : 'N/A',
          chiefComplaint: isStroke ? 'Weak grip and stiff elbow' : 'Pain and stiffness when bending',
        },
        demoContext,
      );
    }
    await notes.add(
      principal,
      {
        seqMedicalRelation,
        noteTitle: 'Initial assessment',
        noteContent: `Started the ${isStroke ? 'upper limb' : 'lower limb'} program on the ${i % 3 === 0 ? 'pro' : 'home'} device.`,
        isImportant: i % 5 === 0,
        isPublic: false,
      },
      demoContext,
    );
    await notes.add(
      principal,
      {
        seqMedicalRelation,
        noteTitle: 'Home exercise advice',
        noteContent: 'Two sessions a day; stop and call the clinic if the pain rises above 5 of 10.',
        isImportant: false,
        isPublic: true,
      },
      demoContext,
    );
  }
  return { members, relations };
}

/**
 * Open hours on weekdays, visits already held with their notes, and visits to come: booked by the
 * clinician, and one by a patient through the app's booking. In the server's time zone.
 */
async function seedVisits(
  db: Database,
  { schedules, pastSchedules }: DemoOptions['services'],
  principal: Principal,
  relations: MemberRelation[],
): Promise<void> {
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const context = { ...demoContext, timeZone };
  await schedules.replaceTimeline(
    principal,
    [1, 2, 3, 4, 5].flatMap((dayOfWeek) => [
      { dayOfWeek, startTime: '09:00', endTime: '12:00' },
      { dayOfWeek, startTime: '13:00', endTime: '17:00' },
    ]),
    context,
  );
  const today = wallClockIn(new Date(), timeZone).date;
  const at = (date: string, hour: number): string => isoInZone(instantOf(date, hour * 60, timeZone), timeZone);
  const book = (service: ScheduleService, relation: MemberRelation, start: string, length: ScheduleDuration) =>
    service.create(
      principal,
      {
        seqMedicalRelation: relation.seqMedicalRelation,
        scheduleExpectStartDatetime: start,
        scheduleExpectProgressTime: length,
      },
      context,
    );
  for (const [index, relation] of relations.slice(0, 3).entries()) {
    const held = await book(pastSchedules, relation, at(nextDate(today, -14 + index * 3), 10), '00:30:00');
    await changeVisit(db, held.seqSchedule, {
      status: ScheduleStatus.completed,
      startedAt: new Date(Date.parse(held.scheduleExpectStartDatetime) + 60_000),
      progressSeconds: 26 * 60 + index * 95,
      note: 'Range of motion improving; keep the program and add a second daily session.',
    });
  }
  for (const [index, relation] of relations.entries()) {
    await book(schedules, relation, at(nextDate(today, 1 + index), index % 2 === 0 ? 10 : 14), '00:30:00');
  }
  // One visit later today, when the day still has slots, for today's list.
  const laterToday = laterTodayMinute(wallClockIn(new Date(), timeZone).minute);
  const second = relations[1];
  if (second && laterToday !== undefined)
    await book(schedules, second, isoInZone(instantOf(today, laterToday, timeZone), timeZone), '00:15:00');
  const patientSide = relations.at(-1);
  if (!patientSide) return;
  const caller = { seqUser: patientSide.seqUser, seqPatient: patientSide.seqPatient, sessionId: 'demo-seed' };
  const [slot] = await schedules.freeSlots(
    caller,
    {
      seqMedicalRelation: patientSide.seqMedicalRelation,
      scheduleExpectProgressTime: '00:45:00',
      startDate: nextDate(today, 2),
      endDate: nextDate(today, 9),
    },
    context,
  );
  if (slot)
    await schedules.book(
      caller,
      {
        seqMedicalRelation: patientSide.seqMedicalRelation,
        scheduleExpectStartDatetime: slot,
        scheduleExpectProgressTime: '00:45:00',
        scheduleSymptoms: 'The knee feels stiff in the morning and after the second session.',
      },
      context,
    );
}

/** The symptom reports of this week from the member whose week went worse: pain rising day by day. */
const demoSymptomReports = [
  { daysAgo: 5, painLevel: 3, symptoms: 'Stiff in the morning; better after the first session.' },
  { daysAgo: 3, painLevel: 5, symptoms: 'Aching after the second session, and some swelling.' },
  { daysAgo: 1, painLevel: 7, symptoms: 'Sharp pain when bending, and it kept me up at night.' },
];

/** Symptom reports sent from the app by the member with the bad week, for the clinician to read. */
async function seedSymptomReports({ programs }: DemoOptions['services'], relations: MemberRelation[]): Promise<void> {
  const member = relations[1];
  if (!member) return;
  const caller = { seqUser: member.seqUser, seqPatient: member.seqPatient, sessionId: 'demo-seed' };
  for (const { daysAgo, painLevel, symptoms } of demoSymptomReports)
    await programs.addSymptomReport(
      caller,
      {
        idempotencyKey: randomUUID(),
        seqMedicalRelation: member.seqMedicalRelation,
        painLevel,
        symptoms,
        reportedAt: new Date(Date.now() - daysAgo * 86_400_000).toISOString(),
      },
      demoContext,
    );
}

/** LEFS sums (0 to 80) the first member gave every two weeks: improving beyond its MCID of 9 points. */
const demoLefsScores = [28, 33, 41, 50, 58];

/** LEFS answers that add up to a sum: each of its 20 items 0 to 4, the extra points on the first items. */
function lefsAnswersSumming(
  sum: number,
): { linkId: string; answer: { valueCoding: { system?: string; code: string } }[] }[] {
  const items = answerableItems(lefs.questionnaire);
  return items.map((item, index) => {
    const value = Math.floor(sum / items.length) + (index < sum % items.length ? 1 : 0);
    const option = item.answerOption!.find((candidate) => optionScore(candidate) === value)!;
    return {
      linkId: item.linkId,
      answer: [{ valueCoding: { system: option.valueCoding!.system, code: option.valueCoding!.code! } }],
    };
  });
}

/**
 * The first member has answered LEFS every two weeks for ten weeks and has this week's due; the
 * member who stopped a week ago has not answered a KOOS JR sent eight days ago: an overdue alert.
 */
async function seedQuestionnaires(
  { questionnairesAt }: DemoOptions['services'],
  principal: Principal,
  relations: MemberRelation[],
): Promise<void> {
  const [first, , silent] = relations;
  if (!first || !silent) return;
  const day = 86_400_000;
  const start = new Date(Date.now() - 10 * 7 * day);
  const { openRequests } = await questionnairesAt(start).addSchedule(
    principal,
    {
      seqMedicalRelation: first.seqMedicalRelation,
      instrument: { kind: 'shipped', key: 'lefs' },
      cadence: {
        kind: 'repeat',
        every: 2,
        unit: 'weeks',
        startDate: wallClockIn(start, 'UTC').date,
        // Due at the time of day it was sent, so every answer comes after its questionnaire.
        time: start.toISOString().slice(11, 16),
        times: demoLefsScores.length + 1,
      },
    },
    demoContext,
  );
  const caller = { seqUser: first.seqUser, seqPatient: first.seqPatient, sessionId: 'demo-seed' };
  for (const [index, sum] of demoLefsScores.entries()) {
    const request = openRequests[index]!;
    const answeredAt = new Date(Date.parse(request.dueAt) + 5 * 3_600_000);
    await questionnairesAt(answeredAt).answer(
      caller,
      {
        idempotencyKey: randomUUID(),
        seqQuestionnaireRequest: request.seqQuestionnaireRequest,
        answers: lefsAnswersSumming(sum),
        authoredAt: answeredAt.toISOString(),
      },
      demoContext,
    );
  }
  await questionnairesAt(new Date(Date.now() - 8 * day)).addSchedule(
    principal,
    {
      seqMedicalRelation: silent.seqMedicalRelation,
      instrument: { kind: 'shipped', key: 'koos-jr' },
      cadence: { kind: 'once' },
    },
    demoContext,
  );
}
