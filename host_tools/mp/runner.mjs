/**
 * MicroPython test runner: the judge of "runs under MicroPython".
 *
 * Runs the core tests (tests/core/test_*.py, unittest.TestCase classes and
 * module-level test* functions) on the MicroPython WebAssembly interpreter
 * from npm, with firmware/ copied to /lib (so `import pawtrack` works) and the
 * test directory's *.py first on sys.path.
 *
 *   node host_tools/mp/runner.mjs [options] [test files...]
 *     --tests-dir DIR  run every test_*.py in DIR (default tests/core)
 *     --firmware DIR   the firmware tree to put on /lib (default firmware)
 *     --jobs N         parallel worker threads (default: CPU count)
 *     --timeout S      per-module time limit in seconds (default 300)
 *     -v, --verbose    also list passing tests
 *   node host_tools/mp/runner.mjs --run SCRIPT.py [args...]
 *
 * Each module gets a fresh interpreter (about 5-20 ms to start) and each test
 * is its own top-level call. Output: one line per module
 * ("test_rng: 10 passed, 0 failed, 0 skipped (0.9 s)"), every skip with its
 * reason, every failure with its traceback and captured output, then
 * "MicroPython: N passed, N failed, N skipped". Exit status 1 if anything
 * failed (import errors, timeouts and interpreter crashes count as failures),
 * 2 for bad usage.
 *
 * micropython-lib's unittest lacks some CPython assertions; the runner adds
 * them (see mp/unittest_compat.py). A test that cannot run on MicroPython
 * says why: unittest.skipIf(sys.implementation.name == "micropython", "why").
 *
 * Measuring heap with --run. The WebAssembly port never raises MemoryError
 * (the heap grows on demand; the Pico has about 225 KiB) and it never
 * collects garbage in the middle of a top-level call: gc.collect() only
 * schedules a collection for when control is back in JavaScript. So
 * gc.mem_alloc() sampled inside a script counts everything allocated since
 * the script started, garbage included: an upper bound. For the live heap,
 * define a generator function steps() in the script: after the body has run,
 * the runner advances it with one top-level call per `yield`, collects
 * between steps, and prints on stderr the live peak (gc.mem_alloc() after a
 * full collection, above the baseline before the script) and the most that
 * any single step allocated. On a device, live peak plus largest step must
 * fit the budget. Example:
 *
 *   from pawtrack.rng import Rng
 *   def steps():
 *       rng = Rng(1)
 *       for _ in range(100):
 *           rng.below(6)
 *           yield
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { DEFAULT_FIRMWARE, DEFAULT_TESTS } from "./interp.mjs";
import { runPool } from "./pool.mjs";
import { moduleReport, totalsLine } from "./report.mjs";
import { runScript } from "./script_run.mjs";

const USAGE =
  "usage: node host_tools/mp/runner.mjs [--tests-dir DIR] [--firmware DIR] [--jobs N]\n" +
  "       [--timeout S] [-v] [test_file.py ...]\n" +
  "       node host_tools/mp/runner.mjs [--firmware DIR] --run SCRIPT.py [args ...]\n";

function usageError(message) {
  process.stderr.write(`runner: ${message}\n${USAGE}`);
  process.exit(2);
}

function parseArgs(argv) {
  const options = {
    testsDir: null,
    firmwareDir: DEFAULT_FIRMWARE,
    jobs: os.availableParallelism ? os.availableParallelism() : os.cpus().length,
    timeout: 300,
    verbose: false,
    files: [],
    run: null,
    runArgs: [],
  };
  const value = (i, flag) => {
    if (i + 1 >= argv.length) {
      usageError(`${flag} needs a value`);
    }
    return argv[i + 1];
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "--run") {
      options.run = value(i, arg);
      options.runArgs = argv.slice(i + 2);
      break;
    } else if (arg === "--tests-dir") {
      options.testsDir = path.resolve(value(i++, arg));
    } else if (arg === "--firmware") {
      options.firmwareDir = path.resolve(value(i++, arg));
    } else if (arg === "--jobs" || arg === "--timeout") {
      const number = Number(value(i++, arg));
      if (!(number > 0)) {
        usageError(`${arg} needs a positive number`);
      }
      options[arg === "--jobs" ? "jobs" : "timeout"] = number;
    } else if (arg === "-v" || arg === "--verbose") {
      options.verbose = true;
    } else if (arg === "-h" || arg === "--help") {
      process.stdout.write(USAGE);
      process.exit(0);
    } else if (arg.startsWith("-")) {
      usageError(`unknown option ${arg}`);
    } else {
      options.files.push(path.resolve(arg));
    }
  }
  return options;
}

function testFiles(options) {
  const files = [...options.files];
  if (options.testsDir || files.length === 0) {
    const dir = options.testsDir || DEFAULT_TESTS;
    if (!fs.existsSync(dir)) {
      usageError(`no such directory: ${dir}`);
    }
    const found = fs.readdirSync(dir).filter((n) => n.startsWith("test_") && n.endsWith(".py"));
    files.push(...found.sort().map((n) => path.join(dir, n)));
  }
  for (const file of files) {
    if (!fs.existsSync(file) || !file.endsWith(".py")) {
      usageError(`not a Python test file: ${file}`);
    }
  }
  if (files.length === 0) {
    usageError("no test files found");
  }
  return [...new Set(files)];
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  if (!fs.existsSync(options.firmwareDir)) {
    usageError(`no such firmware directory: ${options.firmwareDir}`);
  }
  if (options.run) {
    if (!fs.existsSync(options.run)) {
      usageError(`no such script: ${options.run}`);
    }
    return runScript({ script: options.run, args: options.runArgs, firmwareDir: options.firmwareDir });
  }
  const results = await runPool({
    files: testFiles(options),
    firmwareDir: options.firmwareDir,
    jobs: options.jobs,
    timeoutSeconds: options.timeout,
    onResult: (result) => process.stdout.write(moduleReport(result, options.verbose).join("\n") + "\n"),
  });
  process.stdout.write(totalsLine(results) + "\n");
  return results.some((r) => r.outcomes.some((o) => o.status === "fail")) ? 1 : 0;
}

process.exitCode = await main();
