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
import * as zlib from 'node:zlib';
import { loadModule, pngjsPath } from './internals';

type InflateCallback = (error: Error | null, data?: Buffer) => void;
interface PngPrototype { decodePixels(this: unknown, fn: (pixels: Buffer) => unknown): unknown }

const PNG = loadModule<{ prototype: PngPrototype; default?: { prototype: PngPrototype } }>(pngjsPath);
const proto = (PNG.default ?? PNG).prototype;
const decodePixels = proto.decodePixels;
// png-js reads `zlib.inflate` off the module object at call time (CommonJS interop)
const zlibModule = loadModule<{ inflate: unknown }>('node:zlib');

function inflateNow(data: zlib.InputType, callback: InflateCallback): void {
  callback(null, zlib.inflateSync(data)); // an inflate error is thrown here, to decodePixels' caller
}

proto.decodePixels = function decodePixelsInOrder(this: unknown, fn: (pixels: Buffer) => unknown): unknown {
  const inflate = zlibModule.inflate;
  zlibModule.inflate = inflateNow;
  try { return decodePixels.call(this, fn); } finally { zlibModule.inflate = inflate; }
};
