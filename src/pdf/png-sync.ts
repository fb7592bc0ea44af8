// pdfkit decodes PNGs with alpha (and indexed or interlaced ones) through png-js, whose
// decodePixels inflates with zlib's asynchronous inflate. Two consequences:
//  - the image objects are written when the thread pool answers, so the order of objects in
//    the file (and the document ID derived from it) changed from run to run: the same input
//    did not give the same bytes (seen on the corpus book and flyer);
//  - a zlib error inside that callback is thrown from png-js's callback, out of every
//    try/catch: an uncaught exception that takes down the thread.
// Here decodePixels runs its inflate synchronously: the callback runs in order, before
// decodePixels returns, and an error is thrown to pdfkit's caller (a rejected render). The
// swap of zlib.inflate lasts only for that synchronous call; nothing else can run meanwhile.
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import * as zlib from 'node:zlib';

type InflateCallback = (error: Error | null, data?: Buffer) => void;
interface PngPrototype { decodePixels(this: unknown, fn: (pixels: Buffer) => unknown): unknown }

const require_ = createRequire(__filename);
const pdfkitEntry = require_.resolve('pdfkit', { paths: [dirname(require_.resolve('pdfmake'))] });
const PNG = require_(require_.resolve('png-js', { paths: [dirname(pdfkitEntry)] })) as { prototype: PngPrototype; default?: { prototype: PngPrototype } };
const proto = (PNG.default ?? PNG).prototype;
const decodePixels = proto.decodePixels;
// png-js reads `zlib.inflate` off the module object at call time (CommonJS interop)
const zlibModule = require_('node:zlib') as { inflate: unknown };

function inflateNow(data: zlib.InputType, callback: InflateCallback): void {
  let out: Buffer;
  try { out = zlib.inflateSync(data); } catch (error) { throw error instanceof Error ? error : new Error(String(error)); }
  callback(null, out);
}

proto.decodePixels = function decodePixelsInOrder(this: unknown, fn: (pixels: Buffer) => unknown): unknown {
  const inflate = zlibModule.inflate;
  zlibModule.inflate = inflateNow;
  try { return decodePixels.call(this, fn); } finally { zlibModule.inflate = inflate; }
};
