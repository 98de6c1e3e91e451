import { updateManagerInfo, type ManagerProfile, type RequestOf } from '@clinic/contract';
import { useMutation, useQueryClient, type UseMutationResult } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/api-client.ts';
import { uploadProfileImage } from '../../../shared/api/upload-profile-image.ts';
import { managerInfoKey } from './get-manager-info.ts';

export type UpdateManagerInfoInput = RequestOf<typeof updateManagerInfo>;

/** An image of the profile as the form leaves it: kept as saved, a new crop to upload, or removed. */
export type ProfileImageChange = { kind: 'keep' } | { kind: 'new'; jpeg: Blob } | { kind: 'remove' };

/** The image field of the request: left out keeps the saved image, null removes it. */
async function imageFieldOf(change: ProfileImageChange, fileName: string): Promise<string | null | undefined> {
  if (change.kind === 'keep') return undefined;
  if (change.kind === 'remove') return null;
  return uploadProfileImage(change.jpeg, fileName);
}

export interface SaveManagerProfileInput {
  profile: Omit<UpdateManagerInfoInput, 'managerImageUrl' | 'managerESignatureImageUrl'>;
  image: ProfileImageChange;
  signature: ProfileImageChange;
}

/** Uploads new images first (folder profile), then saves the profile with their paths. */
export async function saveManagerProfile({
  profile,
  image,
  signature,
}: SaveManagerProfileInput): Promise<ManagerProfile> {
  const managerImageUrl = await imageFieldOf(image, 'profile.jpg');
  const managerESignatureImageUrl = await imageFieldOf(signature, 'signature.jpg');
  const reply = await callApi(updateManagerInfo, {
    ...profile,
    ...(managerImageUrl !== undefined && { managerImageUrl }),
    ...(managerESignatureImageUrl !== undefined && { managerESignatureImageUrl }),
  });
  return reply.manager;
}

export function useSaveManagerProfile(): UseMutationResult<ManagerProfile, Error, SaveManagerProfileInput> {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveManagerProfile,
    onSuccess: (manager) => queryClient.setQueryData(managerInfoKey, manager),
  });
}
