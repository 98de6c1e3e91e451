import { coldStart } from './cold-start.ts';
import { fhirExport } from './fhir-export.ts';
import { messageDelivery } from './message-delivery.ts';
import { monitoringJobBench } from './monitoring-job.ts';
import { patientList } from './patient-list.ts';
import { patientWebBytes } from './patient-web-bytes.ts';
import { patientWebLighthouse } from './patient-web-lighthouse.ts';
import type { Benchmark } from './result.ts';
import { romStatistics } from './rom-statistics.ts';
import { serverMemory } from './server-memory.ts';
import { videoCall } from './video-call.ts';
import { webBytes } from './web-bytes.ts';
import { webExcel } from './web-excel.ts';
import { webLighthouse } from './web-lighthouse.ts';
import { webPatientList } from './web-patient-list.ts';

/** Every benchmark `npm run bench` knows, in the order it runs them. */
export const benchmarks: Benchmark[] = [
  patientList,
  romStatistics,
  monitoringJobBench,
  fhirExport,
  coldStart,
  serverMemory,
  messageDelivery,
  webBytes,
  webLighthouse,
  patientWebBytes,
  patientWebLighthouse,
  webPatientList,
  webExcel,
  videoCall,
];
