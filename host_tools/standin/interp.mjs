/**
 * One MicroPython WebAssembly interpreter dressed as a board, for the device stand-in.
 *
 * The npm package runs Python synchronously and offers no way to reach it while
 * it runs. Two doors are opened here:
 *   - Python code that waits (time.sleep, ticks_ms, the REPL's timing) calls the
 *     port's `mp_js_ticks_ms` import again and again; that import is wrapped to
 *     call `hooks.tick()`, which reads new serial input and can schedule a
 *     KeyboardInterrupt. A loop that never calls into JavaScript
 *     (`while True: pass`) cannot be reached: the supervisor restarts the worker.
 *   - reads of sys.stdin call `hooks.stdin()` (one byte, or null for end of input),
 *     and polling it (select.poll, select.select) asks `hooks.stdinReady()`, so
 *     it is readable only when serial input is waiting, as on a board.
 * Everything the interpreter prints (stdout and stderr: a board has one wire)
 * goes to `hooks.output(bytes)`.
 *
 * File errors: Emscripten's file system reports WASI error numbers (ENOENT is
 * 44), which MicroPython passes on as OSError(44), unlike a board (OSError 2,
 * "[Errno 2] ENOENT", equal to errno.ENOENT). The file-system syscall imports
 * are wrapped to renumber their errors the way a board numbers them.
 *
 * Inside the interpreter: /flash is the board's flash (mounted at "/" by
 * device_setup.py), /.standin holds machine.py and the setup code; with
 * `hardware`, also the recording hardware stand-ins of tests/device
 * (machine.py as _standin_hw.py, which device_setup.py merges into machine,
 * and neopixel.py).
 */
import { loadMicroPython } from "@micropython/micropython-webassembly-pyscript";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const HERE = path.dirname(fileURLToPath(import.meta.url));
export const FLASH = "/flash";
const HIDDEN = "/.standin";
const TEST_HARDWARE = path.join(HERE, "..", "..", "tests", "device");
const POLLIN = 1;
const POLLOUT = 4;

export const hooks = {
  tick() {},
  stdin() {
    return null;
  },
  stdinReady() {
    return false;
  },
  output() {},
};

// WASI error number -> the number MicroPython uses on a board (Linux numbering).
const BOARD_ERRNO = new Map([
  [1, 7], [2, 13], [6, 11], [8, 9], [10, 16], [20, 17], [22, 27], [28, 22], [29, 5],
  [31, 21], [32, 40], [33, 24], [34, 31], [37, 36], [41, 23], [43, 19], [44, 2], [48, 12],
  [51, 28], [52, 38], [54, 20], [55, 39], [58, 95], [59, 25], [60, 6], [61, 75], [63, 1],
  [64, 32], [69, 30], [70, 29], [74, 26], [75, 18],
]);
const FILE_SYSCALLS = [
  "__syscall_chdir", "__syscall_mkdirat", "__syscall_openat", "__syscall_getdents64",
  "__syscall_renameat", "__syscall_rmdir", "__syscall_fstat64", "__syscall_stat64",
  "__syscall_newfstatat", "__syscall_lstat64", "__syscall_statfs64", "__syscall_unlinkat",
];

function wrapImport(env, name, wrap) {
  const original = env[name];
  if (typeof original === "function" && !original.standin) {
    const wrapped = wrap(original);
    wrapped.standin = true;
    env[name] = wrapped;
  }
}

const realInstantiate = WebAssembly.instantiate.bind(WebAssembly);
WebAssembly.instantiate = (source, imports) => {
  const env = imports && imports.env;
  if (env) {
    wrapImport(env, "mp_js_ticks_ms", (ticks) => () => {
      hooks.tick();
      return ticks();
    });
    for (const name of FILE_SYSCALLS) {
      wrapImport(env, name, (syscall) => (...args) => {
        const result = syscall(...args);
        return result < 0 && BOARD_ERRNO.has(-result) ? -BOARD_ERRNO.get(-result) : result;
      });
    }
  }
  return realInstantiate(source, imports);
};

/** A string as a Python literal (JSON string syntax is valid Python for these). */
function pyString(text) {
  return JSON.stringify(String(text));
}

/** A fresh interpreter; fillFlash(FS, FLASH) puts the files in before the board face goes on. */
export async function createInterpreter({ platform, fillFlash, hardware = false }) {
  const mp = await loadMicroPython({
    stdout: (bytes) => hooks.output(bytes),
    stderr: (bytes) => hooks.output(bytes),
    stdin: () => hooks.stdin(),
    linebuffer: false,
  });
  // sys.stdin is fd 0, an Emscripten device without a poll of its own: by default
  // poll() calls it always readable, and a read then waits for the host.
  mp.FS.getStream(0).stream_ops.poll = () => (hooks.stdinReady() ? POLLIN : 0) | POLLOUT;
  mp.FS.mkdir(FLASH);
  fillFlash(mp.FS, FLASH);
  mp.FS.mkdir(HIDDEN);
  mp.FS.writeFile(`${HIDDEN}/machine.py`, fs.readFileSync(path.join(HERE, "machine.py")));
  mp.FS.writeFile(`${HIDDEN}/_standin_setup.py`, fs.readFileSync(path.join(HERE, "device_setup.py")));
  mp.FS.writeFile(`${HIDDEN}/_standin_sys.py`, "");
  if (hardware) {
    mp.FS.writeFile(`${HIDDEN}/_standin_hw.py`, fs.readFileSync(path.join(TEST_HARDWARE, "machine.py")));
    mp.FS.writeFile(`${HIDDEN}/neopixel.py`, fs.readFileSync(path.join(TEST_HARDWARE, "neopixel.py")));
  }
  mp.runPython(
    [
      `__import__("sys").path.insert(0, ${pyString(HIDDEN)})`,
      `__import__("_standin_setup").setup(${pyString(platform)}, ${pyString(FLASH)}, ` +
        `${pyString(HIDDEN)}, ${hardware ? "True" : "False"})`,
      `del __import__("sys").modules["_standin_setup"]`,
    ].join("\n"),
  );
  return mp;
}

/** Ask the interpreter whether a KeyboardInterrupt is wanted for this byte now. */
export function interruptChar(mp) {
  return mp._module._mp_hal_get_interrupt_char();
}

export function scheduleKeyboardInterrupt(mp) {
  mp._module._mp_sched_keyboard_interrupt();
}
