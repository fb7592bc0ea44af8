// CONTRACT.md checks 3–5: Content-Type, body size, JSON object. The body is read here and only
// here, after auth and subscription passed. A declared Content-Length over the limit is refused
// before reading a byte; a chunked body is cut off as soon as it passes the limit.
import { PlatenError } from '../../errors';
import type { AppContext, Middleware } from '../context';

export function requireJson(): Middleware {
  return async (ctx, next) => {
    const mediaType = (ctx.get('content-type').split(';')[0] ?? '').trim().toLowerCase();
    if (mediaType !== 'application/json') {
      throw new PlatenError('unsupported_media_type', 'The body must be sent as Content-Type: application/json.');
    }
    await next();
  };
}

function tooLarge(limit: number): PlatenError {
  return new PlatenError('payload_too_large', `The body is larger than ${limit} bytes.`, { extra: { maxBytes: limit } });
}

/** Reads the body up to `limit` bytes. Listeners, not `for await`: leaving an async iterator
 * early destroys the socket, and the 413 must still reach the client. */
function readRaw(ctx: AppContext, limit: number): Promise<Buffer> {
  const declared = ctx.get('content-length');
  if (declared !== '' && Number(declared) > limit) return Promise.reject(tooLarge(limit));
  const req = ctx.req;
  if (/100-continue/i.test(ctx.get('expect'))) ctx.res.writeContinue();
  return new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const cleanup = () => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
      req.off('aborted', onAborted);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        cleanup();
        req.pause();
        reject(tooLarge(limit));
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => { cleanup(); resolve(Buffer.concat(chunks, size)); };
    const onError = (err: Error) => { cleanup(); reject(err); };
    const onAborted = () => { cleanup(); reject(new Error('client aborted the request')); };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
    req.on('aborted', onAborted);
  });
}

export function readJsonBody(options: { limit: number }): Middleware {
  return async (ctx, next) => {
    const raw = await readRaw(ctx, options.limit);
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw.toString('utf8'));
    } catch {
      throw new PlatenError('invalid_json', 'The body is not valid JSON.');
    }
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
      throw new PlatenError('invalid_json', 'The body must be a JSON object.');
    }
    ctx.state.body = parsed as Record<string, unknown>;
    await next();
  };
}
