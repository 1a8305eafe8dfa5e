/**
 * CSV cells for a spreadsheet: every cell quoted, and a cell a spreadsheet would run as a formula
 * (starting with =, +, -, @, a tab or a carriage return) prefixed with an apostrophe (OWASP "CSV
 * injection"). A plain negative number stays a number.
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) && !/^-\d+(\.\d+)?$/.test(value) ? `'${value}` : value;
  return `"${safe.replaceAll('"', '""')}"`;
}

/** One CSV line, CRLF-terminated (RFC 4180). */
export const csvLine = (cells: string[]) => `${cells.map(csvCell).join(',')}\r\n`;
