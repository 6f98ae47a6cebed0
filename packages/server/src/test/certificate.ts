import { createHash, createPublicKey } from 'node:crypto';
import { generate } from 'selfsigned';

/**
 * A self-signed certificate for https://127.0.0.1 that is its own CA: a test server presents it and
 * the client under test trusts `cert` alone (PUSH_CA_FILE, `ca:`), never the system's store.
 */
export function loopbackCertificate(): Promise<{ cert: string; private: string }> {
  return generate([{ name: 'commonName', value: '127.0.0.1' }], {
    keyType: 'ec',
    curve: 'P-256',
    extensions: [
      { name: 'basicConstraints', cA: true },
      { name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] },
    ],
  });
}

/**
 * A self-signed certificate for https://localhost, as the android app's own origin is: a test
 * serves a native build with it and trusts it in its browser alone, by the key's pin (`spkiPin`).
 */
export async function localhostCertificate(): Promise<{ cert: string; private: string; spkiPin: string }> {
  const pair = await generate([{ name: 'commonName', value: 'localhost' }], {
    keyType: 'ec',
    curve: 'P-256',
    extensions: [{ name: 'subjectAltName', altNames: [{ type: 2, value: 'localhost' }] }],
  });
  const spki = createPublicKey(pair.cert).export({ type: 'spki', format: 'der' });
  return { ...pair, spkiPin: createHash('sha256').update(spki).digest('base64') };
}
