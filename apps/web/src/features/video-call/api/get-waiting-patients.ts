import { getWaitingPatients, type WaitingPatient } from '@clinic/contract';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/api-client.ts';

/** The patients waiting now in the waiting rooms of the clinician's visits, longest waiting first. */
async function getWaitingPatientsRequest(signal?: AbortSignal): Promise<WaitingPatient[]> {
  const reply = await callApi(getWaitingPatients, {}, { signal });
  return reply.waitingList;
}

export const waitingPatientsQuery = queryOptions({
  queryKey: ['meeting', 'waitingPatients'],
  queryFn: ({ signal }) => getWaitingPatientsRequest(signal),
  // Nothing is said when a patient's app falls silent (gone after 60 s): read again to see them leave,
  // and as soon as a hidden page shows again.
  refetchInterval: 30_000,
  refetchOnWindowFocus: true,
});
