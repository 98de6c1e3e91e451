import { createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import type { PasskeyCredential } from '@clinic/contract';

/** Just enough CBOR (RFC 8949) for an attestation object and a COSE key. */
function cbor(value: number | string | Uint8Array | Map<number | string, unknown>): Buffer {
  const head = (major: number, length: number): Buffer => {
    if (length < 24) return Buffer.from([(major << 5) | length]);
    if (length < 256) return Buffer.from([(major << 5) | 24, length]);
    const bytes = Buffer.alloc(3);
    bytes[0] = (major << 5) | 25;
    bytes.writeUInt16BE(length, 1);
    return bytes;
  };
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') return Buffer.concat([head(3, Buffer.byteLength(value)), Buffer.from(value)]);
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value]);
  return Buffer.concat([
    head(5, value.size),
    ...[...value].flatMap(([key, item]) => [cbor(key), cbor(item as Parameters<typeof cbor>[0])]),
  ]);
}

const sha256 = (data: Uint8Array | string): Buffer => createHash('sha256').update(data).digest();
const flags = { userPresent: 0x01, userVerified: 0x04, attestedData: 0x40 };

interface Ceremony {
  challenge: string;
  origin?: string;
  /** Whether the device checked the person (PIN or biometrics); a passkey login requires it. */
  userVerified?: boolean;
}

interface SoftwareAuthenticator {
  /** The credential id, base64url. */
  id: string;
  /** Sets the device's signature counter, as a cloned device that fell behind would have it. */
  setCounter(value: number): void;
  register(ceremony: Ceremony & { userId: string }): PasskeyCredential;
  assert(ceremony: Ceremony): PasskeyCredential;
}

/**
 * A passkey device made in the test with node:crypto: it answers WebAuthn's registration with a
 * 'none' attestation of an ES256 key and signs assertions with it, raising its counter each time.
 */
export function softwareAuthenticator(rpId: string, origin: string): SoftwareAuthenticator {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const credentialId = randomBytes(16);
  const id = credentialId.toString('base64url');
  let counter = 0;
  let userHandle = '';

  const clientData = (type: string, ceremony: Ceremony): Buffer =>
    Buffer.from(
      JSON.stringify({ type, challenge: ceremony.challenge, origin: ceremony.origin ?? origin, crossOrigin: false }),
    );
  const authData = (ceremony: Ceremony, attested?: Buffer): Buffer => {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    const flag =
      flags.userPresent |
      (ceremony.userVerified === false ? 0 : flags.userVerified) |
      (attested ? flags.attestedData : 0);
    return Buffer.concat([sha256(rpId), Buffer.from([flag]), count, ...(attested ? [attested] : [])]);
  };

  return {
    id,
    setCounter(value: number) {
      counter = value;
    },
    register(ceremony: Ceremony & { userId: string }): PasskeyCredential {
      userHandle = ceremony.userId;
      const jwk = publicKey.export({ format: 'jwk' });
      const coseKey = cbor(
        new Map<number, number | Uint8Array>([
          [1, 2],
          [3, -7],
          [-1, 1],
          [-2, Buffer.from(jwk.x!, 'base64url')],
          [-3, Buffer.from(jwk.y!, 'base64url')],
        ]),
      );
      const length = Buffer.alloc(2);
      length.writeUInt16BE(credentialId.length);
      const attested = Buffer.concat([Buffer.alloc(16), length, credentialId, coseKey]);
      const attestationObject = cbor(
        new Map<string, Uint8Array | Map<string, never> | string>([
          ['fmt', 'none'],
          ['attStmt', new Map<string, never>()],
          ['authData', authData(ceremony, attested)],
        ]),
      );
      return {
        id,
        rawId: id,
        type: 'public-key',
        response: {
          clientDataJSON: clientData('webauthn.create', ceremony).toString('base64url'),
          attestationObject: attestationObject.toString('base64url'),
          transports: ['internal'],
        },
        clientExtensionResults: {},
      };
    },
    assert(ceremony: Ceremony): PasskeyCredential {
      counter += 1;
      const data = authData(ceremony);
      const client = clientData('webauthn.get', ceremony);
      const signature = sign('sha256', Buffer.concat([data, sha256(client)]), privateKey);
      return {
        id,
        rawId: id,
        type: 'public-key',
        response: {
          clientDataJSON: client.toString('base64url'),
          authenticatorData: data.toString('base64url'),
          signature: signature.toString('base64url'),
          userHandle,
        },
        clientExtensionResults: {},
      };
    },
  };
}
