import { addSymptomReport, getMyProgram, listMySymptomReports, listSymptomReports } from '@clinic/contract';
import { ok, patientOf, principalOf, route, type Route } from '../../http/route.ts';
import type { PatientProgramService } from './patient-program.service.ts';

export function patientProgramRoutes(programs: PatientProgramService): Route[] {
  return [
    route(getMyProgram, async (_body, context) => ({
      ...ok,
      ...(await programs.program(patientOf(context), context)),
    })),
    route(addSymptomReport, async (body, context) => ({
      ...ok,
      symptomReport: await programs.addSymptomReport(patientOf(context), body, context),
    })),
    route(listMySymptomReports, async (_body, context) => ({
      ...ok,
      symptomReportList: await programs.listMySymptomReports(patientOf(context)),
    })),
    route(listSymptomReports, async (body, context) => ({
      ...ok,
      ...(await programs.listSymptomReports(principalOf(context), body, context)),
    })),
  ];
}
