import { meetingRules } from '@clinic/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { MeetingEventName } from '../meeting-events.ts';
import {
  deviceErrorKey,
  deviceList,
  pickDevice,
  readDeviceChoice,
  saveDeviceChoice,
  withRetries,
  type DeviceChoice,
  type DeviceErrorKey,
  type DeviceItem,
} from '../devices.ts';

export interface DeviceLists {
  videoinput: DeviceItem[];
  audioinput: DeviceItem[];
  audiooutput: DeviceItem[];
}

/** What went wrong with a device, as a key under videoCall.deviceErrors. */
export type DeviceProblem = DeviceErrorKey | 'choose' | 'cameraSwitchFailed';

export interface LocalMedia {
  audioTrack: MediaStreamTrack | null;
  videoTrack: MediaStreamTrack | null;
  lists: DeviceLists;
  choice: DeviceChoice;
  /** The browser granted the camera or microphone (device labels are readable). */
  permissionGranted: boolean;
  /** SPEC 4: on until camera, microphone and speaker all exist, or the browser grants permission. */
  setupAlert: boolean;
  micOn: boolean;
  cameraOn: boolean;
  /** Turning a device on opens it again when it is not open (no device at first, a failed switch). */
  setMicOn: (on: boolean) => void;
  setCameraOn: (on: boolean) => void;
  /** The device-setting modal's "complete setup": keeps the choice and switches the devices. */
  applyChoice: (choice: DeviceChoice) => Promise<void>;
  /** Whether the speaker can be chosen (HTMLMediaElement.setSinkId). */
  canChooseSpeaker: boolean;
}

const emptyLists: DeviceLists = { videoinput: [], audioinput: [], audiooutput: [] };

function media(): MediaDevices | undefined {
  return typeof navigator === 'undefined' ? undefined : navigator.mediaDevices;
}

async function openTrack(kind: 'audio' | 'video', deviceId: string | null): Promise<MediaStreamTrack> {
  const devices = media();
  if (!devices) throw Object.assign(new Error('no media devices'), { name: 'NotSupportedError' });
  const stream = await devices.getUserMedia({ [kind]: deviceId ? { deviceId: { exact: deviceId } } : true });
  const track = stream.getTracks()[0];
  if (!track) throw Object.assign(new Error('no track'), { name: 'NotFoundError' });
  return track;
}

/** Opens a device, falling back to the browser's default when the saved one is gone or busy. */
async function openPreferred(kind: 'audio' | 'video', deviceId: string | null): Promise<MediaStreamTrack> {
  try {
    return await openTrack(kind, deviceId);
  } catch (error) {
    if (!deviceId || deviceErrorKey(error) === 'notAllowed') throw error;
    return openTrack(kind, null);
  }
}

const canSetSink = typeof HTMLMediaElement !== 'undefined' && 'setSinkId' in HTMLMediaElement.prototype;

/**
 * The clinician's camera and microphone (SPEC 4 "Device-setup alert", toggles, the device-setting
 * modal): opened with the saved choice, switched on request (the camera with retries).
 */
export function useLocalMedia({
  onProblem,
  onEvent,
}: {
  onProblem: (problem: DeviceProblem) => void;
  onEvent: (name: MeetingEventName, attributes?: Record<string, string | number | boolean | null>) => void;
}): LocalMedia {
  const [audioTrack, setAudioTrack] = useState<MediaStreamTrack | null>(null);
  const [videoTrack, setVideoTrack] = useState<MediaStreamTrack | null>(null);
  const [lists, setLists] = useState<DeviceLists>(emptyLists);
  const [choice, setChoice] = useState<DeviceChoice>(() => readDeviceChoice());
  const [micOn, setMicOn] = useState(true);
  const [cameraOn, setCameraOn] = useState(true);
  const tracks = useRef<{ audio: MediaStreamTrack | null; video: MediaStreamTrack | null }>({
    audio: null,
    video: null,
  });
  const mounted = useRef(true);
  const callbacks = useRef({ onProblem, onEvent });
  useEffect(() => {
    callbacks.current = { onProblem, onEvent };
  });

  const replace = useCallback((kind: 'audio' | 'video', track: MediaStreamTrack | null): void => {
    const old = tracks.current[kind];
    if (old && old !== track) old.stop();
    tracks.current[kind] = track;
    if (kind === 'audio') setAudioTrack(track);
    else setVideoTrack(track);
  }, []);

  const refreshLists = useCallback(async (): Promise<DeviceLists> => {
    const devices = media();
    if (!devices) return emptyLists;
    try {
      const all = await devices.enumerateDevices();
      const next = {
        videoinput: deviceList(all, 'videoinput'),
        audioinput: deviceList(all, 'audioinput'),
        audiooutput: deviceList(all, 'audiooutput'),
      };
      if (mounted.current) setLists(next);
      return next;
    } catch {
      return emptyLists;
    }
  }, []);

  // Open the saved devices once, then read the lists (labels need the permission).
  useEffect(() => {
    mounted.current = true;
    const saved = readDeviceChoice();
    void (async () => {
      let videoFailure: unknown;
      let audioFailure: unknown;
      const video = await openPreferred('video', saved.videoInputDeviceId).catch((error: unknown) => {
        videoFailure = error;
        return null;
      });
      const audio = await openPreferred('audio', saved.audioInputDeviceId).catch((error: unknown) => {
        audioFailure = error;
        return null;
      });
      if (!mounted.current) {
        video?.stop();
        audio?.stop();
        return;
      }
      replace('video', video);
      replace('audio', audio);
      const found = await refreshLists();
      setChoice({
        videoInputDeviceId: video?.getSettings().deviceId ?? pickDevice(found.videoinput, saved.videoInputDeviceId),
        audioInputDeviceId: audio?.getSettings().deviceId ?? pickDevice(found.audioinput, saved.audioInputDeviceId),
        audioOutputDeviceId: pickDevice(found.audiooutput, saved.audioOutputDeviceId),
      });
      // With no camera the camera is switched off (SPEC 4); a real failure is also told.
      if (!video) {
        setCameraOn(false);
        const key = deviceErrorKey(videoFailure);
        if (key !== 'other' || found.videoinput.length > 0) callbacks.current.onProblem(key);
        callbacks.current.onEvent('videoInputFailed', { error: String((videoFailure as Error | undefined)?.name) });
      }
      if (!audio) {
        setMicOn(false);
        const key = deviceErrorKey(audioFailure);
        if (key !== 'other' || found.audioinput.length > 0) callbacks.current.onProblem(key);
        callbacks.current.onEvent('audioInputFailed', { error: String((audioFailure as Error | undefined)?.name) });
      }
    })();
    const devices = media();
    const onDeviceChange = (): void => {
      callbacks.current.onEvent('deviceChanged');
      void refreshLists();
    };
    devices?.addEventListener('devicechange', onDeviceChange);
    return () => {
      mounted.current = false;
      devices?.removeEventListener('devicechange', onDeviceChange);
      tracks.current.audio?.stop();
      tracks.current.video?.stop();
      tracks.current = { audio: null, video: null };
    };
  }, [refreshLists, replace]);

  // The microphone toggle only silences the track (the sender keeps it).
  useEffect(() => {
    const track = tracks.current.audio;
    if (track) track.enabled = micOn;
  }, [audioTrack, micOn]);

  const applyChoice = useCallback(
    async (next: DeviceChoice): Promise<void> => {
      saveDeviceChoice(next);
      const previous = choice;
      setChoice(next);
      if (next.audioInputDeviceId !== previous.audioInputDeviceId || !tracks.current.audio) {
        try {
          replace('audio', await openTrack('audio', next.audioInputDeviceId));
          callbacks.current.onEvent('deviceChanged', { kind: 'audioinput' });
        } catch (error) {
          callbacks.current.onEvent('audioInputFailed', { error: String((error as Error).name) });
          callbacks.current.onProblem(next.audioInputDeviceId ? 'choose' : deviceErrorKey(error));
        }
      }
      if (next.videoInputDeviceId !== previous.videoInputDeviceId || !tracks.current.video) {
        // The old camera is let go first: many cameras cannot be opened twice.
        replace('video', null);
        try {
          const track = await withRetries(
            () => openTrack('video', next.videoInputDeviceId),
            meetingRules.cameraRetries,
            meetingRules.cameraRetryMs,
            undefined,
            () => !mounted.current,
          );
          if (!mounted.current) {
            track.stop();
            return;
          }
          replace('video', track);
          setCameraOn(true);
          callbacks.current.onEvent('deviceChanged', { kind: 'videoinput' });
        } catch (error) {
          if (!mounted.current) return;
          setCameraOn(false);
          callbacks.current.onEvent('videoInputFailed', { error: String((error as Error).name) });
          callbacks.current.onProblem('cameraSwitchFailed');
        }
      }
      if (next.audioOutputDeviceId !== previous.audioOutputDeviceId) {
        callbacks.current.onEvent('deviceChanged', { kind: 'audiooutput' });
      }
      await refreshLists();
    },
    [choice, refreshLists, replace],
  );

  const switchOn = useCallback(
    (kind: 'audio' | 'video', on: boolean): void => {
      const set = kind === 'audio' ? setMicOn : setCameraOn;
      if (!on || tracks.current[kind]) {
        set(on);
        return;
      }
      const deviceId = kind === 'audio' ? choice.audioInputDeviceId : choice.videoInputDeviceId;
      openPreferred(kind, deviceId).then(
        (track) => {
          if (!mounted.current) {
            track.stop();
            return;
          }
          replace(kind, track);
          set(true);
          void refreshLists();
        },
        (error: unknown) => {
          callbacks.current.onEvent(kind === 'audio' ? 'audioInputFailed' : 'videoInputFailed', {
            error: String((error as Error).name),
          });
          callbacks.current.onProblem(deviceErrorKey(error));
        },
      );
    },
    [choice, refreshLists, replace],
  );

  const permissionGranted = lists.videoinput.length + lists.audioinput.length > 0;
  const allPresent =
    lists.videoinput.length > 0 && lists.audioinput.length > 0 && (lists.audiooutput.length > 0 || !canSetSink);
  return {
    audioTrack,
    videoTrack,
    lists,
    choice,
    permissionGranted,
    setupAlert: !allPresent && !permissionGranted,
    micOn: micOn && audioTrack !== null,
    cameraOn: cameraOn && videoTrack !== null,
    setMicOn: (on) => switchOn('audio', on),
    setCameraOn: (on) => switchOn('video', on),
    applyChoice,
    canChooseSpeaker: canSetSink,
  };
}
