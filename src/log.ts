// Structured JSON logs (pino). Every line of a request is written through a child logger
// that carries `reqId`. What never goes into a log line: API keys (the Authorization header
// is not logged at all, and redaction is a second wall), params values, template output.
import pino from 'pino';

export type Logger = pino.Logger;

export interface LoggerOptions {
  readonly level?: string;
  /** where lines go; default stdout. Tests pass a stream to read the lines back. */
  readonly destination?: pino.DestinationStream;
}

export function createLogger(options: LoggerOptions = {}): Logger {
  return pino({
    level: options.level ?? 'info',
    base: { service: 'platen' },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: {
      paths: ['authorization', 'headers.authorization', 'req.headers.authorization', 'key', 'apiKey', 'params'],
      censor: '[redacted]',
    },
  }, options.destination ?? pino.destination({ sync: true }));
}

/** A logger that writes nothing (CLI commands that do not serve). */
export function silentLogger(): Logger {
  return pino({ level: 'silent' });
}
