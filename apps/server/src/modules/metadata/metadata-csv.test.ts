import { describe, expect, it } from 'vitest';
import type { UserError } from '../../platform/errors.ts';
import { parseMetadataCsv, toCsv } from './metadata-csv.ts';

describe('metadata CSV', () => {
  it('writes a UTF-8 file spreadsheets open, quoting commas, quotes and line breaks', () => {
    const csv = toCsv([
      {
        file_name: 'café.png',
        title: 'Say "hi", friend',
        keywords: 'a, b',
        description: 'Line one\nLine two',
      },
    ]);
    expect(csv.startsWith('\uFEFFfile_name,title,keywords,description\r\n')).toBe(true);
    expect(csv).toContain('café.png,"Say ""hi"", friend","a, b","Line one\nLine two"');
  });

  it('reads back what it wrote', () => {
    const rows = [
      { file_name: 'a.png', title: 'Say "hi", friend', keywords: 'a, b', description: 'Line one\nLine two' },
      { file_name: 'ünï.png', title: '', keywords: '', description: '' },
    ];
    const { rows: read, invalid } = parseMetadataCsv(Buffer.from(toCsv(rows)));
    expect(invalid).toEqual([]);
    expect(read).toEqual(rows.map((row, k) => ({ row: k + 2, ...row })));
  });

  it('matches headers loosely, reads only the columns the file has and skips blank lines', () => {
    const { rows } = parseMetadataCsv(
      Buffer.from('Image File Name;x\n'.replace(';x', '') + 'a.png\n\n,\nb.png\n'),
    );
    expect(rows).toEqual([
      { row: 2, file_name: 'a.png' },
      { row: 5, file_name: 'b.png' },
    ]);
  });

  it('refuses a file without a file_name column, an empty file and a broken one, saying what to do', () => {
    const refusal = (text: string) => {
      try {
        parseMetadataCsv(Buffer.from(text));
      } catch (error) {
        return (error as UserError).message;
      }
      return 'accepted';
    };
    expect(refusal('title,keywords\nA,b')).toMatch(/file_name/);
    expect(refusal('')).toMatch(/empty/);
    expect(refusal('file_name,title\na.png,"unclosed')).toMatch(/could not be read/);
  });
});
