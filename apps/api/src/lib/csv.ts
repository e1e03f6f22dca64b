/** One parsed CSV record with the 1-based line it starts on. */
export interface CsvRecord {
  line: number;
  fields: string[];
}

/**
 * RFC 4180 CSV: comma-separated, double-quoted fields may hold commas, quotes ("") and newlines;
 * CRLF or LF line ends; a UTF-8 BOM is ignored. Throws on an unterminated quote.
 */
export function parseCsv(text: string): CsvRecord[] {
  const input = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const records: CsvRecord[] = [];
  let fields: string[] = [];
  let field = '';
  let inQuotes = false;
  let line = 1;
  let recordLine = 1;
  let fieldStarted = false;

  const endRecord = () => {
    fields.push(field);
    if (!(fields.length === 1 && fields[0] === '' && !fieldStarted))
      records.push({ line: recordLine, fields });
    fields = [];
    field = '';
    fieldStarted = false;
  };

  for (let i = 0; i < input.length; i++) {
    const ch = input[i]!;
    if (inQuotes) {
      if (ch === '"') {
        if (input[i + 1] === '"') {
          field += '"';
          i++;
        } else {
          inQuotes = false;
        }
      } else {
        if (ch === '\n') line++;
        field += ch;
      }
      continue;
    }
    if (ch === '"' && field === '') {
      inQuotes = true;
      fieldStarted = true;
    } else if (ch === ',') {
      fields.push(field);
      field = '';
      fieldStarted = true;
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && input[i + 1] === '\n') i++;
      endRecord();
      line++;
      recordLine = line;
    } else {
      field += ch;
      fieldStarted = true;
    }
  }
  if (inQuotes) throw new Error(`Unterminated quoted field starting on line ${recordLine}`);
  if (field !== '' || fields.length > 0 || fieldStarted) endRecord();
  return records;
}

/** Quotes a value for CSV output when it needs it. */
export function csvField(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
