/**
 * One MicroPython WebAssembly interpreter with the project's files in its
 * in-memory file system.
 *
 * Layout inside the interpreter:
 *   /lib/...       every *.py under firmware/ (so /lib/pawtrack/... ), on sys.path
 *   /tests/...     every *.py of the test (or script) directory, first on sys.path
 *   /runner/pawtrack_runner/  the driver and unittest shims (host_tools/mp/*.py)
 *
 * Limits: the heap starts at HEAP_BYTES and grows on demand (the port adds heap
 * areas instead of raising MemoryError, and collects garbage only between
 * top-level runPython calls). Python frames live on a "pystack" of PYSTACK_WORDS
 * words, sized so that the port's fixed 32 KiB C stack is the real recursion
 * limit (about 150 plain Python frames).
 */
import { loadMicroPython } from "@micropython/micropython-webassembly-pyscript";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const HEAP_BYTES = 16 * 1024 * 1024;
export const PYSTACK_WORDS = 64 * 1024;

const HERE = path.dirname(fileURLToPath(import.meta.url));
export const REPO_ROOT = path.resolve(HERE, "..", "..");
export const DEFAULT_FIRMWARE = path.join(REPO_ROOT, "firmware");
export const DEFAULT_TESTS = path.join(REPO_ROOT, "tests", "core");
const RUNNER_FILES = ["driver.py", "unittest_compat.py"];

/** Collects the interpreter's output bytes; optionally streams whole lines. */
export class Output {
  constructor(stream = null) {
    this.stream = stream;
    this.bytes = [];
    this.decoder = new TextDecoder();
  }

  push(byte) {
    this.bytes.push(byte);
    if (this.stream && byte === 10) {
      this.flush();
    }
  }

  /** Return what was collected since the last take() and forget it. */
  take() {
    const text = this.decoder.decode(new Uint8Array(this.bytes));
    this.bytes = [];
    return text;
  }

  flush() {
    if (this.stream && this.bytes.length) {
      this.stream.write(this.take());
    }
  }
}

/** List every *.py and *.mpy file under dir, relative to it (skips caches); .mpy lets
 * benchmarks load what mpy-cross made, as the device does. */
export function pythonFiles(dir, recursive = true) {
  const found = [];
  const walk = (rel) => {
    for (const entry of fs.readdirSync(path.join(dir, rel), { withFileTypes: true })) {
      const child = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        if (recursive && entry.name !== "__pycache__" && !entry.name.startsWith(".")) {
          walk(child);
        }
      } else if (entry.name.endsWith(".py") || entry.name.endsWith(".mpy")) {
        found.push(child);
      }
    }
  };
  walk("");
  return found.sort();
}

function copyTree(mp, srcDir, destDir, files) {
  for (const rel of files) {
    const dest = `${destDir}/${rel}`;
    mp.FS.mkdirTree(dest.slice(0, dest.lastIndexOf("/")));
    mp.FS.writeFile(dest, fs.readFileSync(path.join(srcDir, rel)));
  }
}

/**
 * Start a fresh interpreter with firmwareDir under /lib and codeDir's *.py
 * under /tests (both on sys.path), plus the runner package.
 */
export async function startInterpreter({ firmwareDir, codeDir, output }) {
  const sink = (data) => {
    for (const byte of data) {
      output.push(byte);
    }
  };
  const mp = await loadMicroPython({
    heapsize: HEAP_BYTES,
    pystack: PYSTACK_WORDS,
    linebuffer: false,
    stdout: sink,
    stderr: sink,
  });
  copyTree(mp, firmwareDir, "/lib", pythonFiles(firmwareDir));
  if (codeDir) {
    copyTree(mp, codeDir, "/tests", pythonFiles(codeDir, false));
  }
  copyTree(mp, HERE, "/runner/pawtrack_runner", RUNNER_FILES);
  mp.FS.writeFile("/runner/pawtrack_runner/__init__.py", '"""pawtrack test runner."""\n');
  mp.runPython(
    "import sys\n" +
      "for _p in ('/lib', '/runner', '/tests'):\n" +
      "    if _p in sys.path:\n" +
      "        sys.path.remove(_p)\n" +
      "    sys.path.insert(0, _p)\n" +
      "del _p\n",
  );
  return mp;
}

/** Run code that assigns a JSON string to _pt_r; return the parsed value. */
export function callJson(mp, expression) {
  mp.runPython(`_pt_r = ${expression}`);
  return JSON.parse(mp.globals.get("_pt_r"));
}

/**
 * Tidy a traceback: drop the runner's own frames and make interpreter paths
 * point at the files on disk (relative to the working directory when inside it).
 */
export function repoPaths(text, firmwareDir, codeDir) {
  const shown = (dir) => {
    const r = path.relative(process.cwd(), dir);
    return (r.startsWith("..") || path.isAbsolute(r) ? dir : r || ".").split(path.sep).join("/");
  };
  let out = text
    .split("\n")
    .filter((line) => !line.includes('File "/runner/'))
    .join("\n")
    .replaceAll('File "/lib/', `File "${shown(firmwareDir)}/`);
  if (codeDir) {
    out = out.replaceAll('File "/tests/', `File "${shown(codeDir)}/`);
  }
  return out;
}
