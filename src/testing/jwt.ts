// HS256 JSON Web Tokens for the mock's usage-analytics token, with
// node:crypto alone: the mock ships in the package, and a token the mock
// signs is only ever checked by the same mock.
import { createHmac, timingSafeEqual } from 'node:crypto';

const encode = (value: unknown): string => Buffer.from(JSON.stringify(value)).toString('base64url');

/** Signs `claims` with HS256. */
export function signJwt(claims: Record<string, unknown>, secret: Uint8Array): string {
  const body = `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(claims)}`;
  return `${body}.${createHmac('sha256', secret).update(body).digest('base64url')}`;
}

/** The claims of a token this secret signed, still valid, for `issuer` and `audience`; throws otherwise. */
export function verifyJwt(token: string, secret: Uint8Array, { issuer, audience }: { issuer: string; audience: string }): Record<string, unknown> {
  const [header, claims, signature] = token.split('.');
  if (!header || !claims || signature === undefined) throw new Error('malformed token');
  const expected = createHmac('sha256', secret).update(`${header}.${claims}`).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new Error('bad signature');
  if (JSON.parse(Buffer.from(header, 'base64url').toString()).alg !== 'HS256') throw new Error('unexpected algorithm');
  const payload = JSON.parse(Buffer.from(claims, 'base64url').toString()) as Record<string, unknown>;
  const now = Math.floor(Date.now() / 1000);
  if (typeof payload.exp !== 'number' || payload.exp <= now) throw new Error('expired');
  if (payload.iss !== issuer || payload.aud !== audience) throw new Error('wrong issuer or audience');
  return payload;
}
