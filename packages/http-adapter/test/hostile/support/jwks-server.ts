import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose';

/** A JWKS endpoint on 127.0.0.1 under the test's control, counting its requests. */
export interface JwksServer {
  url: string;
  /** How many requests it has answered. */
  requests(): number;
  close(): Promise<void>;
}

/** Starts a JWKS endpoint answering `answer()` (status and body) on every request. */
export async function startJwksServer(answer: () => { status: number; body: unknown }): Promise<JwksServer> {
  let count = 0;
  const server: Server = createServer((req, res) => {
    count += 1;
    const { status, body } = answer();
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/.well-known/jwks.json`,
    requests: () => count,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** An RS256 key pair with its public JWK (kid set). */
export async function rsaKey(kid: string): Promise<{ privateKey: CryptoKey; jwk: JWK }> {
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  return { privateKey, jwk: { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' } };
}

/** An RS256 token for `orgs`, valid one hour, with header `kid`. */
export function rsaToken(privateKey: CryptoKey, kid: string, orgs = ['org_a']): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ org_ids: orgs }).setProtectedHeader({ alg: 'RS256', kid }).setIssuedAt(now - 5).setExpirationTime(now + 3600).sign(privateKey);
}
