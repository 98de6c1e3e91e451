import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { buildApp } from '../apps/server/src/app.ts';
import { parseConfig } from '../apps/server/src/config.ts';
import { exercise, medicalRelation, patient } from '../apps/server/src/db/schema.ts';
import { managerRepository } from '../apps/server/src/modules/shared/index.ts';
import { liveAccountByEmail, markEmailVerified } from '../apps/server/src/modules/user/index.ts';
import { browserHeaders, startLoad } from './load.ts';
import { alternate, type RoundOptions } from './rounds.ts';

/** Seconds of load per round on each side. */
export const seconds = Number(process.env.BENCH_SECONDS ?? 2);

/** A database the server benchmarks run on: the embedded one always, PostgreSQL too when DATABASE_URL is set. */
export interface BenchDatabase {
  label: 'PGlite' | 'PostgreSQL';
  url?: string;
}

export const databases: BenchDatabase[] = [
  { label: 'PGlite' },
  ...(process.env.DATABASE_URL ? [{ label: 'PostgreSQL' as const, url: process.env.DATABASE_URL }] : []),
];

export interface BenchApp {
  app: FastifyInstance;
  bare: FastifyInstance;
  seqManager: number;
  token: string;
  close(): Promise<void>;
}

/** The real app on a database of its own with one verified clinician, and a bare Fastify beside it. */
export async function benchApp(name: string, database: BenchDatabase): Promise<BenchApp> {
  const dataDir = await mkdtemp(join(tmpdir(), `clinic-bench-${name}-`));
  const schema = `bench_${name}_${process.pid}`;
  const config = parseConfig({
    DATA_DIR: dataDir,
    ...(database.url && { DATABASE_URL: database.url, DATABASE_SCHEMA: schema }),
    DEMO: '0',
    LOG_LEVEL: 'silent',
    // A free port, so a browser test or another benchmark beside it collides with nothing.
    PAYMENT_SANDBOX_PORT: '0',
  });
  const app = await buildApp(config);
  const email = `${name}@example.com`;
  const seqManager = await verifiedClinician(app, { userId: `bench-${name}`, email, password: 'Bench-mark-2026' });
  const login = await app.inject({
    method: 'POST',
    url: '/api/user/login',
    payload: { userEmail: email, userPassword: 'Bench-mark-2026' },
  });
  const token = login.json<{ token: { accessToken: string } }>().token.accessToken;
  const bare = Fastify();
  return {
    app,
    bare,
    seqManager,
    token,
    async close() {
      await bare.close();
      if (database.url) await app.db.execute(sql.raw(`drop schema if exists "${schema}" cascade`));
      await app.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Signs a clinician up in the app and verifies their e-mail address; answers their seqManager. */
export async function verifiedClinician(
  app: FastifyInstance,
  clinician: { userId: string; email: string; password: string },
): Promise<number> {
  const signUp = await app.inject({
    method: 'POST',
    url: '/api/user/signUp',
    payload: {
      userId: clinician.userId,
      firstName: 'Bench',
      lastName: 'Mark',
      userEmail: clinician.email,
      userPassword: clinician.password,
      title: 'MD',
      npiNumber: '1234567893',
      signatureImage:
        'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
      agreeTerms: true,
      agreePrivacy: true,
      agreePersonalInfo: true,
      agreeProvider: true,
    },
  });
  if (signUp.statusCode !== 200) throw new Error(signUp.body);
  const user = (await liveAccountByEmail(app.db, clinician.email))!;
  await markEmailVerified(app.db, user.seqUser, new Date());
  return (await managerRepository(app.db).findByUser(user.seqUser))!.seqManager;
}

/** Gives a clinician `count` patients, a tenth of them inactive, in batches of 1000. */
export async function insertPatients(app: FastifyInstance, seqManager: number, count: number): Promise<void> {
  for (let start = 0; start < count; start += 1000) {
    const people = await app.db
      .insert(patient)
      .values(
        Array.from({ length: Math.min(1000, count - start) }, (_, i) => ({
          patientName: `Patient ${start + i}`,
          birthDate: `19${50 + ((start + i) % 50)}-01-15`,
        })),
      )
      .returning({ seqPatient: patient.seqPatient, patientName: patient.patientName, birthDate: patient.birthDate });
    await app.db.insert(medicalRelation).values(
      people.map((person, i) => ({
        seqManager,
        seqPatient: person.seqPatient,
        patientName: person.patientName,
        birthDate: person.birthDate,
        heightCm: 170,
        weightKg: 70,
        deviceType: (i % 2) + 1,
        isEnabled: i % 10 !== 0,
      })),
    );
  }
}

/**
 * Gives a clinician `count` patients on the pro device, each with one knee program; answers the
 * first one's ids, the others' following in order, for records made in bulk by SQL.
 */
export async function patientsWithPrograms(
  app: FastifyInstance,
  seqManager: number,
  count: number,
  program: Pick<typeof exercise.$inferInsert, 'direction' | 'frequency' | 'dueDate' | 'createdAt'>,
): Promise<{ seqPatient: number; seqMedicalRelation: number; seqExercise: number }> {
  const people = await app.db
    .insert(patient)
    .values(Array.from({ length: count }, (_, i) => ({ patientName: `Patient ${i}`, birthDate: '1960-01-01' })))
    .returning({ seqPatient: patient.seqPatient });
  const relations = await app.db
    .insert(medicalRelation)
    .values(
      people.map((person) => ({
        seqManager,
        seqPatient: person.seqPatient,
        patientName: 'P',
        birthDate: '1960-01-01',
        heightCm: 170,
        weightKg: 70,
        deviceType: 2,
      })),
    )
    .returning({ seqMedicalRelation: medicalRelation.seqMedicalRelation, seqPatient: medicalRelation.seqPatient });
  const [first] = await app.db
    .insert(exercise)
    .values(
      relations.map((relation) => ({
        seqMedicalRelation: relation.seqMedicalRelation,
        seqManager,
        deviceType: 2,
        mode: 1,
        position: 3,
        strength: 3,
        countPerSet: 10,
        sets: 2,
        minRom: 10,
        maxRom: 120,
        guideSeconds: 900,
        guideEvent: 'RomExercise',
        ...program,
      })),
    )
    .returning({ seqExercise: exercise.seqExercise, seqMedicalRelation: exercise.seqMedicalRelation });
  const seqPatient = relations.find(
    (relation) => relation.seqMedicalRelation === first!.seqMedicalRelation,
  )!.seqPatient;
  return { seqPatient, seqMedicalRelation: first!.seqMedicalRelation, seqExercise: first!.seqExercise };
}

/**
 * `records` device sessions spread evenly over `patients` patients (the ones `patientsWithPrograms`
 * made, from `first` on) and the past year, made by the database.
 */
export async function yearOfRecords(
  app: FastifyInstance,
  first: { seqPatient: number; seqMedicalRelation: number; seqExercise: number },
  patients: number,
  records: number,
): Promise<void> {
  await app.db.execute(sql`
    insert into exercise_record (seq_patient, record_key, seq_exercise, seq_medical_relation, usage_mode, usage_count,
      min_angle, max_angle, min_speed, max_speed, duration_seconds, guide_mode, guide_min_rom, guide_max_rom,
      guide_direction, guide_position, usage_start_at, device_created_at)
    select ${first.seqPatient} + (n % ${patients}), 'bench-' || n, ${first.seqExercise} + (n % ${patients}),
      ${first.seqMedicalRelation} + (n % ${patients}), 1, 20, 10 + (n % 7), 60 + (n % 50), 3, 20, 900, 1, 10, 120, 1, 3,
      now() - ((n / ${patients})::int * interval '1 day' * 365 / ${records / patients}) - (n % 7) * interval '1 hour',
      now() - ((n / ${patients})::int * interval '1 day' * 365 / ${records / patients})
    from generate_series(0, ${records - 1}) as n`);
  await app.db.execute(sql`analyze exercise_record`);
}

/** A clinician's patient list as the list endpoint reads it, in one SQL query with nothing around it. */
export async function listRows(app: FastifyInstance, seqManager: number): Promise<unknown[]> {
  const result = (await app.db.execute(sql`
    select r.*, p.seq_user is not null as is_app_member,
      (select s.primary_diagnosis from patient_status s
        where s.seq_medical_relation = r.seq_medical_relation and s.removed_at is null and s.primary_diagnosis is not null
        order by s.recorded_at desc limit 1) as primary_diagnosis,
      coalesce((select array_agg(c.seq_category order by c.seq_category) from relation_category c
        where c.seq_medical_relation = r.seq_medical_relation), '{}') as category_ids
    from medical_relation r join patient p on p.seq_patient = r.seq_patient
    where r.seq_manager = ${seqManager}
    order by r.patient_name, r.seq_medical_relation`)) as { rows: unknown[] };
  return result.rows;
}

/** A POST the load generator sends. */
export interface Target {
  url: string;
  body: string;
  headers?: Record<string, string>;
}

/** One round of load on one target, as the server process saw it. */
export interface LoadRound {
  /** Milliseconds of this process's CPU (user and system) per completed request. */
  cpuMs: number;
  /** Requests completed per second. */
  rate: number;
}

/**
 * Load on an endpoint and on its bare baseline, both served by this process, from the load
 * generator's own process, in alternating rounds.
 */
export async function loadRounds(
  options: RoundOptions,
  endpoint: Target,
  baseline: Target,
): Promise<{ product: LoadRound[]; baseline: LoadRound[] }> {
  const load = startLoad();
  try {
    const measure = async (target: Target): Promise<LoadRound> => {
      const cpu = process.cpuUsage();
      const result = await load.run({
        url: target.url,
        body: target.body,
        headers: { ...browserHeaders, ...target.headers },
        seconds: options.smoke ? 0.5 : seconds,
        concurrency: 8,
      });
      const used = process.cpuUsage(cpu);
      if (result.completed === 0) throw new Error(`${target.url}: no request completed`);
      return {
        cpuMs: (used.user + used.system) / 1000 / result.completed,
        rate: result.completed / result.seconds,
      };
    };
    return await alternate(
      options,
      () => measure(endpoint),
      () => measure(baseline),
    );
  } finally {
    await load.close();
  }
}
