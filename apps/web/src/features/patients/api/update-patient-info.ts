import { updatePatientInfo, uploadSingle, type PatientSummary, type RequestOf } from '@clinic/contract';
import { useMutation, useQueryClient, type UseMutationResult } from '@tanstack/react-query';
import { ApiError } from '@clinic/client/api-error';
import { callApi, uploadFile } from '../../../shared/api/api-client.ts';
import { queryKeys } from '../../../shared/api/query-keys.ts';

export type UpdatePatientInfoInput = RequestOf<typeof updatePatientInfo>;

/** A profile image upload refused for its type (CM0415). */
export class UnsupportedImageError extends Error {
  override readonly name = 'UnsupportedImageError';
}

/** Uploads a cropped profile image; answers the path the patient record keeps. */
export async function uploadProfileImage(jpeg: Blob): Promise<string> {
  const reply = await uploadFile(uploadSingle, { folderPath: 'profile' }, jpeg, 'profile.jpg');
  if (!reply.isSuccess) throw new UnsupportedImageError(reply.failedCode);
  return reply.publicPath;
}

export interface SaveProfileInput {
  profile: Omit<UpdatePatientInfoInput, 'imageUrl'>;
  /** The image kept so far, a new crop to upload, or null to remove it. */
  image: { kind: 'keep'; path: string | null } | { kind: 'new'; jpeg: Blob } | { kind: 'remove' };
}

export async function savePatientProfile({ profile, image }: SaveProfileInput): Promise<PatientSummary> {
  const imageUrl =
    image.kind === 'keep' ? image.path : image.kind === 'new' ? await uploadProfileImage(image.jpeg) : null;
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
