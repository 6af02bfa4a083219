/**
 * Web Crypto for the health link viewer's tests: jsdom has `crypto.getRandomValues` but no `crypto.subtle`, and Node's
 * TextEncoder makes Uint8Arrays of Node's realm, which `jose` (loaded in jsdom's) does not take as its own. Imported
 * by the tests that encrypt or decrypt, before they run.
 */
import './dom-polyfills';
import { webcrypto } from 'node:crypto';
import { TextEncoder as NodeTextEncoder } from 'node:util';

if (!globalThis.crypto.subtle) {
  Object.defineProperty(globalThis.crypto, 'subtle', { value: webcrypto.subtle, configurable: true });
}

class SameRealmTextEncoder extends NodeTextEncoder {
  override encode(input?: string): Uint8Array<ArrayBuffer> {
    return new Uint8Array(super.encode(input));
  }
}
globalThis.TextEncoder = SameRealmTextEncoder as typeof TextEncoder;
