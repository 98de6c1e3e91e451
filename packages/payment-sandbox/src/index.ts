export { sandboxTestCards } from './cards.ts';
export { paymentSandbox, type SandboxOptions } from './sandbox.ts';
export { memoryStore, type Kind, type SandboxStore, type StoredObject } from './store.ts';
export { postTo, signatureHeader, type WebhookSender } from './webhooks.ts';
export { confirmAsBrowser, completeChallenge, type TypedCard } from './browser.ts';
