/**
 * The device stand-in's worker: one board (board.mjs) behind a pipe.
 *
 *   node host_tools/standin/worker.mjs '{"fsDir": DIR, "platform": "rp2",
 *                                        "start": "power-on", "killedIn": null}'
 *
 * stdin carries the bytes the host sent to the serial port, unframed. stdout
 * carries frames: one type byte, a 4-byte big-endian length, the payload:
 *   O  bytes for the serial port
 *   A  how many stdin bytes this worker has read so far (decimal): the
 *      supervisor knows from it whether a Ctrl-C reached the board
 *   M  the REPL mode: friendly, raw, paste, boot-friendly, boot-raw
 * Nothing else may write to stdout (console.log goes to stderr).
 *
 * While Python code runs the event loop is blocked, so stdin is then read
 * synchronously (fd 0 is non-blocking once process.stdin is open): every 5 ms
 * from the interpreter's clock hook and after printed lines, and whenever
 * Python reads or polls sys.stdin (which is readable only when bytes wait).
 * The interrupt character (Ctrl-C unless micropython.kbd_intr changed it)
 * arriving while code runs schedules a KeyboardInterrupt instead of being
 * queued, as on a board. End of stdin (the supervisor stops): write the flash
 * back and exit, also in the middle of running code.
 */
import fs from "node:fs";
import { Board } from "./board.mjs";
import { FlashMirror } from "./flashfs.mjs";
import { hooks, interruptChar, scheduleKeyboardInterrupt } from "./interp.mjs";
import { Output } from "./output.mjs";

const POLL_MS = 5;
const SYNC_MS = 500;
const BUSY_READS = 50;
const RENAMES = {
  rp2: [["; JS with Emscripten\r\n", "; Raspberry Pi Pico with RP2040\r\n"]],
};

const config = JSON.parse(process.argv[2] || "{}");
console.log = console.error;

const sleepCell = new Int32Array(new SharedArrayBuffer(4));
function sleep(ms) {
  Atomics.wait(sleepCell, 0, 0, ms);
}

function writeAll(fd, buffer) {
  let offset = 0;
  while (offset < buffer.length) {
    try {
      offset += fs.writeSync(fd, buffer, offset, buffer.length - offset);
    } catch (error) {
      if (error.code !== "EAGAIN") {
        throw error;
      }
      sleep(1);
    }
  }
}

function send(type, payload) {
  const body = Buffer.from(payload);
  const frame = Buffer.alloc(5 + body.length);
  frame[0] = type.charCodeAt(0);
  frame.writeUInt32BE(body.length, 1);
  body.copy(frame, 5);
  writeAll(1, frame);
}

/** Received bytes not yet handled, in arrival order. */
class InputQueue {
  constructor() {
    this.chunks = [];
    this.offset = 0;
  }

  push(chunk) {
    if (chunk.length) {
      this.chunks.push(chunk);
    }
  }

  clear() {
    this.chunks = [];
    this.offset = 0;
  }

  /** Take out every copy of the byte; true if there was one. */
  remove(byte) {
    let found = false;
    this.chunks = this.chunks.map((chunk, index) => {
      const rest = index === 0 ? chunk.subarray(this.offset) : chunk;
      found = found || rest.includes(byte);
      return rest.filter((other) => other !== byte);
    });
    this.offset = 0;
    return found;
  }

  isEmpty() {
    return !this.chunks.some((chunk, index) => chunk.length > (index === 0 ? this.offset : 0));
  }

  shift() {
    while (this.chunks.length) {
      const chunk = this.chunks[0];
      if (this.offset < chunk.length) {
        const byte = chunk[this.offset];
        this.offset += 1;
        return byte;
      }
      this.chunks.shift();
      this.offset = 0;
    }
    return undefined;
  }
}

const input = new InputQueue();
let readTotal = 0;
let interrupted = false;
let lastPoll = 0;
let lastSync = 0;
let lastMode = null;

const output = new Output((piece) => {
  send("O", piece);
  service();
}, RENAMES[config.platform] || []);
const board = new Board({
  platform: config.platform || "webassembly",
  hardware: Boolean(config.hardware),
  mirror: new FlashMirror(config.fsDir),
  output,
  input,
  report(mode) {
    if (mode !== lastMode) {
      lastMode = mode;
      send("M", mode);
    }
  },
  log(message) {
    process.stderr.write(`device stand-in: ${message}\n`);
  },
  interruptQueued() {
    const character = interruptChar(board.mp);
    if (character >= 0 && input.remove(character)) {
      scheduleKeyboardInterrupt(board.mp);
    }
  },
});
globalThis.pawtrackStandin = { request: (kind) => board.request(kind) };

/** Take bytes from the host; while code runs, the interrupt character interrupts it. */
function received(chunk, running) {
  readTotal += chunk.length;
  send("A", String(readTotal));
  if (running && board.mp) {
    const character = interruptChar(board.mp);
    if (character >= 0 && chunk.includes(character)) {
      scheduleKeyboardInterrupt(board.mp);
      interrupted = true;
      chunk = chunk.filter((byte) => byte !== character);
    }
  }
  input.push(Buffer.from(chunk));
}

const readBuffer = Buffer.alloc(4096);
function pollInput() {
  let count;
  try {
    count = fs.readSync(0, readBuffer, 0, readBuffer.length, null);
  } catch (error) {
    if (error.code === "EAGAIN" || error.code === "EWOULDBLOCK") {
      return 0;
    }
    if (error.code === "EOF") {
      finish(); // the supervisor is stopping: do not wait for the running code to end
    }
    throw error;
  }
  if (count === 0) {
    finish();
  }
  received(readBuffer.subarray(0, count), true);
  return count;
}

hooks.output = (bytes) => output.fromInterpreter(bytes);

/** While code runs (the clock hook, every printed line): read input, sync the flash. */
let servicing = false;
function service() {
  if (!board.mp || servicing) {
    return;
  }
  servicing = true;
  try {
    const now = Date.now();
    if (now - lastPoll >= POLL_MS) {
      lastPoll = now;
      pollInput();
      output.flush();
    }
    if (now - lastSync >= SYNC_MS) {
      lastSync = now;
      board.syncFlash();
    }
  } finally {
    servicing = false;
  }
}

/**
 * The clock hook. time.sleep_ms and friends wait by reading the clock in a tight
 * loop (some 20 000 reads a millisecond): after BUSY_READS reads within one
 * millisecond the worker sleeps a millisecond, so a waiting board does not keep
 * a host core busy. Time itself runs as before.
 */
let clockMs = 0;
let clockReads = 0;
hooks.tick = () => {
  service();
  const now = Date.now();
  if (now !== clockMs) {
    clockMs = now;
    clockReads = 0;
  } else if (++clockReads > BUSY_READS) {
    clockReads = 0;
    sleep(1);
  }
};

/** Polling sys.stdin: readable only when serial input is waiting (read it in first). */
hooks.stdinReady = () => {
  if (input.isEmpty()) {
    pollInput();
  }
  return !input.isEmpty();
};

hooks.stdin = () => {
  output.flush();
  for (;;) {
    const byte = input.shift();
    if (byte !== undefined) {
      return byte;
    }
    interrupted = false;
    if (!pollInput()) {
      sleep(2);
    }
    if (interrupted) {
      return null;
    }
  }
};

function finish() {
  board.syncFlash();
  output.flush();
  process.exit(0);
}

process.stdin.on("data", (chunk) => {
  received(chunk, false);
  board.pump();
});
process.stdin.on("end", finish);
process.stdin.on("error", finish);

board.restart(config.start || "power-on", config.killedIn || null).catch((error) => {
  process.stderr.write(`device stand-in: cannot start: ${error && error.stack ? error.stack : error}\n`);
  process.exit(70);
});
