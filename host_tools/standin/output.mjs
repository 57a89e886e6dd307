/**
 * What the stand-in sends down the wire, shaped like a board's USB serial.
 *
 * Interpreter output is "cooked" like MicroPython's mp_hal_stdout_tx_strn_cooked:
 * a "\n" not already preceded by "\r" goes out as "\r\n". Protocol bytes the
 * stand-in writes itself (raw-paste flow control, "MPY: soft reboot") go out
 * as they are. Output is handed to the sink at every newline and on flush().
 *
 * Traceback lines of frames in the stand-in's own hidden folder (its machine,
 * sleeps and file wrappers, written in Python where a board has C) are left
 * out, as a board's traceback has no such frames.
 *
 * Knobs the REPL logic uses: `drop` (swallow the next n interpreter bytes),
 * `muted` (swallow everything, after machine.reset()), `capture` (an array
 * that also receives the uncooked interpreter bytes) and `renames` (pairs of
 * strings replaced in each flushed piece: the banner's machine name).
 */
const HIDDEN_FRAME = Buffer.from('  File "/.standin/', "latin1");

export class Output {
  constructor(sink, renames = []) {
    this.sink = sink;
    this.renames = renames.map(([from, to]) => [Buffer.from(from, "latin1"), Buffer.from(to, "latin1")]);
    this.bytes = [];
    this.last = 0;
    this.drop = 0;
    this.muted = false;
    this.capture = null;
    this.lineStart = 0; // where the line being printed starts in this.bytes; -1: before them
  }

  /** Bytes printed by MicroPython. */
  fromInterpreter(bytes) {
    for (const byte of bytes) {
      if (this.muted) {
        continue;
      }
      if (this.drop > 0) {
        this.drop -= 1;
        continue;
      }
      if (this.capture) {
        this.capture.push(byte);
      }
      if (byte === 10 && this.last !== 13) {
        this.bytes.push(13);
      }
      this.bytes.push(byte);
      this.last = byte;
      if (byte === 10) {
        if (this.lineStart >= 0 && this.isHiddenFrame(this.lineStart)) {
          this.bytes.length = this.lineStart;
        }
        this.flush();
      }
    }
  }

  isHiddenFrame(start) {
    if (this.bytes.length - start < HIDDEN_FRAME.length) {
      return false;
    }
    return HIDDEN_FRAME.every((byte, index) => this.bytes[start + index] === byte);
  }

  /** Text that MicroPython would print (cooked), e.g. a traceback the stand-in caught. */
  printed(text) {
    this.fromInterpreter(Buffer.from(text, "utf8"));
  }

  /** Protocol bytes, sent exactly as given (a latin1 string or bytes). */
  write(data) {
    const bytes = typeof data === "string" ? Buffer.from(data, "latin1") : data;
    for (const byte of bytes) {
      this.bytes.push(byte);
    }
    if (bytes.length) {
      this.last = bytes[bytes.length - 1];
      this.lineStart = this.bytes.length;
    }
  }

  flush() {
    if (!this.bytes.length) {
      return;
    }
    this.lineStart = this.last === 10 ? 0 : -1;
    let piece = Buffer.from(this.bytes);
    this.bytes = [];
    for (const [from, to] of this.renames) {
      piece = replaceAll(piece, from, to);
    }
    this.sink(piece);
  }
}

function replaceAll(buffer, from, to) {
  let at = buffer.indexOf(from);
  if (at < 0) {
    return buffer;
  }
  const parts = [];
  let start = 0;
  while (at >= 0) {
    parts.push(buffer.subarray(start, at), to);
    start = at + from.length;
    at = buffer.indexOf(from, start);
  }
  parts.push(buffer.subarray(start));
  return Buffer.concat(parts);
}

/** True if the byte array ends with the latin1 text. */
export function endsWith(bytes, text) {
  if (!bytes || bytes.length < text.length) {
    return false;
  }
  const offset = bytes.length - text.length;
  for (let i = 0; i < text.length; i += 1) {
    if (bytes[offset + i] !== text.charCodeAt(i)) {
      return false;
    }
  }
  return true;
}
