/**
 * The board: MicroPython's REPL protocol on top of the WebAssembly interpreter.
 *
 * The friendly REPL (banner, ">>> ", echo, line editing, Ctrl-E paste mode)
 * and the raw REPL (Ctrl-A; code, then Ctrl-D: "OK", output, \x04, traceback,
 * \x04, ">") are the interpreter's own event-driven REPL, fed one byte at a
 * time. This class adds what that REPL cannot do inside a browser-style port:
 *   - raw-paste mode (Ctrl-E "A" Ctrl-A in the raw REPL): "R\x01", a 128-byte
 *     window plus one window credit, \x01 after every 128 bytes taken, \x04 to
 *     acknowledge the end; then the code runs through the raw REPL with its
 *     "OK" dropped, as raw-paste answers without one;
 *   - resets. A soft reset (Ctrl-D at an empty prompt, SystemExit such as
 *     machine.soft_reset(), which MicroPython 1.27 also turns into a soft reset)
 *     prints "MPY: soft reboot", starts a fresh interpreter on the same flash,
 *     runs boot.py and, in the friendly REPL only, main.py, then shows the
 *     banner (or "raw REPL; CTRL-B to exit" + ">" when the raw REPL was on).
 *     machine.reset() is a hard reset: silence, unread input dropped, fresh
 *     interpreter, boot.py, main.py, banner, friendly REPL (power-on). A Ctrl-C
 *     that arrives while the interpreter restarts (when a board's USB port is
 *     gone) interrupts boot.py or main.py as soon as it starts.
 * Bytes come from an input queue; output goes to an Output (output.mjs).
 * The current mode is reported to the supervisor so that it can say the right
 * thing if it has to kill a worker stuck in a loop that no Ctrl-C reaches.
 */
import { createInterpreter } from "./interp.mjs";
import { endsWith } from "./output.mjs";

const FORCED_EXIT = 0x100; // PYEXEC_FORCED_EXIT: the REPL asks for a soft reset
const RAW_PROMPT = "raw REPL; CTRL-B to exit\r\n";
const PASTE_WINDOW = 128; // MICROPY_REPL_STDIN_BUFFER_MAX / 2
const CTRL_A = 1;
const CTRL_B = 2;
const CTRL_C = 3;
const CTRL_D = 4;
const CTRL_E = 5;
const INTERRUPTED = "KeyboardInterrupt: \r\n";

export class Board {
  constructor({ platform, hardware, mirror, output, input, report, log, interruptQueued }) {
    this.platform = platform;
    this.hardware = hardware;
    this.interruptQueued = interruptQueued;
    this.mirror = mirror;
    this.output = output;
    this.input = input;
    this.report = report;
    this.log = log;
    this.mp = null;
    this.mode = "friendly"; // friendly | raw | paste
    this.rawHead = []; // first bytes of the raw REPL line (to spot Ctrl-E "A")
    this.rawCount = 0;
    this.paste = [];
    this.window = 0;
    this.busy = true;
    this.pumping = false;
    this.resetKind = null;
  }

  /** machine.reset() calls this (through js.pawtrackStandin) before it raises SystemExit. */
  request(kind) {
    if (kind === "hard") {
      this.resetKind = "hard";
      this.output.muted = true;
    }
  }

  /** Handle every queued input byte, unless a reset is under way. */
  pump() {
    if (this.busy || this.pumping) {
      return;
    }
    this.pumping = true;
    try {
      for (;;) {
        let byte = this.input.shift();
        while (byte !== undefined) {
          this.handle(byte);
          byte = this.busy ? undefined : this.input.shift();
        }
        this.output.flush(); // flushing reads the serial input too: go on until it is quiet
        if (this.busy || this.input.isEmpty()) {
          break;
        }
      }
    } finally {
      this.pumping = false;
    }
  }

  syncFlash() {
    try {
      this.mirror.sync();
    } catch (error) {
      this.log(`flash sync failed: ${error.message}`);
    }
  }

  /**
   * Start (or restart) the interpreter. kind: "power-on", "soft", "hard", or
   * "after-kill" (then `killedIn` is the mode the killed worker reported).
   */
  async restart(kind, killedIn = null) {
    this.busy = true;
    while (kind) {
      if (kind === "soft") {
        this.output.write("MPY: soft reboot\r\n");
      } else if (kind === "hard") {
        this.mode = "friendly";
        this.input.clear(); // a reset board has lost what it had not read (mpremote's "\r\x02")
      } else if (kind !== "after-kill") {
        this.mode = "friendly";
      }
      this.syncFlash();
      this.output.flush();
      this.output.muted = false;
      this.output.drop = 0;
      this.resetKind = null;
      this.mp = null;
      this.mp = await createInterpreter({
        platform: this.platform,
        hardware: this.hardware,
        fillFlash: (FS, root) => this.mirror.load(FS, root),
      });
      kind = kind === "after-kill" ? this.resumeAfterKill(killedIn) : this.startUp();
    }
    this.output.flush();
    this.busy = false;
    this.pump();
  }

  /** boot.py, then main.py (friendly REPL only), then the prompt; or the next reset kind. */
  startUp() {
    this.report(this.mode === "raw" ? "boot-raw" : "boot-friendly");
    let result = this.runFile("boot.py");
    if (result === "ok" && this.mode === "friendly") {
      result = this.runFile("main.py");
    }
    if (result === "exit") {
      return this.resetKind || "soft";
    }
    this.enterRepl();
    return null;
  }

  /** The first words of a fresh worker after the supervisor killed one stuck in a loop. */
  resumeAfterKill(killedIn) {
    if (killedIn === "raw" || killedIn === "paste") {
      this.mode = "raw";
      this.output.write(`\x04${INTERRUPTED}\x04`);
      this.initRepl();
      this.output.write(">");
    } else if (killedIn === "friendly") {
      this.mode = "friendly";
      this.output.write(INTERRUPTED);
      this.initRepl();
      this.output.write(">>> ");
    } else {
      this.mode = killedIn === "boot-raw" ? "raw" : "friendly";
      this.output.write(INTERRUPTED);
      this.enterRepl();
      return null;
    }
    this.report(this.mode);
    return null;
  }

  /** Start the interpreter's REPL in this.mode without a word. */
  initRepl() {
    this.output.muted = true;
    this.mp.replInit();
    if (this.mode === "raw") {
      this.mp.replProcessChar(CTRL_A);
    }
    this.output.muted = false;
    this.rawHead = [];
    this.rawCount = 0;
  }

  /** The REPL as a board starts it after boot: banner and ">>> ", or the raw REPL prompt. */
  enterRepl() {
    if (this.mode === "raw") {
      this.initRepl();
      this.output.write(`${RAW_PROMPT}>`);
    } else {
      this.output.drop = 2; // replInit starts with "\r\n"; a board's banner does not
      this.mp.replInit();
    }
    this.report(this.mode);
  }

  /** Run a file of the flash like pyexec_file_if_exists: "ok", "error" or "exit". */
  runFile(name) {
    const analysis = this.mp.FS.analyzePath(`/flash/${name}`);
    if (!analysis.exists || this.mp.FS.isDir(analysis.object.mode)) {
      return "ok";
    }
    const quoted = JSON.stringify(name);
    try {
      this.mp.runPython(`__import__("micropython").kbd_intr(3)`);
      // A Ctrl-C that came during the reset (a board's port is gone then) stops the file.
      this.interruptQueued();
      this.mp.runPython(`exec(compile(open(${quoted}).read(), ${quoted}, "exec"))`);
      return this.resetKind === "hard" ? "exit" : "ok";
    } catch (error) {
      if (error.name !== "PythonError") {
        throw error;
      }
      if (error.type === "SystemExit" || this.resetKind === "hard") {
        return "exit";
      }
      this.output.printed(withoutRunnerFrame(error.message));
      return "error";
    } finally {
      this.mp.runPython(`__import__("micropython").kbd_intr(-1)`);
      this.syncFlash();
      this.output.flush();
    }
  }

  /** One byte into the interpreter's REPL; returns its result. */
  feed(byte) {
    return this.mp.replProcessChar(byte);
  }

  /** After a byte that may have run code: keep the flash and ask for a reset if wanted. */
  afterRun(result) {
    this.syncFlash();
    if (result & FORCED_EXIT || this.resetKind === "hard") {
      this.busy = true;
      this.restart(this.resetKind || "soft").catch((error) => this.fail(error));
    }
  }

  fail(error) {
    this.log(`interpreter failed: ${error && error.stack ? error.stack : error}`);
    this.restart("hard").catch((again) => {
      this.log(`cannot restart: ${again}`);
      process.exit(70);
    });
  }

  handle(byte) {
    try {
      if (this.mode === "paste") {
        this.pasteByte(byte);
      } else if (this.mode === "raw") {
        this.rawByte(byte);
      } else {
        this.friendlyByte(byte);
      }
    } catch (error) {
      this.busy = true;
      this.fail(error);
    }
  }

  friendlyByte(byte) {
    this.output.capture = byte === CTRL_A ? [] : null;
    const result = this.feed(byte);
    const captured = this.output.capture;
    this.output.capture = null;
    if (byte === CTRL_A && endsWith(captured, `${RAW_PROMPT}>`)) {
      this.mode = "raw";
      this.rawHead = [];
      this.rawCount = 0;
      this.report("raw");
    } else if (byte === 13 || byte === 10 || byte === CTRL_D) {
      this.afterRun(result);
    }
  }

  rawByte(byte) {
    if (byte === CTRL_A) {
      const head = this.rawHead;
      const count = this.rawCount;
      this.rawHead = [];
      this.rawCount = 0;
      if (count === 2 && head[0] === CTRL_E) {
        this.feed(CTRL_C); // forget the interpreter's copy of the line; prints nothing
        if (head[1] === 65) {
          this.mode = "paste";
          this.paste = [];
          this.window = PASTE_WINDOW;
          this.output.write(Buffer.from([82, 1, PASTE_WINDOW & 0xff, PASTE_WINDOW >> 8, 1]));
          this.report("paste");
        } else {
          this.output.write("R\x00>");
        }
        return;
      }
      this.feed(CTRL_A);
      return;
    }
    if (byte === CTRL_B) {
      this.feed(CTRL_B);
      this.mode = "friendly";
      this.report("friendly");
      return;
    }
    if (byte === CTRL_C || byte === CTRL_D) {
      this.rawHead = [];
      this.rawCount = 0;
      const result = this.feed(byte);
      if (byte === CTRL_D) {
        this.afterRun(result);
      }
      return;
    }
    if (this.rawHead.length < 2) {
      this.rawHead.push(byte);
    }
    this.rawCount += 1;
    this.feed(byte);
  }

  pasteByte(byte) {
    if (byte === CTRL_C) {
      this.mode = "raw";
      this.paste = [];
      this.output.write(`\x04\x04${INTERRUPTED}\x04>`);
      this.report("raw");
      return;
    }
    if (byte !== CTRL_D) {
      this.paste.push(byte);
      this.window -= 1;
      if (this.window === 0) {
        this.output.write("\x01");
        this.window = PASTE_WINDOW;
      }
      return;
    }
    this.output.write("\x04");
    this.mode = "raw";
    this.report("raw");
    const code = this.paste;
    this.paste = [];
    if (!code.length) {
      this.output.write("\x04\x04>");
      return;
    }
    for (const codeByte of code) {
      this.feed(codeByte);
    }
    this.output.flush();
    this.output.drop = 2; // the raw REPL's "OK"
    this.afterRun(this.feed(CTRL_D));
  }
}

/** A traceback from runFile without the frame of the exec() line that ran the file. */
function withoutRunnerFrame(text) {
  const lines = text.split("\n");
  const runner = lines.findIndex((line) => /^ {2}File "<stdin>", line \d+, in <module>$/.test(line));
  if (runner >= 0) {
    lines.splice(runner, 1);
  }
  return lines.join("\n");
}
