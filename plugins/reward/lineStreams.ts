import { closeSync, fsyncSync, openSync, readSync, renameSync, rmSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

/** Longest line read as one string; a longer line is reported (with its number) and skipped. */
export const MAX_LINE_BYTES = 256 * 1024 * 1024;

/** One line of a JSONL file: its 1-based number and its text, or why it could not be read. */
export type ReadLine = { line: number; text: string } | { line: number; problem: string };

/**
 * Reads a file line by line through a fixed buffer, synchronously: memory stays bounded by the
 * chunk and the longest line, whatever the file's size. Lines end at `\n` (a trailing `\r` is
 * the caller's to trim); the last line needs no newline.
 */
export class LineReader implements Iterable<ReadLine> {
  private readonly fd: number;
  private readonly chunk: Buffer;

  constructor(file: string, chunkBytes = 4 * 1024 * 1024) {
    this.fd = openSync(file, 'r');
    this.chunk = Buffer.allocUnsafe(chunkBytes);
  }

  *[Symbol.iterator](): Iterator<ReadLine> {
    const { fd, chunk } = this;
    let line = 0;
    /** Pieces of a line that spans chunks, and their size; `tooLong` once it passed the limit. */
    let pieces: Buffer[] = [];
    let pending = 0;
    let tooLong = false;
    let filled: number;
    try {
      while ((filled = readSync(fd, chunk, 0, chunk.length, null)) > 0) {
        const view = filled === chunk.length ? chunk : chunk.subarray(0, filled);
        let start = 0;
        let end: number;
        while ((end = view.indexOf(10, start)) !== -1) {
          line++;
          if (tooLong) yield { line, problem: `longer than ${MAX_LINE_BYTES / 1024 / 1024} MiB` };
          else if (pending === 0) yield { line, text: chunk.toString('utf8', start, end) };
          else {
            pieces.push(chunk.subarray(start, end));
            if (pending + end - start > MAX_LINE_BYTES) yield { line, problem: `longer than ${MAX_LINE_BYTES / 1024 / 1024} MiB` };
            else yield { line, text: Buffer.concat(pieces).toString('utf8') };
          }
          pieces = [];
          pending = 0;
          tooLong = false;
          start = end + 1;
        }
        if (start < filled && !tooLong) {
          // The rest of the chunk starts a line that ends in a later chunk: copy it out (the chunk is reused).
          pending += filled - start;
          if (pending > MAX_LINE_BYTES) {
            tooLong = true;
            pieces = [];
          } else pieces.push(Buffer.from(chunk.subarray(start, filled)));
        }
      }
      if (tooLong) yield { line: line + 1, problem: `longer than ${MAX_LINE_BYTES / 1024 / 1024} MiB` };
      else if (pending > 0) yield { line: line + 1, text: Buffer.concat(pieces).toString('utf8') };
    } finally {
      closeSync(fd);
    }
  }
}

/**
 * Writes a file atomically while streaming: text goes to a temporary file beside the target
 * through a 1 MiB buffer; `commit()` flushes, syncs and renames it over the target, so readers
 * see the old file or the whole new one; `abort()` removes the temporary file.
 *
 * Each text is encoded into the byte buffer as it comes: kept as strings until a flush, a
 * megabyte of small lines lived through several scavenges and was promoted, which cost more
 * than scoring the lines (measured: ~1 s of CPU per 200,000 sheets).
 */
export class AtomicFileWriter {
  private readonly temporary: string;
  private fd: number | undefined;
  private readonly bytes = Buffer.allocUnsafe(1 << 20);
  private used = 0;

  constructor(private readonly target: string) {
    this.temporary = join(dirname(target), `.${basename(target)}.tmp-${process.pid}`);
    this.fd = openSync(this.temporary, 'w');
  }

  write(text: string): void {
    // A UTF-16 code unit takes at most 3 bytes in UTF-8.
    if (this.used + text.length * 3 > this.bytes.length) {
      this.flush();
      if (text.length * 3 > this.bytes.length) {
        writeSync(this.fd!, text);
        return;
      }
    }
    this.used += this.bytes.write(text, this.used);
  }

  private flush(): void {
    let done = 0;
    while (done < this.used) done += writeSync(this.fd!, this.bytes, done, this.used - done);
    this.used = 0;
  }

  commit(): void {
    this.flush();
    fsyncSync(this.fd!);
    closeSync(this.fd!);
    this.fd = undefined;
    renameSync(this.temporary, this.target);
  }

  abort(): void {
    if (this.fd !== undefined) {
      closeSync(this.fd);
      this.fd = undefined;
    }
    rmSync(this.temporary, { force: true });
  }
}

/** Whole lines of a JSONL file: their bytes (each line ending in `\n`, but the file's last line may not), and the number of the first. */
export interface LineBatch {
  firstLine: number;
  /** How many lines the bytes hold. */
  lines: number;
  bytes: Uint8Array;
}

/**
 * Reads a file as batches of whole lines of about `batchBytes` each, or a line too long to read
 * (`{line, problem}`, as LineReader reports it), synchronously and in order, with memory bounded
 * by the batch and the longest line. A batch's bytes are valid until the next one is asked for
 * (they may be a view of a buffer that the next read fills). The lines are LineReader's: a batch's text split at `\n`
 * gives the same lines with the same numbers (and a last piece that is empty unless the file
 * ends without a newline).
 */
export function* readLineBatches(file: string, batchBytes = 1 << 20): Generator<LineBatch | { line: number; problem: string }> {
  const fd = openSync(file, 'r');
  let line = 0;
  /** The line that the reads so far left unfinished: its pieces and their size; `tooLong` once it passed the limit. */
  let pieces: Uint8Array[] = [];
  let pending = 0;
  let tooLong = false;
  const tooLongProblem = `longer than ${MAX_LINE_BYTES / 1024 / 1024} MiB`;
  const chunk = Buffer.allocUnsafe(batchBytes);
  try {
    for (;;) {
      const filled = readSync(fd, chunk, 0, batchBytes, null);
      if (filled === 0) break;
      let data: Uint8Array = chunk.subarray(0, filled);
      const first = chunk.indexOf(10);
      if (first === -1 || first >= filled) {
        if (!tooLong) {
          pending += filled;
          if (pending > MAX_LINE_BYTES) {
            tooLong = true;
            pieces = [];
          } else pieces.push(Buffer.from(data));
        }
        continue;
      }
      let prefix: Uint8Array[] = [];
      if (tooLong || pending + first > MAX_LINE_BYTES) {
        line++;
        yield { line, problem: tooLongProblem };
        data = data.subarray(first + 1);
      } else if (pending > 0) {
        // The unfinished line ends here (its newline is in this read): it leads this batch.
        prefix = pieces;
      }
      pieces = [];
      pending = 0;
      tooLong = false;
      const view = Buffer.from(data.buffer, data.byteOffset, data.length);
      const last = view.lastIndexOf(10);
      const whole = data.subarray(0, last + 1);
      let lines = 0;
      for (let at = view.indexOf(10); at !== -1 && at <= last; at = view.indexOf(10, at + 1)) lines++;
      if (lines > 0) {
        yield { firstLine: line + 1, lines, bytes: prefix.length > 0 ? Buffer.concat([...prefix, whole]) : whole };
        line += lines;
      }
      if (last + 1 < data.length) {
        // The start of a line that ends in a later read: copied out (the chunk is read into again).
        pieces = [Buffer.from(data.subarray(last + 1))];
        pending = data.length - last - 1;
      }
    }
    if (tooLong) yield { line: line + 1, problem: tooLongProblem };
    else if (pending > 0) yield { firstLine: line + 1, lines: 1, bytes: Buffer.concat(pieces) };
  } finally {
    closeSync(fd);
  }
}
