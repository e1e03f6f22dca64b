/** One parsed CSV record with the 1-based line it starts on. */
export interface CsvRecord {
  line: number;
  fields: string[];
}

/** Lets the event loop run (timers, I/O, other requests) between slices of long work. */
export const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

const QUOTE = 0x22;
const COMMA = 0x2c;
const LF = 0x0a;
const CR = 0x0d;

/** Characters parsed between yields by parseCsvAsync (a few milliseconds of work). */
const SLICE_CHARS = 32 * 1024;

/**
 * A resumable RFC 4180 parser over `text`: `step(limit)` parses up to `limit` more characters
 * and says whether the text is done.
 */
function csvParser(text: string) {
  const input = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const records: CsvRecord[] = [];
  let fields: string[] = [];
  let field = '';
  let inQuotes = false;
  let line = 1;
  let recordLine = 1;
  let fieldStarted = false;
  let i = 0;

  const endRecord = () => {
    fields.push(field);
    if (!(fields.length === 1 && fields[0] === '' && !fieldStarted))
      records.push({ line: recordLine, fields });
    fields = [];
    field = '';
    fieldStarted = false;
  };

  function step(limit: number): boolean {
    const stop = Math.min(input.length, i + limit);
    // Runs of plain characters are sliced out whole, not added one character at a time.
    while (i < stop) {
      if (inQuotes) {
        const quote = input.indexOf('"', i);
        const chunk = input.slice(i, quote < 0 ? input.length : quote);
        for (let n = chunk.indexOf('\n'); n >= 0; n = chunk.indexOf('\n', n + 1)) line++;
        field += chunk;
        if (quote < 0) {
          i = input.length;
        } else if (input.charCodeAt(quote + 1) === QUOTE) {
          field += '"';
          i = quote + 2;
        } else {
          inQuotes = false;
          i = quote + 1;
        }
        continue;
      }
      const ch = input.charCodeAt(i);
      if (ch === QUOTE && field === '') {
        inQuotes = true;
        fieldStarted = true;
        i++;
      } else if (ch === COMMA) {
        fields.push(field);
        field = '';
        fieldStarted = true;
        i++;
      } else if (ch === LF || ch === CR) {
        if (ch === CR && input.charCodeAt(i + 1) === LF) i++;
        endRecord();
        line++;
        recordLine = line;
        i++;
      } else {
        let end = i + 1;
        while (end < input.length) {
          const next = input.charCodeAt(end);
          if (next === COMMA || next === LF || next === CR) break;
          end++;
        }
        field += input.slice(i, end);
        fieldStarted = true;
        i = end;
      }
    }
    if (i < input.length) return false;
    if (inQuotes) throw new Error(`Unterminated quoted field starting on line ${recordLine}`);
    if (field !== '' || fields.length > 0 || fieldStarted) endRecord();
    return true;
  }
  return { step, records };
}

/**
 * RFC 4180 CSV: comma-separated, double-quoted fields may hold commas, quotes ("") and newlines;
 * CRLF or LF line ends; a UTF-8 BOM is ignored. Throws on an unterminated quote.
 */
export function parseCsv(text: string): CsvRecord[] {
  const parser = csvParser(text);
  parser.step(Infinity);
  return parser.records;
}

/** parseCsv for large uploads: the same records, parsed in slices with the event loop free between. */
export async function parseCsvAsync(text: string): Promise<CsvRecord[]> {
  const parser = csvParser(text);
  while (!parser.step(SLICE_CHARS)) await yieldToEventLoop();
  return parser.records;
}

/** Quotes a value for CSV output when it needs it. */
export function csvField(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
