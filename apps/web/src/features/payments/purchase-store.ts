import { create } from 'zustand';
import { keyAfterCall, keyForAttempt, type AttemptKey } from './idempotency.ts';

/** Client state "purchase info" (SPEC 3): the plan being bought and the key of the payment attempt. */
interface PurchaseState {
  seqProduct: number | null;
  attempt: AttemptKey | null;
  /** The plan last paid for, until another is chosen: the pay form is not offered for it again. */
  paidSeqProduct: number | null;
  choosePlan: (seqProduct: number) => void;
  markPaid: (seqProduct: number) => void;
  /** The key to send for a payment of `scope`: the pending one on a retry, else a new one. */
  keyFor: (scope: string) => string;
  /** After a call: an answer ends the attempt, no answer keeps its key for the retry. */
  settle: (outcome: 'answered' | 'noAnswer') => void;
}

export const usePurchaseStore = create<PurchaseState>()((set, get) => ({
  seqProduct: null,
  attempt: null,
  paidSeqProduct: null,
  choosePlan: (seqProduct) => set({ seqProduct, paidSeqProduct: null }),
  markPaid: (seqProduct) => set({ paidSeqProduct: seqProduct }),
  keyFor: (scope) => {
    const attempt = keyForAttempt(get().attempt, scope);
    set({ attempt });
    return attempt.key;
  },
  settle: (outcome) => {
    const { attempt } = get();
    if (attempt) set({ attempt: keyAfterCall(attempt, outcome) });
  },
}));

export const purchaseActions = {
  keyFor: (scope: string): string => usePurchaseStore.getState().keyFor(scope),
  settle: (outcome: 'answered' | 'noAnswer'): void => usePurchaseStore.getState().settle(outcome),
};
