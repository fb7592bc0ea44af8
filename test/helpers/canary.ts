// Canaries for the closed-world attack tests (issue #5):
//   - a loopback HTTP server that counts every TCP connection it receives (it must get none:
//     an https:// URL to its port still opens a TCP connection, so it is counted too);
//   - a temp directory with a canary file holding a random token that must never appear in
//     any PDF (neither in its extracted text nor in its raw bytes), plus a canary PNG and a
//     canary stylesheet, so a reference that "works" would visibly load something.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';

export interface Canary {
  /** the random secret in the canary file */
  readonly token: string;
  readonly dir: string;
  /** absolute path of the text canary (holds the token) */
  readonly file: string;
  /** absolute path of a valid 2×2 PNG (its pixels are red) */
  readonly png: string;
  /** absolute path of a stylesheet that would print the token via ::before */
  readonly css: string;
  /** http://127.0.0.1:<port> */
  readonly origin: string;
  readonly port: number;
  /** TCP connections the canary server received so far */
  connections(): number;
  /** request lines (method + url) received so far */
  readonly requests: string[];
  close(): Promise<void>;
}

function crc32(buf: Buffer): number {
  let c = ~0 >>> 0;
  for (const byte of buf) {
    c ^= byte;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
  }
  return ~c >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(td));
  return Buffer.concat([len, td, crc]);
}

/** A PNG with the given header and IDAT payload (RGB, 8 bits; colour type 6: RGBA). */
export function makePng(width: number, height: number, idat: Buffer, colourType: 2 | 6 = 2): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = colourType; // 2 truecolour, 6 truecolour with alpha
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr), chunk('IDAT', idat), chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A real, decodable w×h red PNG. */
export function redPng(width: number, height: number): Buffer {
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, Buffer.from([255, 0, 0]))]);
  return makePng(width, height, deflateSync(Buffer.concat(Array.from({ length: height }, () => row))));
}

/** A decodable w×h RGBA PNG with a gradient and varying alpha (pdfkit splits its alpha channel). */
export function rgbaPng(width: number, height: number, seed = 0): Buffer {
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 4);
    for (let x = 0; x < width; x++) row.set([(x * 7 + seed) & 255, (y * 5 + seed) & 255, (x * y + seed) & 255, (x + y + seed) & 255], 1 + x * 4);
    rows.push(row);
  }
  return makePng(width, height, deflateSync(Buffer.concat(rows)), 6);
}

/**
 * A decompression bomb: the header declares width×height pixels; the IDAT is a small deflate
 * stream of zeros (a few KB that would inflate to gigabytes).
 */
export function bombPng(width = 100_000, height = 100_000): Buffer {
  return makePng(width, height, deflateSync(Buffer.alloc(4 * 1024 * 1024), { level: 9 }));
}

export async function startCanary(): Promise<Canary> {
  const token = `CANARY${randomBytes(12).toString('hex').toUpperCase()}`;
  const dir = mkdtempSync(join(tmpdir(), 'platen-canary-'));
  const file = join(dir, 'secret.txt');
  writeFileSync(file, `${token}\n`);
  const png = join(dir, 'secret.png');
  writeFileSync(png, redPng(2, 2));
  const css = join(dir, 'secret.css');
  writeFileSync(css, `body::before { content: "${token}"; } body { background: red; }`);

  let connections = 0;
  const requests: string[] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((req, res) => {
    requests.push(`${req.method} ${req.url}`);
    res.setHeader('content-type', 'text/plain');
    res.end(token);
  });
  server.on('connection', (socket: Socket) => {
    connections++;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    token, dir, file, png, css, port, requests,
    origin: `http://127.0.0.1:${port}`,
    connections: () => connections,
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
