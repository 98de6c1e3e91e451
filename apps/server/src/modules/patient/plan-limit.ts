import { rules } from '@clinic/contract';

/**
 * How many active patients a clinician may have. Until subscriptions exist every clinician has
 * the free limit; the subscription issue replaces this one function.
 */
export interface PlanLimits {
  activePatientLimit(seqManager: number): Promise<number>;
}

export const freePlanLimits: PlanLimits = {
  activePatientLimit: () => Promise.resolve(rules.freePatientLimit),
};
