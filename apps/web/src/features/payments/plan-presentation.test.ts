import type { Product, SubscriptionStatus } from '@clinic/contract';
import { describe, expect, it } from 'vitest';
import { shouldShowPayPopup } from './pay-popup.ts';
import { currentProduct, fitsPlan, planAction, sortPlans, statusDate } from './plan-presentation.ts';

const product = (seqProduct: number, productCode: string, priceMinor: number, limit: number): Product => ({
  seqProduct,
  productCode,
  defaultProductTitle: productCode,
  defaultProductSubTitle: '',
  productPatientProfileLimit: limit,
  priceMinor,
  currency: 'USD',
});
const basic = product(1, 'basic', 4900, 50);
const standard = product(2, 'standard', 9900, 150);
const unlimited = product(3, 'unlimited', 19900, 0);

function status(overrides: Partial<SubscriptionStatus>): SubscriptionStatus {
  return {
    isSubscribeActive: false,
    subscribeStatus: 'none',
    isGracePeriod: false,
    currentSubscriptionInfo: null,
    trialEndsAt: null,
    currentPeriodEnd: null,
    graceEndsAt: null,
    planChangeAllowedAt: null,
    cancelAtPeriodEnd: false,
    activePatients: 0,
    patientLimit: 30,
    isOverLimit: false,
    ...overrides,
  };
}
const onStandard = {
  productPatientProfileLimit: 150,
  seqProduct: 2,
  defaultProductTitle: 'Standard',
  defaultProductSubTitle: '',
  paymentType: 'card' as const,
};

describe('plan presentation', () => {
  it('orders plans by price', () => {
    expect(sortPlans([unlimited, basic, standard]).map((plan) => plan.productCode)).toEqual([
      'basic',
      'standard',
      'unlimited',
    ]);
  });

  it('picks the date of each status', () => {
    expect(statusDate(status({ subscribeStatus: 'trial', trialEndsAt: 'T' }))).toBe('T');
    expect(statusDate(status({ subscribeStatus: 'active', currentPeriodEnd: 'P' }))).toBe('P');
    expect(statusDate(status({ subscribeStatus: 'grace', graceEndsAt: 'G' }))).toBe('G');
    expect(statusDate(status({ subscribeStatus: 'ended' }))).toBeNull();
  });

  it('tells what each plan card offers', () => {
    const none = status({});
    const trial = status({ subscribeStatus: 'trial', currentSubscriptionInfo: onStandard });
    const ended = status({ subscribeStatus: 'ended', currentSubscriptionInfo: onStandard });
    expect(planAction(basic, none)).toBe('subscribe');
    expect(planAction(standard, trial)).toBe('current');
    expect(planAction(basic, trial)).toBe('change');
    expect(planAction(standard, ended)).toBe('subscribe');
    expect(currentProduct(trial, [basic, standard])).toBe(standard);
    expect(currentProduct(ended, [basic, standard])).toBeUndefined();
  });

  it('knows whether the patients fit a plan (0 is no limit)', () => {
    expect(fitsPlan(51, 50)).toBe(false);
    expect(fitsPlan(50, 50)).toBe(true);
    expect(fitsPlan(5000, 0)).toBe(true);
  });
});

describe('pay pop-up', () => {
  const over = { isOverLimit: true, laterCookie: undefined, pathname: '/', deactivating: false };
  it('shows over the limit only', () => {
    expect(shouldShowPayPopup(over)).toBe(true);
    expect(shouldShowPayPopup({ ...over, isOverLimit: false })).toBe(false);
  });
  it('stays away while the "later" cookie lives, while deactivating and on the payment screens', () => {
    expect(shouldShowPayPopup({ ...over, laterCookie: '1' })).toBe(false);
    expect(shouldShowPayPopup({ ...over, laterCookie: '' })).toBe(true);
    expect(shouldShowPayPopup({ ...over, deactivating: true })).toBe(false);
    expect(shouldShowPayPopup({ ...over, pathname: '/payments' })).toBe(false);
    expect(shouldShowPayPopup({ ...over, pathname: '/payments/paymentInfo' })).toBe(false);
    expect(shouldShowPayPopup({ ...over, pathname: '/paymentsX' })).toBe(true);
  });
});
