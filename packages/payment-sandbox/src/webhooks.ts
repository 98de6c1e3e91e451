import { createHmac } from 'node:crypto';

/** Hands a signed event to the endpoint; answers its HTTP status (0 when it could not be reached). */
export type WebhookSender = (payload: string, headers: Record<string, string>) => Promise<number>;

/** Stripe's signature header: `t=<unix seconds>,v1=<HMAC-SHA256 of "t.payload" with the endpoint's secret>`. */
function signatureHeader(payload: string, secret: string, at = new Date()): string {
  const timestamp = Math.floor(at.getTime() / 1000);
  const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex');
  return `t=${timestamp},v1=${signature}`;
}

/**
 * Delivers events one after the other in the order they happened, each until the endpoint answers
 * 2xx: again after the delays given, the last one repeated. Events are kept in memory; the ones not
 * delivered when the sandbox stops are lost, which a webhook endpoint must survive anyway (the
 * browser's own report and the lookup of unknown outcomes record the same).
 */
export interface WebhookQueue {
  push(payload: string): void;
  /** Resolves once every event so far was delivered. */
  settled(): Promise<void>;
  stop(): Promise<void>;
}

export function webhookQueue(send: WebhookSender, secret: string, retryDelaysMs: readonly number[]): WebhookQueue {
  const pending: string[] = [];
  let running: Promise<void> | undefined;
  let stopped = false;
  let wake: (() => void) | undefined;

  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  async function drain(): Promise<void> {
    while (pending.length > 0 && !stopped) {
      const payload = pending[0]!;
      for (let attempt = 0; !stopped; attempt++) {
        const status = await send(payload, {
          'content-type': 'application/json; charset=utf-8',
          'stripe-signature': signatureHeader(payload, secret),
        });
        if (status >= 200 && status < 300) break;
        await pause(retryDelaysMs[Math.min(attempt, retryDelaysMs.length - 1)]!);
      }
      pending.shift();
    }
    running = undefined;
  }

  return {
    push(payload: string): void {
      pending.push(payload);
      running ??= drain();
    },
    async settled(): Promise<void> {
      while (running) await running;
    },
    async stop(): Promise<void> {
      stopped = true;
      wake?.();
      await running;
    },
  };
}
