import { pino, type Level, type Logger } from 'pino';

/**
 * A logger whose lines the test reads back: each line pino writes is parsed into `lines` as it is written (pino's
 * fields: `level` as a number, `msg`, and what the code logged with it). `Line` is the shape the test reads.
 */
export function capturedLog<Line = Record<string, unknown>>(level: Level = 'info'): { log: Logger; lines: Line[] } {
  const lines: Line[] = [];
  const log = pino({ level }, { write: (line: string) => void lines.push(JSON.parse(line) as Line) });
  return { log, lines };
}
