/** What the browser needs of the processor: whose fields take the card, and the origins they come from. */
export interface ProcessorInBrowser {
  processor: 'stripe' | 'sandbox';
  publishableKey: string;
  /** The sandbox's Stripe.js-compatible script; null with Stripe, whose Stripe.js the web app loads. */
  scriptUrl: string | null;
  /** Added to our content security policy, so the page may load the script, frame the fields and call the API. */
  origins: { script: string[]; frame: string[]; connect: string[] };
}

export const stripeInBrowser = (publishableKey: string): ProcessorInBrowser => ({
  processor: 'stripe',
  publishableKey,
  scriptUrl: null,
  origins: {
    script: ['https://js.stripe.com'],
    frame: ['https://js.stripe.com', 'https://hooks.stripe.com'],
    connect: ['https://api.stripe.com'],
  },
});

/**
 * The sandbox as browsers reach it: on the host of our public URL, at the sandbox's own port (a
 * separate origin, so the page never reads what its fields hold).
 */
export function sandboxInBrowser(apiUrl: string, publishableKey: string, publicUrl: string): ProcessorInBrowser {
  const origin = `${new URL(publicUrl).protocol}//${new URL(publicUrl).hostname}:${new URL(apiUrl).port}`;
  return {
    processor: 'sandbox',
    publishableKey,
    scriptUrl: `${origin}/v3/sandbox.js`,
    origins: { script: [origin], frame: [origin], connect: [] },
  };
}
