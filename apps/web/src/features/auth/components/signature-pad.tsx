import { Box, Button, Group, Input, Text } from '@mantine/core';
import { useCallback, useEffect, useRef, type PointerEvent, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';

export const signatureSize = { width: 400, height: 150 } as const;

export interface SignaturePadProps {
  value: string;
  onChange: (dataUrl: string) => void;
  error?: string | undefined;
}

/** A signature drawn with a mouse, pen or finger, kept as a small PNG data URL. */
export function SignaturePad({ value, onChange, error }: SignaturePadProps): ReactElement {
  const { t } = useTranslation();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const drawingRef = useRef(false);
  const strokedRef = useRef(false);

  const context = useCallback((): CanvasRenderingContext2D | null => {
    const canvas = canvasRef.current;
    const ctx = canvas?.getContext('2d') ?? null;
    if (ctx) {
      ctx.lineWidth = 2.5;
      ctx.lineCap = 'round';
      ctx.lineJoin = 'round';
      ctx.strokeStyle = '#1a1b1e';
    }
    return ctx;
  }, []);

  useEffect(() => {
    if (value !== '') return;
    const canvas = canvasRef.current;
    const ctx = context();
    if (canvas && ctx) ctx.clearRect(0, 0, canvas.width, canvas.height);
    strokedRef.current = false;
  }, [value, context]);

  const pointOf = (event: PointerEvent<HTMLCanvasElement>): { x: number; y: number } => {
    const canvas = event.currentTarget;
    const rect = canvas.getBoundingClientRect();
    return {
      x: ((event.clientX - rect.left) * canvas.width) / Math.max(rect.width, 1),
      y: ((event.clientY - rect.top) * canvas.height) / Math.max(rect.height, 1),
    };
  };

  const onPointerDown = (event: PointerEvent<HTMLCanvasElement>): void => {
    const ctx = context();
    if (!ctx) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    drawingRef.current = true;
    const { x, y } = pointOf(event);
    ctx.beginPath();
    ctx.moveTo(x, y);
    ctx.lineTo(x + 0.1, y + 0.1);
    ctx.stroke();
    strokedRef.current = true;
  };

  const onPointerMove = (event: PointerEvent<HTMLCanvasElement>): void => {
    if (!drawingRef.current) return;
    const ctx = context();
    if (!ctx) return;
    const { x, y } = pointOf(event);
    ctx.lineTo(x, y);
    ctx.stroke();
  };

  const finishStroke = (event: PointerEvent<HTMLCanvasElement>): void => {
    if (!drawingRef.current) return;
    drawingRef.current = false;
    if (event.currentTarget.hasPointerCapture(event.pointerId)) {
      event.currentTarget.releasePointerCapture(event.pointerId);
    }
    if (strokedRef.current) onChange(event.currentTarget.toDataURL('image/png'));
  };

  const clear = (): void => {
    const canvas = canvasRef.current;
    const ctx = context();
    if (canvas && ctx) ctx.clearRect(0, 0, canvas.width, canvas.height);
    strokedRef.current = false;
    onChange('');
  };

  return (
    <Input.Wrapper label={t('signUp.signature')} description={t('signUp.signatureHint')} error={error}>
      <Box
        mt={4}
        style={{
          border: `1px solid ${error ? 'var(--mantine-color-error)' : 'var(--mantine-color-gray-4)'}`,
          borderRadius: 'var(--mantine-radius-sm)',
          width: '100%',
          maxWidth: signatureSize.width + 2,
          background: 'var(--mantine-color-white)',
        }}
      >
        <canvas
          ref={canvasRef}
          width={signatureSize.width}
          height={signatureSize.height}
          role="img"
          aria-label={t('signUp.signaturePad')}
          style={{ display: 'block', width: '100%', height: 'auto', touchAction: 'none', cursor: 'crosshair' }}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={finishStroke}
          onPointerCancel={finishStroke}
          onPointerLeave={finishStroke}
        />
      </Box>
      <Group justify="space-between" mt={4}>
        <Text size="xs" c="dimmed">
          {value ? t('signUp.signatureDone') : t('signUp.signatureEmpty')}
        </Text>
        <Button variant="subtle" size="xs" onClick={clear}>
          {t('signUp.clearSignature')}
        </Button>
      </Group>
    </Input.Wrapper>
  );
}
