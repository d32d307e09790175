import type { PowerMessage } from '@gridlens/contract/power-readings';
import { csvField } from '@/lib/csv';
import { isNumericMessageColumn, messageCell, messageNumber, MESSAGE_COLUMNS, type MessageDisplay } from './message-columns';

/**
 * Messages as CSV: the table's titles, then a line per message. Numbers with a dot and no grouping whatever
 * the language, so that spreadsheets read them as numbers; times and flags as the table shows them.
 */
export function messagesCsv(messages: readonly PowerMessage[], headers: readonly string[], display: MessageDisplay): string {
  const cell = (col: (typeof MESSAGE_COLUMNS)[number], message: PowerMessage) => {
    if (!isNumericMessageColumn(col)) return csvField(col.value(message) === null ? '' : messageCell(col, message, display), true);
    const number = messageNumber(col, message, display.temperatureMetric);
    return number === null ? '' : number.toFixed(col.kind === 'integer' ? 0 : 2);
  };
  const lines = [headers.map((h) => csvField(h, true)).join(',')];
  for (const message of messages) lines.push(MESSAGE_COLUMNS.map((col) => cell(col, message)).join(','));
  return `${lines.join('\r\n')}\r\n`;
}
