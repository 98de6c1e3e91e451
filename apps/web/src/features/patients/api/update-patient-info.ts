import { updatePatientInfo, type PatientSummary, type RequestOf } from '@clinic/contract';
import { useMutation, useQueryClient, type UseMutationResult } from '@tanstack/react-query';
import { ApiError } from '@clinic/client/api-error';
import { callApi } from '../../../shared/api/api-client.ts';
import { queryKeys } from '../../../shared/api/query-keys.ts';
import { uploadProfileImage } from '../../../shared/api/upload-profile-image.ts';

export type UpdatePatientInfoInput = RequestOf<typeof updatePatientInfo>;

export interface SaveProfileInput {
  profile: Omit<UpdatePatientInfoInput, 'imageUrl'>;
  /** The image kept so far, a new crop to upload, or null to remove it. */
  image: { kind: 'keep'; path: string | null } | { kind: 'new'; jpeg: Blob } | { kind: 'remove' };
}

export async function savePatientProfile({ profile, image }: SaveProfileInput): Promise<PatientSummary> {
  const imageUrl =
    image.kind === 'keep'
      ? image.path
      : image.kind === 'new'
        ? await uploadProfileImage(image.jpeg, 'profile.jpg')
        : null;
  const reply = await callApi(updatePatientInfo, { ...profile, imageUrl });
  return reply.patient;
}

export function useSavePatientProfile(): UseMutationResult<PatientSummary, Error, SaveProfileInput> {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePatientProfile,
    onSuccess: (patient) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.patientList });
      void queryClient.invalidateQueries({ queryKey: queryKeys.patient(patient.seqMedicalRelation) });
    },
  });
}

export function isUploadTooLarge(error: unknown): boolean {
  return error instanceof ApiError && error.status === 413;
}
