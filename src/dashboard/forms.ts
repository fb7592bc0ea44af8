// Request bodies of the dashboard: urlencoded forms, and the preview's JSON, each with a limit.
import { PlatenError } from '../errors';
import type { AppContext } from '../http/context';

export async function readText(ctx: AppContext, limit: number): Promise<string> {
  const declared = Number(ctx.get('content-length') || 0);
  if (declared > limit) throw new PlatenError('payload_too_large', `The form is larger than ${limit} bytes.`, { extra: { maxBytes: limit } });
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw new PlatenError('payload_too_large', `The form is larger than ${limit} bytes.`, { extra: { maxBytes: limit } });
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, size).toString('utf8');
}

export type Form = Readonly<Record<string, string>>;

/** An application/x-www-form-urlencoded body; the last value of a repeated field wins. */
export async function readForm(ctx: AppContext, limit: number): Promise<Form> {
  const type = (ctx.get('content-type').split(';')[0] ?? '').trim().toLowerCase();
  if (type !== 'application/x-www-form-urlencoded') throw new PlatenError('unsupported_media_type', 'A form must be sent as application/x-www-form-urlencoded.');
  const out: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const [name, value] of new URLSearchParams(await readText(ctx, limit))) out[name] = value;
  return out;
}
