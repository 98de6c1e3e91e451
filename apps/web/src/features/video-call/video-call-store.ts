import type { Schedule } from '@clinic/contract';
import { create } from 'zustand';
import type { CallStatus } from './call-status.ts';

/** SPEC 3 client state "video call": whether the screen is open, its visit and the call status. */
export interface VideoCallState {
  open: boolean;
  selectedSchedule: Schedule | null;
  status: CallStatus;
}

export const useVideoCallStore = create<VideoCallState>()(() => ({
  open: false,
  selectedSchedule: null,
  status: 'waiting',
}));

export const videoCallActions = {
  opened: (schedule: Schedule): void => useVideoCallStore.setState({ open: true, selectedSchedule: schedule }),
  closed: (): void => useVideoCallStore.setState({ open: false, selectedSchedule: null, status: 'waiting' }),
  status: (status: CallStatus): void => useVideoCallStore.setState({ status }),
};
