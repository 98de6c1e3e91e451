import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { parseConfig } from '../apps/server/src/config.ts';
import { medicalRelation, patient } from '../apps/server/src/db/schema.ts';
import { managerRepository, userRepository } from '../apps/server/src/modules/user/user.repository.ts';
import { throughput } from './load.ts';

const patients = 10_000;
const seconds = Number(process.env.BENCH_SECONDS ?? 5);

/**
 * The patient list endpoint with 10,000 patients, against a bare Fastify route that runs the one
 * equivalent SQL query on the same database, measured side by side in one run.
 */
export async function benchPatientList(): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'clinic-bench-'));
  const schema = process.env.DATABASE_URL ? `bench_${process.pid}` : 'public';
  const config = parseConfig({
    DATA_DIR: dataDir,
    ...(process.env.DATABASE_URL && { DATABASE_URL: process.env.DATABASE_URL, DATABASE_SCHEMA: schema }),
    DEMO: '0',
    LOG_LEVEL: 'silent',
  });
  const app = await buildApp(config);
  const bare = Fastify();
  try {
    const email = 'bench@example.com';
    const signUp = await app.inject({
      method: 'POST',
      url: '/api/user/signUp',
      payload: {
        userId: 'bench',
        firstName: 'Bench',
        lastName: 'Mark',
        userEmail: email,
        userPassword: 'Bench-mark-2026',
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
    const user = (await userRepository(app.db).findLiveByEmail(email))!;
    await userRepository(app.db).setEmailVerified(user.seqUser, new Date());
    const seqManager = (await managerRepository(app.db).findByUser(user.seqUser))!.seqManager;

    for (let start = 0; start < patients; start += 1000) {
      const people = await app.db
        .insert(patient)
        .values(
          Array.from({ length: 1000 }, (_, i) => ({
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

    const login = await app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { userEmail: email, userPassword: 'Bench-mark-2026' },
    });
    const token = login.json<{ token: { accessToken: string } }>().token.accessToken;

    // The same rows the endpoint reads, in one query, with nothing around it.
    bare.post('/bare', async () => {
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
      return { rows: result.rows };
    });

    const appUrl = await app.listen({ port: 0, host: '127.0.0.1' });
    const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' });
    const endpoint = {
      url: `${appUrl}/api/patient/getMyPatientsAndReservedSchedulesForToday`,
      init: { body: '{}', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` } },
    };
    const baseline = { url: `${bareUrl}/bare`, init: { body: '{}', headers: { 'content-type': 'application/json' } } };

    // Warm up both, then alternate so neither enjoys a quieter machine.
    await throughput(endpoint.url, endpoint.init, 1);
    await throughput(baseline.url, baseline.init, 1);
    const measured = { endpoint: 0, baseline: 0 };
    for (let round = 0; round < 2; round++) {
      measured.endpoint += await throughput(endpoint.url, endpoint.init, seconds / 2);
      measured.baseline += await throughput(baseline.url, baseline.init, seconds / 2);
    }
    const database = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
    process.stdout.write(
      `patient list, ${patients} patients on ${database}: endpoint ${(measured.endpoint / 2).toFixed(1)} req/s, ` +
        `bare query ${(measured.baseline / 2).toFixed(1)} req/s, ratio ${(measured.endpoint / measured.baseline).toFixed(2)}\n`,
    );
  } finally {
    await bare.close();
    if (process.env.DATABASE_URL) await app.db.execute(sql.raw(`drop schema if exists "${schema}" cascade`));
    await app.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}
