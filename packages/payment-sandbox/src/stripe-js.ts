/**
 * What the sandbox serves to browsers, from its own origin: a script exposing a Stripe.js-compatible
 * `Stripe(publishableKey)` (the part `@stripe/react-stripe-js` and a card form call), the card
 * fields it mounts as iframes of this origin, and a hidden controller frame that confirms intents.
 * The card is typed in the fields and read by the controller, a frame of the same origin, which
 * sends it to this origin only: the page that mounted the fields never sees it.
 */

/** The script a page loads: `<script src="<sandbox>/v3/sandbox.js">`, then `window.Stripe(key)`. */
export const stripeJs = String.raw`(() => {
  const origin = new URL(document.currentScript.src).origin;
  const titles = {
    cardNumber: 'Secure card number input frame',
    cardExpiry: 'Secure expiration date input frame',
    cardCvc: 'Secure CVC input frame',
  };
  const frameStyle = 'border:0;width:100%;height:24px;display:block;overflow:hidden;background:transparent';

  function Stripe(publishableKey) {
    const group = 'g' + Math.random().toString(36).slice(2);
    const mounted = {};
    const waiting = new Map();
    let controller;
    let ready;
    let counter = 0;

    function controllerFrame() {
      if (!controller) {
        controller = document.createElement('iframe');
        controller.src = origin + '/elements/controller?group=' + group + '&key=' + encodeURIComponent(publishableKey);
        controller.title = 'Payment processor';
        controller.setAttribute('aria-hidden', 'true');
        controller.tabIndex = -1;
        controller.style.cssText = 'position:fixed;width:1px;height:1px;border:0;left:-10px;top:-10px';
        ready = new Promise((resolve) => controller.addEventListener('load', resolve, { once: true }));
        document.body.appendChild(controller);
      }
      return ready;
    }

    async function ask(message) {
      await controllerFrame();
      const id = ++counter;
      return new Promise((resolve) => {
        waiting.set(id, resolve);
        controller.contentWindow.postMessage({ ...message, id }, origin);
      });
    }

    window.addEventListener('message', (event) => {
      if (event.origin !== origin || !event.data || event.data.group !== group) return;
      const { kind, elementType, name, detail, id, result } = event.data;
      if (kind === 'event') for (const handler of mounted[elementType]?.handlers[name] ?? []) handler(detail);
      if (kind === 'result' && waiting.has(id)) {
        waiting.get(id)(result);
        waiting.delete(id);
      }
    });

    /** The holder's challenge, a page of the sandbox shown over ours; resolves when they answered. */
    function challenge(url) {
      return new Promise((resolve) => {
        const overlay = document.createElement('div');
        overlay.setAttribute('role', 'dialog');
        overlay.setAttribute('aria-modal', 'true');
        overlay.setAttribute('aria-label', 'Payment authentication');
        overlay.style.cssText =
          'position:fixed;inset:0;z-index:2147483647;background:rgba(0,0,0,.5);display:flex;align-items:center;justify-content:center';
        const frame = document.createElement('iframe');
        frame.src = url;
        frame.title = 'Payment authentication challenge';
        frame.style.cssText = 'width:min(480px,90vw);height:320px;border:0;border-radius:8px;background:#fff';
        overlay.appendChild(frame);
        document.body.appendChild(overlay);
        const answered = (event) => {
          if (event.origin !== origin || !event.data || !event.data.sandboxChallenge) return;
          window.removeEventListener('message', answered);
          overlay.remove();
          resolve();
        };
        window.addEventListener('message', answered);
      });
    }

    /** Confirms an intent as Stripe.js does: the card from the fields, the challenge if the bank asks. */
    async function confirm(kind, clientSecret, data) {
      const method = data && data.payment_method;
      let result = await ask({
        action: 'confirm',
        kind,
        clientSecret,
        paymentMethod: typeof method === 'string' ? method : undefined,
        billing: method && typeof method === 'object' ? method.billing_details : undefined,
      });
      const intent = result.intent;
      if (intent && intent.status === 'requires_action' && intent.next_action) {
        await challenge(intent.next_action.redirect_to_url.url);
        result = await ask({ action: 'retrieve', kind, clientSecret });
      }
      const named = kind === 'setup' ? 'setupIntent' : 'paymentIntent';
      if (result.error) return { error: result.error };
      const last = result.intent.last_setup_error || result.intent.last_payment_error;
      if (result.intent.status === 'requires_payment_method' && last)
        return { error: { ...last, [kind === 'setup' ? 'setup_intent' : 'payment_intent']: result.intent } };
      return { [named]: result.intent };
    }

    const unsupported = async () => ({
      error: { type: 'invalid_request_error', message: 'The payment sandbox confirms intents only.' },
    });

    return {
      elements() {
        controllerFrame();
        return {
          create(type) {
            const handlers = {};
            let frame;
            const element = {
              mount(target) {
                const host = typeof target === 'string' ? document.querySelector(target) : target;
                frame = document.createElement('iframe');
                frame.src = origin + '/elements/' + type + '?group=' + group;
                frame.title = titles[type] || type;
                frame.setAttribute('allowtransparency', 'true');
                frame.style.cssText = frameStyle;
                host.appendChild(frame);
              },
              on(name, handler) {
                (handlers[name] = handlers[name] || []).push(handler);
                return element;
              },
              off(name, handler) {
                handlers[name] = (handlers[name] || []).filter((each) => each !== handler);
                return element;
              },
              update() {},
              focus() {
                frame && frame.contentWindow.postMessage({ action: 'focus' }, origin);
              },
              blur() {},
              clear() {
                frame && frame.contentWindow.postMessage({ action: 'clear' }, origin);
              },
              unmount() {
                frame && frame.remove();
              },
              destroy() {
                frame && frame.remove();
                delete mounted[type];
              },
            };
            mounted[type] = { element, handlers };
            return element;
          },
          getElement(type) {
            const name = typeof type === 'string' ? type : type && type.__elementType;
            return mounted[name] ? mounted[name].element : null;
          },
          update() {},
        };
      },
      confirmCardSetup: (clientSecret, data) => confirm('setup', clientSecret, data),
      confirmCardPayment: (clientSecret, data) => confirm('payment', clientSecret, data),
      createToken: unsupported,
      createPaymentMethod: unsupported,
    };
  }
  window.Stripe = Stripe;
})();
`;

const fieldSpecs = {
  cardNumber: { label: 'Card number', autocomplete: 'cc-number', placeholder: '1234 1234 1234 1234' },
  cardExpiry: { label: 'Expiration date (MM / YY)', autocomplete: 'cc-exp', placeholder: 'MM / YY' },
  cardCvc: { label: 'CVC', autocomplete: 'cc-csc', placeholder: 'CVC' },
} as const;

export type FieldType = keyof typeof fieldSpecs;
export const isFieldType = (value: string): value is FieldType => value in fieldSpecs;

/**
 * One card field: it checks what is typed and tells the page only whether it is complete or
 * wrong (as Stripe's change event), never the value.
 */
export function fieldPage(type: FieldType): string {
  const spec = fieldSpecs[type];
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${spec.label}</title>
<style>html,body{margin:0;padding:0;background:transparent}input{box-sizing:border-box;width:100%;height:24px;border:0;outline:0;padding:0;font:16px system-ui,sans-serif;color:#1a1a1a;background:transparent}</style></head>
<body><input id="field" aria-label="${spec.label}" autocomplete="${spec.autocomplete}" inputmode="numeric" placeholder="${spec.placeholder}">
<script>
const type = ${JSON.stringify(type)};
const group = new URLSearchParams(location.search).get('group');
window.sandboxGroup = group;
const input = document.getElementById('field');
const digits = () => input.value.replace(/\\D/g, '');
function luhn(number) {
  let sum = 0;
  for (let index = 0; index < number.length; index++) {
    let digit = Number(number[number.length - 1 - index]);
    if (index % 2 === 1) { digit *= 2; if (digit > 9) digit -= 9; }
    sum += digit;
  }
  return sum % 10 === 0;
}
function check() {
  const value = digits();
  if (type === 'cardNumber') {
    if (value.length < 13) return { complete: false };
    return luhn(value) ? { complete: value.length >= 15 } : { error: { type: 'validation_error', code: 'invalid_number', message: 'Your card number is invalid.' } };
  }
  if (type === 'cardExpiry') {
    if (value.length < 4) return { complete: false };
    const month = Number(value.slice(0, 2)), year = 2000 + Number(value.slice(2, 4)), now = new Date();
    if (month < 1 || month > 12) return { error: { type: 'validation_error', code: 'invalid_expiry_month', message: "Your card's expiration month is invalid." } };
    if (year < now.getFullYear() || (year === now.getFullYear() && month < now.getMonth() + 1))
      return { error: { type: 'validation_error', code: 'invalid_expiry_year_past', message: "Your card's expiration year is in the past." } };
    return { complete: true };
  }
  return { complete: value.length >= 3 };
}
window.sandboxValue = () => digits();
function tell(name, detail) { parent.postMessage({ group, kind: 'event', elementType: type, name, detail }, '*'); }
input.addEventListener('input', () => {
  if (type === 'cardExpiry') {
    const value = digits().slice(0, 4);
    input.value = value.length > 2 ? value.slice(0, 2) + ' / ' + value.slice(2) : value;
  } else input.value = input.value.replace(/[^\\d ]/g, '').slice(0, type === 'cardCvc' ? 4 : 23);
  const state = check();
  tell('change', { elementType: type, empty: digits() === '', complete: Boolean(state.complete), error: state.error });
});
input.addEventListener('focus', () => tell('focus', { elementType: type }));
input.addEventListener('blur', () => tell('blur', { elementType: type }));
addEventListener('message', (event) => {
  if (event.data && event.data.action === 'focus') input.focus();
  if (event.data && event.data.action === 'clear') input.value = '';
});
tell('ready', { elementType: type });
</script></body></html>`;
}

/**
 * The controller: reads the card from the fields of its group (frames of this origin, beside it in
 * the page) and confirms intents with the publishable key and the intent's client secret.
 */
export const controllerPage = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Payment processor</title></head><body>
<script>
const query = new URLSearchParams(location.search);
const group = query.get('group');
const key = query.get('key');
function fieldValue(type) {
  for (let index = 0; index < parent.frames.length; index++) {
    try {
      const frame = parent.frames[index];
      if (frame.sandboxGroup === group && frame.location.pathname === '/elements/' + type) return frame.sandboxValue();
    } catch {}
  }
  return '';
}
async function call(method, path, form) {
  const response = await fetch(path, {
    method,
    headers: { authorization: 'Bearer ' + key, 'content-type': 'application/x-www-form-urlencoded' },
    body: method === 'POST' ? form.toString() : undefined,
  });
  const body = await response.json();
  if (!response.ok) return { error: body.error, intent: body.error && (body.error.setup_intent || body.error.payment_intent) };
  return { intent: body };
}
addEventListener('message', async (event) => {
  const { action, kind, clientSecret, paymentMethod, billing, id } = event.data || {};
  if (!action || !clientSecret) return;
  const intentId = clientSecret.split('_secret_')[0];
  const path = '/v1/' + (kind === 'setup' ? 'setup_intents' : 'payment_intents') + '/' + intentId;
  let result;
  if (action === 'retrieve') {
    result = await call('GET', path + '?client_secret=' + encodeURIComponent(clientSecret));
  } else {
    const form = new URLSearchParams({ client_secret: clientSecret });
    const number = fieldValue('cardNumber');
    if (paymentMethod) form.set('payment_method', paymentMethod);
    else if (number) {
      const expiry = fieldValue('cardExpiry');
      form.set('payment_method_data[type]', 'card');
      form.set('payment_method_data[card][number]', number);
      form.set('payment_method_data[card][exp_month]', String(Number(expiry.slice(0, 2))));
      form.set('payment_method_data[card][exp_year]', '20' + expiry.slice(2, 4));
      form.set('payment_method_data[card][cvc]', fieldValue('cardCvc'));
      const address = (billing && billing.address) || {};
      if (address.postal_code) form.set('payment_method_data[billing_details][address][postal_code]', address.postal_code);
      if (address.line1) form.set('payment_method_data[billing_details][address][line1]', address.line1);
    }
    result = await call('POST', path + '/confirm', form);
  }
  parent.postMessage({ group, kind: 'result', id, result }, '*');
});
</script></body></html>`;
