import { ExerciseMode, secondsToClock, type Exercise, type exerciseRecordUpload } from '@clinic/contract';
import type { z } from 'zod';

/** How the simulator reaches the server: real HTTP, or the server's own inject in the demo seed. */
export interface Transport {
  post(path: string, body: unknown, token?: string): Promise<{ status: number; body: unknown }>;
}

export function httpTransport(baseUrl: string): Transport {
  return {
    async post(path, body, token) {
      const response = await fetch(`${baseUrl}/api${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token && { authorization: `Bearer ${token}` }) },
        body: JSON.stringify(body),
      });
      return { status: response.status, body: await response.json() };
    },
  };
}

export interface SimulationOptions {
  transport: Transport;
  email: string;
  password: string;
  /** How many days of history end today. */
  days: number;
  now?: Date;
  /** Makes the same history on every run, so a rerun uploads nothing new. */
  seed?: number;
  /** Share of days without any session. */
  missedDayRate?: number;
  /** Days from the start of the history to a week when the patient does worse (pain, a cold). */
  badWeekStart?: number;
  /** The last days of the history without any session: the patient stopped. */
  silentDays?: number;
  /** The last days of the history with only the first session of each day: the patient slackens. */
  slackDays?: number;
}

type Upload = z.input<typeof exerciseRecordUpload>;
const uploadBatch = 500;
const maxSessionSeconds = 4 * 3600;

/** A small, seeded pseudo-random generator (mulberry32). */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/**
 * The sessions a home or pro device would record for one prescription: the range of motion
 * grows from about half the prescribed range toward its top over the period, with missed days
 * and one bad week.
 */
export function sessionsFor(
  prescription: Exercise,
  options: Omit<SimulationOptions, 'transport' | 'email' | 'password'>,
): Upload[] {
  const now = options.now ?? new Date();
  const next = random((options.seed ?? 1) * 7919 + prescription.seqExercise);
  const missed = options.missedDayRate ?? 0.15;
  const badWeek = options.badWeekStart ?? Math.floor(options.days * 0.6);
  const span = prescription.maxRom - prescription.minRom;
  const measure = prescription.mode === ExerciseMode.passiveMeasure || prescription.mode === ExerciseMode.activeMeasure;
  const sessions: Upload[] = [];
  const silentFrom = options.days - (options.silentDays ?? 0);
  const slackFrom = options.days - (options.slackDays ?? 0);
  for (let day = 0; day < options.days; day++) {
    if (next() < missed || day >= silentFrom) continue;
    const progress = day / Math.max(1, options.days - 1);
    const setback = day >= badWeek && day < badWeek + 7 ? 0.75 : 1;
    const sessionsToday = day >= slackFrom ? Math.min(1, prescription.frequency) : prescription.frequency;
    for (let session = 0; session < sessionsToday; session++) {
      const start = new Date(
        now.getTime() -
          (options.days - day) * 86_400_000 +
          (8 + session * 6) * 3_600_000 +
          Math.floor(next() * 3_600_000),
      );
      if (start > now) continue;
      const reach = (0.5 + 0.45 * progress) * setback;
      const maxAngle = Math.round((prescription.minRom + span * reach + (next() - 0.5) * 4) * 10) / 10;
      const minAngle = Math.round((prescription.minRom + span * (1 - reach) * 0.3 + next() * 2) * 10) / 10;
      const count = prescription.countPerSet ? prescription.countPerSet * prescription.sets : 0;
      // A session is never longer than the device records in one go, however long the program.
      const seconds = Math.min(
        maxSessionSeconds,
        prescription.timePerSetMinutes
          ? prescription.timePerSetMinutes * 60 * prescription.sets
          : Math.max(60, count * 4),
      );
      sessions.push({
        recordKey: `sim-${prescription.seqExercise}-${day}-${session}`,
        seqExercise: prescription.seqExercise,
        exerciseCompleted: false,
        iuppiterUsageMode: prescription.mode,
        iuppiterUsageCount: measure ? 1 : Math.round(count * (0.8 + 0.2 * next())),
        iuppiterUsageMinAngle: Math.min(minAngle, maxAngle),
        iuppiterUsageMaxAngle: Math.max(minAngle, maxAngle),
        iuppiterUsageMinSpeed: Math.round((2 + next() * 3) * 10) / 10,
        iuppiterUsageMaxSpeed: Math.round((15 + next() * 10) * 10) / 10,
        minTorque: Math.round((-2 - next() * 3) * 10) / 10,
        maxTorque: Math.round((5 + next() * 5 * setback) * 10) / 10,
        deviceUsageDuration: Math.round(seconds * (0.85 + 0.15 * next())),
        exerciseGuideMode: prescription.mode,
        exerciseGuideMinRom: prescription.minRom,
        exerciseGuideMaxRom: prescription.maxRom,
        exerciseGuideSpeed: prescription.speed,
        exerciseGuideCount: prescription.countPerSet,
        exerciseGuideTime: secondsToClock(seconds),
        exerciseGuideDirection: prescription.direction,
        exerciseGuidePosition: prescription.position,
        usageStartDatetime: start.toISOString(),
        createDatetime: new Date(start.getTime() + seconds * 1000).toISOString(),
        patientReview: setback < 1 && session === 0 ? 'Painful today, stopped early' : null,
        painLevel: setback < 1 && session === 0 ? 7 : null,
      });
    }
  }
  return sessions;
}

/** Signs in as the patient and uploads the simulated history of every open prescription. */
export async function simulateDevice(options: SimulationOptions): Promise<{ accepted: number; duplicates: number }> {
  const { transport } = options;
  const login = await transport.post('/user/login', {
    userEmail: options.email,
    userPassword: options.password,
    userType: 'patient',
  });
  const token = (login.body as { token?: { accessToken: string } }).token?.accessToken;
  if (!token) throw new Error(`the patient could not log in (${login.status})`);
  const list = await transport.post('/patientApp/listExercises', {}, token);
  const prescriptions = (list.body as { exerciseList: Exercise[] }).exerciseList;
  const totals = { accepted: 0, duplicates: 0 };
  for (const prescription of prescriptions) {
    const sessions = sessionsFor(prescription, options);
    for (let start = 0; start < sessions.length; start += uploadBatch) {
      const reply = await transport.post(
        '/patientApp/uploadExerciseRecord',
        { records: sessions.slice(start, start + uploadBatch) },
        token,
      );
      if (reply.status !== 200) throw new Error(`upload refused (${reply.status}): ${JSON.stringify(reply.body)}`);
      const counts = reply.body as { accepted: number; duplicates: number };
      totals.accepted += counts.accepted;
      totals.duplicates += counts.duplicates;
    }
  }
  return totals;
}
