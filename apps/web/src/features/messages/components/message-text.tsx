import { Anchor, Text } from '@mantine/core';
import type { ReactElement } from 'react';
import { linkedText } from '@clinic/client/linked-text';

/** A message's plain text with its web addresses as links that open in a new tab. */
export function MessageText({ text }: { text: string }): ReactElement {
  return (
    <Text size="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
      {linkedText(text).map((part, index) =>
        part.kind === 'link' ? (
          <Anchor key={index} href={part.href} target="_blank" rel="noopener noreferrer nofollow">
            {part.text}
          </Anchor>
        ) : (
          part.text
        ),
      )}
    </Text>
  );
}
