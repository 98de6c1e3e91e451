import { client, wallClockIn, minutesToClock } from '@clinic/contract';
import { browserTimeZone } from '@clinic/client/time-zone';
import { Alert, Button, Center, Loader, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState, type ComponentType, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../config/paths.ts';
import { useVisit } from '../../features/video-call/api/get-visit.ts';
import type { VideoCallScreenProps } from '../../features/video-call/components/video-call-screen.tsx';
import { videoCallActions } from '../../features/video-call/video-call-store.ts';
import { queryKeys } from '../../shared/api/query-keys.ts';
import { withLangQuery } from '../../shared/i18n/language.ts';
import { loadChunk } from '../chunk-loading.ts';

type ScreenComponent = ComponentType<VideoCallScreenProps>;

/** The call module (WebRTC, devices) loads on demand; a failed load offers a retry (SPEC 7 "Meeting"). */
function useVideoModule(): { Screen: ScreenComponent | null; failed: boolean; retry: () => void } {
  const [Screen, setScreen] = useState<ScreenComponent | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    loadChunk(
      () => import('../../features/video-call/components/video-call-screen.tsx'),
      client.chunkLoadTimeoutMs,
    ).then(
      (module) => {
        if (live) setScreen(() => module.VideoCallScreen);
      },
      () => {
        if (live) setFailed(true);
      },
    );
    return () => {
      live = false;
    };
  }, [attempt]);
  const retry = useCallback(() => {
    setFailed(false);
    setAttempt((value) => value + 1);
  }, []);
  return { Screen, failed, retry };
}

function selectedSchedule(value: string | null): number | null {
  if (!value || !/^\d+$/.test(value)) return null;
  const parsed = Number(value);
  return parsed > 0 ? parsed : null;
}

/** SPEC 2 "/remote": the video visit of the visit in ?seqSchedule, outside the shell. */
export function Component(): ReactElement {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const seqSchedule = selectedSchedule(params.get('seqSchedule'));
  const visit = useVisit(seqSchedule);
  const schedule = visit.data ?? null;
  const video = useVideoModule();

  // With no selected visit the screen goes back one page (home when there is none).
  useEffect(() => {
    if (seqSchedule !== null) return;
    if (window.history.length > 1) void navigate(-1);
    else void navigate(withLangQuery(paths.home, window.location.search), { replace: true });
  }, [navigate, seqSchedule]);

  // SPEC 3 client state "video call"; on leaving, today's visits are refreshed.
  useEffect(() => {
    if (!schedule) return undefined;
    videoCallActions.opened(schedule);
    return () => {
      videoCallActions.closed();
      void queryClient.invalidateQueries({ queryKey: queryKeys.schedules });
    };
  }, [schedule, queryClient]);

  const startTime = schedule
    ? minutesToClock(wallClockIn(new Date(schedule.scheduleExpectStartDatetime), browserTimeZone()).minute)
    : '';
  useEffect(() => {
    document.title = schedule
      ? t('videoCall.documentTitle', { name: schedule.patientName, time: startTime })
      : t('videoCall.screenLabel');
  }, [schedule, startTime, t]);

  const close = useCallback(() => {
    if (window.opener) window.close();
    else if (window.history.length > 1) void navigate(-1);
    else void navigate(withLangQuery(paths.home, window.location.search), { replace: true });
  }, [navigate]);

  const openPhoto = useCallback(
    (index: number) => {
      if (!schedule) return;
      const query = new URLSearchParams({ seqSchedule: String(schedule.seqSchedule), index: String(index) });
      const url = withLangQuery(`${paths.remotePhotos}?${query.toString()}`, window.location.search);
      const popup = window.open(url, `clinic-visit-photos-${schedule.seqSchedule}`, 'popup=yes,width=900,height=760');
      popup?.focus();
    },
    [schedule],
  );

  const onSessionEnded = useCallback(() => {
    void navigate(withLangQuery(paths.login, window.location.search), { replace: true });
  }, [navigate]);

  if (video.failed) {
    return (
      <Center mih="100dvh" p="lg">
        <Alert color="red" title={t('videoCall.screenLabel')} role="alert" maw={480}>
          <Stack gap="sm">
            <Text size="sm">{t('videoCall.loadFailed')}</Text>
            <Button onClick={video.retry}>{t('common.retry')}</Button>
          </Stack>
        </Alert>
      </Center>
    );
  }
  if (seqSchedule !== null && visit.isSuccess && !schedule) {
    return (
      <Center mih="100dvh" p="lg">
        <Alert color="orange" role="alert" maw={480}>
          <Stack gap="sm">
            <Text size="sm">{t('videoCall.visitNotFound')}</Text>
            <Button variant="default" onClick={close}>
              {t('videoCall.closeWindow')}
            </Button>
          </Stack>
        </Alert>
      </Center>
    );
  }
  if (visit.isError) {
    return (
      <Center mih="100dvh" p="lg">
        <Alert color="red" role="alert" maw={480}>
          <Stack gap="sm">
            <Text size="sm">{t('common.loadFailed')}</Text>
            <Button onClick={() => void visit.refetch()}>{t('common.retry')}</Button>
          </Stack>
        </Alert>
      </Center>
    );
  }
  const Screen = video.Screen;
  if (!schedule || !Screen) {
    return (
      <Center mih="100dvh" role="status">
        <Stack align="center" gap="sm">
          <Loader />
          <Text>{t('videoCall.loading')}</Text>
        </Stack>
      </Center>
    );
  }
  return (
    <Screen
      schedule={schedule}
      startTime={startTime}
      onSessionEnded={onSessionEnded}
      onClose={close}
      onOpenPhoto={openPhoto}
    />
  );
}
