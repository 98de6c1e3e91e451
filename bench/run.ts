import { benchPatientList } from './patient-list.ts';
import { benchRomStatistics } from './rom-statistics.ts';
import { benchVideoCall } from './video-call.ts';

/** Every benchmark, each printing its result as a ratio measured side by side in the same run. */
await benchPatientList();
await benchRomStatistics();
await benchVideoCall();
