import type { Benchmark, BenchResult } from './result.ts';
import { firstLoadBytes, screenFiles } from './web-bytes.ts';
import { bareSite, demoPatient, loggedInContext, patientDist, patientLoggedInStorage, productStack } from './web.ts';

/**
 * First-load JS on the wire (issue 34's budget) of the patient app: at /patient/ for a fresh visitor
 * (the login screen) and, after a patient's login, at the program screen before its own chunk (the
 * signed-in shell); in Chromium on the built app served by the real server, beside the bare Vite +
 * React + Mantine login page of web-bytes.
 */
export const patientWebBytes: Benchmark = {
  name: 'patient-web-bytes',
  async run({ rounds, smoke }) {
    // What the shell loads is shared; the program screen's own files are what only it imports.
    const programFiles = await screenFiles(patientDist, 'program-screen', ['signed-in']);
    // The demo's patients use the app: a program, visits and a year of device records.
    const stack = await productStack({ demo: true });
    const bare = await bareSite();
    try {
      const login: number[] = [];
      const program: number[] = [];
      const baseline: number[] = [];
      for (let round = 0; round < (smoke ? 1 : rounds); round++) {
        const fresh = await stack.newContext();
        login.push(await firstLoadBytes(fresh, `${stack.url}/patient/`));
        await fresh.close();
        const bareContext = await stack.browser.newContext();
        baseline.push(await firstLoadBytes(bareContext, `${bare.url}/`));
        await bareContext.close();
        const loggedIn = await loggedInContext(stack.browser, stack.url, demoPatient, patientLoggedInStorage);
        program.push(await firstLoadBytes(loggedIn, `${stack.url}/patient/?screen=program`, programFiles));
        await loggedIn.close();
      }
      const result = (name: string, product: number[]): BenchResult => ({
        name,
        unit: 'KB',
        product,
        baseline,
        better: 'lower',
        budget: { value: 150 },
      });
      return [
        result('first-load JS at /patient/ (login), on the wire', login),
        result("first-load JS after a patient's login, before the program screen's own chunk, on the wire", program),
      ];
    } finally {
      await bare.close();
      await stack.close();
    }
  },
};
