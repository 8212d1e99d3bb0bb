/**
 * A CSV reader for the plain files spreadsheets write (decision 021): csv-parse costs 0.1–0.5 s per million
 * characters here, this a few milliseconds. It reads exactly what csv-parse reads with the upload's options
 * ({ relax_column_count, skip_empty_lines: false, bom }) — comma, double quotes with "" inside, the record
 * delimiter found first (CRLF, LF or CR) and only that one — and nothing else: a file with anything
 * csv-parse would read differently or refuse (a stray quote, an unclosed one, a line break of another kind
 * outside quotes) is "irregular", and csv-parse reads it instead, messages and all. Fed piece by piece.
 */

const QUOTE = 34; // "
const COMMA = 44;
const CR = 13;
const LF = 10;
/** What ends a cell without quotes (a quote there is a fault). */
const SPECIAL = /[",\r\n]/g;

enum S {
  /** at the start of a field */
  FieldStart,
  /** inside a field without quotes */
  Unquoted,
  /** inside a quoted field */
  Quoted,
  /** after a quote inside a quoted field: a second quote, or the field's end */
  QuoteSeen,
  /** after a CR outside quotes: is an LF next? */
  CrSeen,
}

export class PlainCsvReader {
  private state = S.FieldStart;
  /** the record delimiter, once the first line break outside quotes has shown it */
  private delimiter: '' | '\r\n' | '\n' | '\r' = '';
  private field = '';
  private record: string[] = [];
  private first = true;
  /** false once the text is found to be something csv-parse reads otherwise */
  regular = true;

  /** @param build false: only decide whether the text is regular (no records are made) */
  constructor(private readonly build: boolean) {}

  /** Reads one piece; complete records are pushed to `out`. */
  feed(piece: string, out: string[][]): void {
    let i = 0;
    if (this.first && piece.length > 0) {
      this.first = false;
      if (piece.charCodeAt(0) === 0xfeff) i = 1; // csv-parse's `bom: true`
    }
    let start = i; // where the current field's pending text starts in this piece
    const n = piece.length;
    const build = this.build;
    while (i < n && this.regular) {
      switch (this.state) {
        case S.FieldStart: {
          const c = piece.charCodeAt(i);
          if (c === QUOTE) {
            this.state = S.Quoted;
            start = i + 1;
          } else if (c === COMMA) {
            if (build) this.record.push('');
          } else if (c === CR || c === LF) {
            this.lineBreak(c, out);
          } else {
            this.state = S.Unquoted;
            start = i;
          }
          i++;
          break;
        }
        case S.Unquoted: {
          // the cell runs to the next comma, quote or line break
          SPECIAL.lastIndex = i;
          const found = SPECIAL.exec(piece);
          if (found === null) {
            i = n;
            break;
          }
          i = found.index;
          const c = piece.charCodeAt(i);
          if (c === QUOTE) {
            this.regular = false; // csv-parse: Invalid Opening Quote
            break;
          }
          if (build) this.endField(piece.slice(start, i));
          if (c === COMMA) this.state = S.FieldStart;
          else this.lineBreak(c, out);
          i++;
          break;
        }
        case S.Quoted: {
          const q = piece.indexOf('"', i);
          if (q < 0) {
            i = n;
            break;
          }
          if (build) this.field += piece.slice(start, q);
          this.state = S.QuoteSeen;
          i = q + 1;
          break;
        }
        case S.QuoteSeen: {
          const c = piece.charCodeAt(i);
          if (c === QUOTE) {
            if (build) this.field += '"';
            this.state = S.Quoted;
            start = i + 1;
          } else if (c === COMMA) {
            if (build) this.endField('');
            this.state = S.FieldStart;
          } else if (c === CR || c === LF) {
            if (build) this.endField('');
            this.lineBreak(c, out);
          } else {
            this.regular = false; // csv-parse: Invalid Closing Quote
          }
          i++;
          break;
        }
        case S.CrSeen: {
          const c = piece.charCodeAt(i);
          if (c === LF && this.delimiter !== '\r') {
            this.delimiter = '\r\n';
            this.endRecord(out);
            i++;
          } else if (this.delimiter === '\r\n') {
            this.regular = false; // a CR alone in a CRLF file is text to csv-parse
          } else {
            this.delimiter = '\r';
            this.endRecord(out); // this character starts the next record
          }
          break;
        }
      }
    }
    // the field's text so far, when the piece ends inside it
    if (build && this.regular) {
      if (this.state === S.Unquoted || this.state === S.Quoted) this.field += piece.slice(start, n);
    }
  }

  /** The end of the text: the last record, unless the text is irregular. */
  end(out: string[][]): void {
    if (!this.regular) return;
    switch (this.state) {
      case S.Quoted:
        this.regular = false; // csv-parse: Quote Not Closed
        return;
      case S.CrSeen:
        if (this.delimiter === '\r\n') this.regular = false;
        else this.endRecord(out);
        return;
      case S.Unquoted:
      case S.QuoteSeen:
        if (this.build) this.endField('');
        this.emit(out);
        return;
      case S.FieldStart:
        // a last line without characters is no record; "a," ends with an empty field
        if (this.record.length > 0) {
          this.record.push('');
          this.emit(out);
        }
        return;
    }
  }

  private endField(rest: string): void {
    this.record.push(this.field + rest);
    this.field = '';
  }

  /** A CR or LF outside quotes, the field before it already ended (or none started). */
  private lineBreak(c: number, out: string[][]): void {
    if (this.state === S.FieldStart && this.build) this.record.push('');
    if (c === CR) {
      if (this.delimiter === '\n') this.regular = false;
      else this.state = S.CrSeen;
      return;
    }
    if (this.delimiter === '') this.delimiter = '\n';
    if (this.delimiter !== '\n') {
      this.regular = false;
      return;
    }
    this.endRecord(out);
  }

  private endRecord(out: string[][]): void {
    this.emit(out);
    this.state = S.FieldStart;
  }

  private emit(out: string[][]): void {
    if (this.build) out.push(this.record);
    this.record = [];
    this.state = S.FieldStart;
  }
}
