export { sandboxTestCards } from './cards.ts';
export { paymentSandbox } from './sandbox.ts';
export { memoryStore, type SandboxStore } from './store.ts';
export { type WebhookSender } from './webhooks.ts';
export { completeChallenge, confirmAsBrowser } from './browser.ts';
