import { Box, Text } from '@mantine/core';
import { useEffect, useRef, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { CallPeer } from '@clinic/call';

function GuestTile({ guest }: { guest: CallPeer }): ReactElement {
  const { t } = useTranslation();
  const videoRef = useRef<HTMLVideoElement | null>(null);
  useEffect(() => {
    const video = videoRef.current;
    if (!video || video.srcObject === guest.stream) return;
    video.srcObject = guest.stream;
    if (guest.stream) video.play().catch(() => undefined);
  }, [guest.stream]);
  const label = `${guest.name} · ${t(`videoCall.guests.roles.${guest.role}`)}`;
  return (
    <Box
      component="figure"
      m={0}
      pos="relative"
      w={200}
      h={113}
      bg="dark.7"
      style={{ borderRadius: 8, overflow: 'hidden' }}
    >
      <video
        ref={videoRef}
        data-testid="guest-video"
        data-party={guest.party}
        aria-label={label}
        autoPlay
        playsInline
        style={{ width: '100%', height: '100%', objectFit: 'cover' }}
      />
      <Text
        component="figcaption"
        size="xs"
        pos="absolute"
        bottom={4}
        left={6}
        px={4}
        bg="rgba(0,0,0,0.6)"
        c="white"
        style={{ borderRadius: 4 }}
      >
        {label}
      </Text>
    </Box>
  );
}

/** The guests of the call, each with their name and role, beside the patient's video. */
export function GuestTiles({ guests }: { guests: CallPeer[] }): ReactElement | null {
  if (guests.length === 0) return null;
  return (
    <Box pos="absolute" left={16} bottom={96} style={{ display: 'flex', gap: 8, zIndex: 3 }}>
      {guests.map((guest) => (
        <GuestTile key={guest.party} guest={guest} />
      ))}
    </Box>
  );
}
