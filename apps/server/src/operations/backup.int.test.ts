import {
  uploadSingle,
  addClinicAssignedExercise,
  addManagerNote,
  addPatient,
  issueSyncAuthCode,
  listManagerNotes,
  login,
  uploadExerciseRecords,
} from '@clinic/contract';
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import {
  deviceSession,
  kneeProgram,
  onePixelPng,
  password,
  relogin,
  uploadFile,
  verifiedClinician,
  verifiedPatient,
  callApi,
} from '../../test/fixtures.ts';
import { createTestApp } from '../../test/helper.ts';
import { buildApp } from '../app.ts';
import { parseConfig } from '../config.ts';
import { migrationsFolder } from '../db/client.ts';
import { serveControl } from './control-socket.ts';

const png = Buffer.from(onePixelPng.split(',')[1]!, 'base64');
const serverEntry = resolve(import.meta.dirname, '../server.ts');
const folders: string[] = [];
afterAll(async () => {
  for (const folder of folders) await rm(folder, { recursive: true, force: true });
});

async function folder(): Promise<string> {
  const path = await mkdtemp(join(tmpdir(), 'clinic-ops-'));
  folders.push(path);
  return path;
}

/** Runs one of the server's operator commands as an operator would, in a process of its own. */
function runCommand(args: string[], env: Record<string, string>): Promise<{ stdout: string; stderr: string }> {
  return promisify(execFile)(process.execPath, ['--import', 'tsx', serverEntry, ...args], {
    env: { PATH: process.env.PATH ?? '', ...env },
  });
}

/** The number of rows of every table of the app: what a restore must give back, row for row. */
async function rowCounts(query: (text: string) => Promise<{ rows: Record<string, unknown>[] }>) {
  const tables = await query(
    "select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1",
  );
  const counts: Record<string, number> = {};
  for (const { table_name: table } of tables.rows) {
    const result = await query(`select count(*)::int as rows from "${String(table)}"`);
    counts[String(table)] = Number(result.rows[0]?.rows);
  }
  return counts;
}

const appRowCounts = (app: FastifyInstance) =>
  rowCounts(async (text) => (await app.db.execute(sql.raw(text))) as { rows: Record<string, unknown>[] });

describe.skipIf(Boolean(process.env.DATABASE_URL))('backup and restore of the embedded database', () => {
  it('backs up a running server, restores into an empty folder, and the restored server has everything', async () => {
    const t = await createTestApp();
    let control: Server | undefined;
    try {
      const clinician = await verifiedClinician(t.app, t.mail);
      const token = { token: clinician.tokens.accessToken };
      const member = await verifiedPatient(t.app, t.mail);
      const { patientSyncAuthCode } = (
        await callApi(t.app, issueSyncAuthCode, {}, { token: member.tokens.accessToken })
      ).success;
      const { seqMedicalRelation } = (
        await callApi(t.app, addPatient, { patientSyncAuthCode, heightCm: 170, weightKg: 72, deviceType: 2 }, token)
      ).success;
      await callApi(
        t.app,
        addManagerNote,
        { seqMedicalRelation, noteTitle: 'Knee', noteContent: 'Flexion improving', isPublic: false, isImportant: true },
        token,
      );
      const { exercise } = (
        await callApi(t.app, addClinicAssignedExercise, { seqMedicalRelation, exercise: kneeProgram }, token)
      ).success;
      t.clock.advance(3 * 3_600_000);
      for (const who of [clinician, member]) await relogin(t.app, who);
      const uploaded = await callApi(
        t.app,
        uploadExerciseRecords,
        { records: [deviceSession(exercise.seqExercise, 'backup-0001', '2026-11-22T10:00:00Z')] },
        { token: member.tokens.accessToken },
      );
      expect(uploaded.reply).toMatchObject({ accepted: 1 });
      const { publicPath } = (
        await uploadFile(t.app, uploadSingle, clinician.tokens.accessToken, png, {
          folderPath: 'profile',
        })
      ).success;
      const before = await appRowCounts(t.app);
      expect(before).toMatchObject({ patient: 1, manager_note: 1, exercise_record: 1 });

      control = await serveControl(t.app, { dataDir: t.dataDir, s3: undefined });
      const backups = await folder();
      const file = join(backups, 'clinic.tar');
      const backup = await runCommand(['backup', file], { DATA_DIR: t.dataDir });
      expect(backup.stdout).toBe(`backup written to ${file} by the running server\n`);

      const restoredDir = join(await folder(), 'data');
      // A restore never runs under a server, nor over data.
      await expect(runCommand(['restore', file], { DATA_DIR: t.dataDir })).rejects.toMatchObject({
        code: 1,
        stderr: 'restore failed: stop the server on DATA_DIR first\n',
      });
      await runCommand(['restore', file], { DATA_DIR: restoredDir });
      await expect(runCommand(['restore', file], { DATA_DIR: restoredDir })).rejects.toMatchObject({
        code: 1,
        stderr: `restore failed: ${restoredDir} already holds data: restore into an empty DATA_DIR\n`,
      });

      const restored = await buildApp(
        parseConfig({
          DATA_DIR: restoredDir,
          DEMO: '0',
          LOG_LEVEL: 'silent',
          WEB_DIST: restoredDir,
          PATIENT_WEB_DIST: restoredDir,
        }),
        { startJobs: false },
      );
      try {
        expect(await appRowCounts(restored)).toEqual(before);
        const loggedIn = await callApi(restored, login, {
          userEmail: clinician.body.userEmail,
          userPassword: password,
        });
        const accessToken = loggedIn.success.token.accessToken;
        const notes = await callApi(
          restored,
          listManagerNotes,
          { seqMedicalRelation, startIndex: 0, size: 10 },
          { token: accessToken },
        );
        expect(JSON.stringify(notes.reply)).toContain('Flexion improving');
        const image = await restored.inject({ url: publicPath, headers: { authorization: `Bearer ${accessToken}` } });
        expect(image.statusCode).toBe(200);
        expect(image.rawPayload.equals(png)).toBe(true);
      } finally {
        await restored.close();
      }

      // A stopped server's data is backed up by the command itself.
      control?.close();
      control = undefined;
      await t.app.close();
      const offline = join(backups, 'offline.tar');
      expect((await runCommand(['backup', offline], { DATA_DIR: t.dataDir })).stdout).toBe(
        `backup written to ${offline}\n`,
      );
      const offlineDir = await folder();
      await runCommand(['restore', offline], { DATA_DIR: offlineDir });
      const database = await PGlite.create(join(offlineDir, 'db'));
      try {
        expect(await rowCounts((text) => database.query(text))).toEqual(before);
      } finally {
        await database.close();
      }
      const files = (dataDir: string) => readdir(join(dataDir, 'uploads'), { recursive: true });
      expect((await files(offlineDir)).sort()).toEqual((await files(t.dataDir)).sort());
    } finally {
      control?.close();
      await t.close();
    }
    // Each command is a process of its own that loads the embedded database.
  }, 240_000);
});

describe('npm run migrate', () => {
  it('applies every migration to a new database and exits', async () => {
    const databaseUrl = process.env.DATABASE_URL;
    const migrations = JSON.parse(await readFile(join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
      entries: unknown[];
    };
    if (!databaseUrl) {
      const dataDir = await folder();
      expect((await runCommand(['migrate'], { DATA_DIR: dataDir })).stdout).toBe('migrations applied\n');
      const database = await PGlite.create(join(dataDir, 'db'));
      try {
        const applied = await database.query<{ count: number }>(
          'select count(*)::int as count from drizzle.__drizzle_migrations',
        );
        expect(applied.rows[0]?.count).toBe(migrations.entries.length);
      } finally {
        await database.close();
      }
      return;
    }
    const ownerUrl = process.env.MIGRATION_DATABASE_URL ?? databaseUrl;
    const schema = `migrate_${Date.now().toString(36)}`;
    const owner = new pg.Client({ connectionString: ownerUrl });
    await owner.connect();
    try {
      const env = { DATABASE_URL: databaseUrl, MIGRATION_DATABASE_URL: ownerUrl, DATABASE_SCHEMA: schema };
      expect((await runCommand(['migrate'], env)).stdout).toBe('migrations applied\n');
      const applied = await owner.query<{ count: number }>(
        `select count(*)::int as count from "${schema}".__drizzle_migrations`,
      );
      expect(applied.rows[0]?.count).toBe(migrations.entries.length);
    } finally {
      await owner.query(`drop schema if exists "${schema}" cascade`);
      await owner.end();
    }
  }, 120_000);
});
