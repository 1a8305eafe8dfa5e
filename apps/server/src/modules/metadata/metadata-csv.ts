import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { metadataCsvColumns, metadataMessages } from '@podflow/contract/metadata';
import { UserError } from '../../platform/errors.ts';

/**
 * The metadata CSV: one row per design, columns file_name, title, keywords, description. Written
 * with a UTF-8 byte order mark so spreadsheet programs open accents and emoji correctly.
 */

export type CsvListing = { file_name: string; title: string; keywords: string; description: string };

/** A row read from an edited file: only the columns the file has (a missing column changes nothing). */
export type CsvRow = { row: number; file_name: string } & Partial<Omit<CsvListing, 'file_name'>>;

export const maxCsvBytes = 5 * 1024 * 1024;

export function toCsv(rows: CsvListing[]): string {
  return (
    '\uFEFF' +
    stringify(rows, {
      header: true,
      columns: [...metadataCsvColumns],
      record_delimiter: '\r\n',
      // A line break inside a cell is quoted too, or a spreadsheet starts a new row there.
      quoted_match: /[\r\n]/,
    })
  );
}

/**
 * Reads an edited metadata CSV. Header names are matched without regard to case or spaces
 * ('File Name' is file_name; 'tags' is keywords). Answers the rows and the ones it could not use.
 */
export function parseMetadataCsv(bytes: Buffer): {
  rows: CsvRow[];
  invalid: { row: number; reason: string }[];
} {
  if (bytes.length > maxCsvBytes)
    throw new UserError(413, metadataMessages.csvTooLarge, { code: 'csv_too_large' });
  let records: string[][];
  try {
    // Blank lines are kept (and skipped below) so row numbers match the rows a spreadsheet shows.
    records = parse(bytes, { bom: true, relax_column_count: true });
  } catch (error) {
    const line = (error as { lines?: number }).lines;
    throw new UserError(
      400,
      `The CSV file could not be read${line ? ` (near line ${line})` : ''}: ${(error as Error).message.replace(/^Invalid[^:]*:\s*/, '')}. Save it as CSV (comma-separated, UTF-8) and try again.`,
      { code: 'csv_unreadable' },
    );
  }
  const [header, ...body] = records;
  if (!header || header.every((cell) => cell.trim() === '')) {
    throw new UserError(400, metadataMessages.csvEmpty, { code: 'csv_empty' });
  }
  const column = columnIndexes(header);
  if (column.file_name === undefined)
    throw new UserError(400, metadataMessages.csvNoFileName, { code: 'csv_no_file_name' });
  const rows: CsvRow[] = [];
  const invalid: { row: number; reason: string }[] = [];
  body.forEach((cells, index) => {
    const row = index + 2; // the header is row 1
    const fileName = (cells[column.file_name!] ?? '').trim();
    if (cells.every((cell) => cell.trim() === '')) return;
    if (fileName === '') {
      invalid.push({ row, reason: 'The file_name cell is empty.' });
      return;
    }
    const read: CsvRow = { row, file_name: fileName };
    for (const field of ['title', 'keywords', 'description'] as const) {
      const at = column[field];
      if (at !== undefined) read[field] = (cells[at] ?? '').trim();
    }
    rows.push(read);
  });
  return { rows, invalid };
}

const aliases: Record<string, (typeof metadataCsvColumns)[number]> = {
  filename: 'file_name',
  file: 'file_name',
  name: 'file_name',
  imagefilename: 'file_name',
  title: 'title',
  producttitle: 'title',
  keywords: 'keywords',
  tags: 'keywords',
  seokeywords: 'keywords',
  description: 'description',
  productdescription: 'description',
};

function columnIndexes(header: string[]): Partial<Record<(typeof metadataCsvColumns)[number], number>> {
  const found: Partial<Record<(typeof metadataCsvColumns)[number], number>> = {};
  header.forEach((cell, index) => {
    const field = aliases[cell.toLowerCase().replace(/[^a-z]/g, '')];
    if (field && found[field] === undefined) found[field] = index;
  });
  return found;
}
