import { demoEnv } from './cold-start.ts';
import type { BenchResult, Benchmark } from './result.ts';
import { demoLogin, productServer, rssMiB, startServer, withDataDir } from './server-process.ts';

const budgetMiB = 300;

async function post<T>(url: string, body: unknown, token?: string): Promise<T> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token && { authorization: `Bearer ${token}` }) },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return response.json() as Promise<T>;
}

/**
 * One round: the server started as `npm start` does on a fresh data directory with the demo, its
 * resident memory once healthy (the demo is seeded, and its devices' year uploaded, before the
 * server listens), then after the demo clinician has read the patient list, the month's visits
 * and each app member's ROM statistic over the year, `passes` times over.
 */
async function round(passes: number): Promise<{ afterStart: number; afterLoad: number }> {
  return withDataDir('memory', async (dataDir) => {
    const server = await startServer(productServer(), { ...demoEnv, DATA_DIR: dataDir });
    try {
      const afterStart = await rssMiB(server.pid);
      const api = `${server.url}/api`;
      const { token } = await post<{ token: { accessToken: string } }>(`${api}/user/login`, demoLogin);
      const accessToken = token.accessToken;
      const list = (): Promise<{ patientList: { seqMedicalRelation: number; isAppMember: boolean }[] }> =>
        post(`${api}/patient/getMyPatientsAndReservedSchedulesForToday`, {}, accessToken);
      const members = (await list()).patientList.filter((patient) => patient.isAppMember);
      const today = new Date();
      const endDate = today.toISOString().slice(0, 10);
      const startDate = new Date(today.getTime() - 365 * 86_400_000).toISOString().slice(0, 10);
      const rom = (seqMedicalRelation: number): Promise<{ days: unknown[] }> =>
        post(
          `${api}/statistic/getDataForFilteredRomAndExerciseTimeByRange`,
          { seqMedicalRelation, startDate, endDate },
          accessToken,
        );
      // The demo must be whole, or the memory measured is not the demo's.
      const days = members.length ? (await rom(members[0]!.seqMedicalRelation)).days.length : 0;
      if (days === 0) throw new Error('the demo has no app member with a year of records');
      const month = {
        startDate: `${endDate.slice(0, 8)}01`,
        endDate: new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() + 1, 0)).toISOString().slice(0, 10),
      };
      for (let pass = 0; pass < passes; pass++) {
        await Promise.all([
          list(),
          post(`${api}/schedule/getAllScheduleByRangeForClinic`, month, accessToken),
          ...members.map((member) => rom(member.seqMedicalRelation)),
        ]);
      }
      return { afterStart, afterLoad: await rssMiB(server.pid) };
    } finally {
      await server.stop();
    }
  });
}

/** The server's resident memory on the embedded database with the demo's data, after start and after use. */
export const serverMemory: Benchmark = {
  name: 'server-memory',
  async run({ rounds, smoke }): Promise<BenchResult[]> {
    const measured: { afterStart: number; afterLoad: number }[] = [];
    for (let index = 0; index < rounds; index++) measured.push(await round(smoke ? 3 : 50));
    const result = (when: string, values: number[]): BenchResult => ({
      name: `server memory (RSS) on PGlite with the demo's data, ${when}`,
      unit: 'MiB',
      product: values,
      better: 'lower',
      budget: { value: budgetMiB },
    });
    return [
      result(
        'once healthy',
        measured.map((values) => values.afterStart),
      ),
      result(
        'after the demo clinician has used it',
        measured.map((values) => values.afterLoad),
      ),
    ];
  },
};
