import { getMyProgram } from '@clinic/contract';
import type { Benchmark, BenchResult } from './result.ts';
import { performanceScore } from './web-lighthouse.ts';
import { bareSite, patientLoggedInStorage, productStack } from './web.ts';

/**
 * Lighthouse 12's mobile performance score of the patient app (issue 34's budget): /patient/ for a
 * fresh visitor (the login screen) and the program screen after a demo patient's login, on the built
 * app served by the real server, beside the bare login page of the lighthouse benchmark.
 */
export const patientWebLighthouse: Benchmark = {
  name: 'patient-lighthouse',
  async run({ rounds, smoke }) {
    const stack = await productStack({ demo: true });
    const bare = await bareSite();
    try {
      const login: number[] = [];
      const program: number[] = [];
      const baseline: number[] = [];
      for (let round = 0; round < (smoke ? 1 : rounds); round++) {
        login.push(await performanceScore(`${stack.url}/patient/`));
        baseline.push(await performanceScore(`${bare.url}/`));
        // A fresh login each round; the path is /patient/ signed in or not, so the program's read proves the session.
        program.push(
          await performanceScore(`${stack.url}/patient/?screen=program`, () => patientLoggedInStorage(stack.url), {
            reads: getMyProgram.path,
          }),
        );
      }
      const result = (name: string, product: number[]): BenchResult => ({
        name,
        unit: 'score',
        product,
        baseline,
        better: 'higher',
        budget: { value: 90 },
      });
      return [
        result('Lighthouse mobile performance at /patient/ (login)', login),
        result("Lighthouse mobile performance at the patient's program screen, after login", program),
      ];
    } finally {
      await bare.close();
      await stack.close();
    }
  },
};
