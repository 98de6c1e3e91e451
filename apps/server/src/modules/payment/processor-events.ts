import type Stripe from 'stripe';
import { BusinessFailure } from '../../domain-error.ts';
import type { AuditOrigin } from '../audit/index.ts';
import type { PaymentDependencies, PaymentRecords } from './payment-records.ts';
import { paymentRepository } from './payment.repository.ts';

/** What the processor tells by its webhook. */
export interface ProcessorEvents {
  /**
   * A webhook event of the processor: refused unless its signature is the processor's, handled
   * once (by its id) and in any order; 'retry' asks the processor to deliver it again later.
   */
  receiveEvent(payload: string, signature: string, origin: AuditOrigin): Promise<'handled' | 'refused' | 'retry'>;
}

export function processorEvents(
  { db, now, gateway }: PaymentDependencies,
  { recordIntent }: PaymentRecords,
): ProcessorEvents {
  return {
    async receiveEvent(payload, signature, origin) {
      let event: Stripe.Event;
      try {
        event = gateway.verifyEvent(payload, signature);
      } catch {
        return 'refused';
      }
      const payments = paymentRepository(db);
      if (await payments.hasEvent(event.id)) return 'handled';
      const object = (event.data as { object?: { id?: string; metadata?: Record<string, string> } } | undefined)
        ?.object;
      if (object?.id && object.metadata?.seq_manager && /^(setup|payment)_intent\./.test(event.type)) {
        // The event says something happened, not what is true now (events come in any order): the
        // processor is asked for the intent as it is.
        const intent = await gateway.findIntent(object.id);
        if (!intent) return 'retry';
        const seqManager = Number(intent.metadata.seq_manager);
        const seqUser = await payments.findUserOf(seqManager);
        if (intent.status === 'succeeded' && seqUser !== undefined)
          await recordIntent(intent, { principal: { seqUser, seqManager }, context: origin }).catch(
            (error: unknown) => {
              // Refused by our rules (another tab subscribed first, say): nothing to record.
              if (!(error instanceof BusinessFailure)) throw error;
            },
          );
      }
      await payments.recordEvent(event.id, event.type, now());
      return 'handled';
    },
  };
}
