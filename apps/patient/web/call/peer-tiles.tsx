import { Box, SimpleGrid, Text } from '@mantine/core';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { CallPeer } from '@clinic/call';
import { StreamVideo } from './stream-video.tsx';

/** Everyone else on a pair of their own, each with their name and role. */
export function PeerTiles({ peers }: { peers: CallPeer[] }): ReactElement | null {
  const { t } = useTranslation();
  if (peers.length === 0) return null;
  return (
    <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="xs" data-testid="peer-tiles">
      {peers.map((peer) => {
        const label = t('call.peer', { name: peer.name, role: t(`call.roles.${peer.role}`) });
        return (
          <Box
            key={peer.party}
            component="figure"
            m={0}
            pos="relative"
            style={{ aspectRatio: '4 / 3', borderRadius: 'var(--mantine-radius-sm)', overflow: 'hidden' }}
          >
            <StreamVideo stream={peer.stream} muted={false} label={label} testId="peer-video" party={peer.party} />
            <Text
              component="figcaption"
              size="xs"
              pos="absolute"
              bottom={4}
              left={4}
              px={4}
              c="white"
              bg="rgba(0,0,0,0.6)"
              style={{ borderRadius: 4 }}
            >
              {label}
            </Text>
          </Box>
        );
      })}
    </SimpleGrid>
  );
}
