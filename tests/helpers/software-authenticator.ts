// A software WebAuthn authenticator for the API tests: an ES256 key per credential (node:crypto),
// registration answers with attestation 'none' and signed assertions, built byte by byte as the spec
// lays them out (authenticator data, a little CBOR, clientDataJSON). Nothing of the server's code or
// library is used to make them, so the server's checks are tested against an independent maker.
import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';

const b64u = (b: Uint8Array) => Buffer.from(b).toString('base64url');
const sha256 = (b: Uint8Array | string) => createHash('sha256').update(b).digest();

// --- The CBOR the attestation object and COSE key need: maps, byte and text strings, small integers.
function head(major: number, n: number): Buffer {
  if (n < 24) return Buffer.from([(major << 5) | n]);
  if (n < 256) return Buffer.from([(major << 5) | 24, n]);
  if (n < 65_536) return Buffer.from([(major << 5) | 25, n >> 8, n & 255]);
  throw new Error('CBOR: length too large for this helper');
}
type Cbor = number | string | Uint8Array | Map<Cbor, Cbor>;
function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') return Buffer.concat([head(3, Buffer.byteLength(value)), Buffer.from(value)]);
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), Buffer.from(value)]);
  const parts = [head(5, value.size)];
  for (const [k, v] of value) parts.push(cbor(k), cbor(v));
  return Buffer.concat(parts);
}

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

export interface SoftCredential {
  id: Buffer;
  privateKey: KeyObject;
  publicKey: KeyObject;
  rpId: string;
  userHandle: string;
  counter: number;
}

interface CreationOptions {
  challenge: string;
  rp: { id?: string; name: string };
  user: { id: string; name: string };
}
interface RequestOptions {
  challenge: string;
  rpId?: string;
}

export interface Overrides {
  origin?: string;
  /** The relying party the authenticator data names (another site's passkey). */
  rpId?: string;
  /** Sign a different challenge than the options gave (a replay of an old one, say). */
  challenge?: string;
  userHandle?: string | null;
  /** false: the authenticator was only touched, without a PIN or biometric (the UV flag clear). */
  userVerified?: boolean;
}

export class SoftwareAuthenticator {
  readonly credentials: SoftCredential[] = [];

  constructor(readonly origin: string) {}

  private clientData(type: string, challenge: string, origin: string) {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  /** navigator.credentials.create(): a new credential and the registration JSON the browser would send. */
  register(options: CreationOptions, over: Overrides = {}) {
    const rpId = over.rpId ?? options.rp.id!;
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    const cose = cbor(
      new Map<Cbor, Cbor>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, Buffer.from(jwk.x!, 'base64url')],
        [-3, Buffer.from(jwk.y!, 'base64url')],
      ]),
    );
    const id = randomBytes(32);
    const idLength = Buffer.from([id.length >> 8, id.length & 255]);
    const authData = Buffer.concat([
      sha256(rpId),
      Buffer.from([FLAG_UP | FLAG_UV | FLAG_AT]),
      Buffer.alloc(4), // counter 0
      Buffer.alloc(16), // AAGUID: none
      idLength,
      id,
      cose,
    ]);
    const attestationObject = cbor(
      new Map<Cbor, Cbor>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]),
    );
    const credential: SoftCredential = { id, privateKey, publicKey, rpId, userHandle: options.user.id, counter: 0 };
    this.credentials.push(credential);
    const clientDataJSON = this.clientData(
      'webauthn.create',
      over.challenge ?? options.challenge,
      over.origin ?? this.origin,
    );
    return {
      id: b64u(id),
      rawId: b64u(id),
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64u(clientDataJSON),
        attestationObject: b64u(attestationObject),
        transports: ['internal'],
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform' as const,
    };
  }

  /** navigator.credentials.get() with a discoverable credential: the assertion JSON the browser would send. */
  assert(options: RequestOptions, credential = this.credentials.at(-1)!, over: Overrides = {}) {
    credential.counter++;
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(credential.counter);
    const flags = over.userVerified === false ? FLAG_UP : FLAG_UP | FLAG_UV;
    const authData = Buffer.concat([sha256(over.rpId ?? credential.rpId), Buffer.from([flags]), counter]);
    const clientDataJSON = this.clientData(
      'webauthn.get',
      over.challenge ?? options.challenge,
      over.origin ?? this.origin,
    );
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), credential.privateKey);
    const userHandle = over.userHandle === undefined ? credential.userHandle : over.userHandle;
    return {
      id: b64u(credential.id),
      rawId: b64u(credential.id),
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64u(clientDataJSON),
        authenticatorData: b64u(authData),
        signature: b64u(signature),
        ...(userHandle === null ? {} : { userHandle }),
      },
      clientExtensionResults: {},
    };
  }
}
