// CONTRACT.md checks 3–5: Content-Type, body size, JSON object. The body is read here and only
// here, after auth and subscription passed. A declared Content-Length over the limit is refused
// before reading a byte; a chunked body is cut off as soon as it passes the limit.
import { PlatenError } from '../../errors';
import type { AppContext, Middleware } from '../context';
import { findJsonSyntaxError } from './jsonSyntax';

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
export function readRaw(ctx: AppContext, limit: number, overLimit: () => PlatenError = () => tooLarge(limit)): Promise<Buffer> {
  const declared = ctx.get('content-length');
  if (declared !== '' && Number(declared) > limit) return Promise.reject(overLimit());
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
      req.off('close', onAborted);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        cleanup();
        req.pause();
        reject(overLimit());
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
    req.on('close', onAborted); // closed before 'end': the client went away
  });
}

/**
 * JSON nested deeper than this is refused as invalid_json before it is parsed (RFC 8259 §9
 * lets a parser limit nesting). V8's JSON.parse takes seconds on a 10 MB `[[[[…` and would
 * hold the event loop; params may only nest 10 levels anyway.
 */
export const MAX_JSON_NESTING = 1000;

/** Deepest nesting of `{`/`[` outside strings, stopping early once over `max`. */
export function jsonNestingExceeds(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) { if (++depth > max) return true; }
    else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}

export function readJsonBody(options: { limit: number }): Middleware {
  return async (ctx, next) => {
    const raw = await readRaw(ctx, options.limit);
    const text = raw.toString('utf8');
    if (jsonNestingExceeds(text, MAX_JSON_NESTING)) {
      throw new PlatenError('invalid_json', `The body nests JSON deeper than ${MAX_JSON_NESTING} levels.`);
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      const at = findJsonSyntaxError(text) ?? { line: 1, column: 1, reason: 'not valid JSON' };
      throw new PlatenError('invalid_json', `The body is not valid JSON: ${at.reason} at line ${at.line}, column ${at.column}.`, { extra: { line: at.line, column: at.column } });
    }
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
      throw new PlatenError('invalid_json', 'The body must be a JSON object.');
    }
    ctx.state.body = parsed as Record<string, unknown>;
    await next();
  };
}
