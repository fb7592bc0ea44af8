// Random identifiers and API keys: base62 from the OS CSPRNG, without modulo bias.
import { randomBytes } from 'node:crypto';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

export function randomBase62(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248) out += BASE62[byte % 62]; // 248 = 4 × 62: uniform
      if (out.length === length) break;
    }
  }
  return out;
}

export function newId(prefix: 'acc' | 'key' | 'tpl' | 'usr'): string {
  return `${prefix}_${randomBase62(16)}`;
}

export function nowIso(now: Date = new Date()): string {
  return now.toISOString();
}
