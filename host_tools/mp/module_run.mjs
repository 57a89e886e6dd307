/**
 * Run one test module in a fresh MicroPython interpreter and return a plain
 * result object (safe to post between worker threads):
 *
 *   { module, seconds, outcomes: [{ id, status: "pass"|"fail"|"skip",
 *     reason?, details: [[subtestLabel, traceback]], output? }] }
 *
 * An import error, a Python exception escaping the driver or a crash of the
 * interpreter itself all become "fail" outcomes with their message.
 */
import path from "node:path";
import { callJson, Output, repoPaths, startInterpreter } from "./interp.mjs";

function failure(id, text, output = "") {
  return { id, status: "fail", details: [["", text]], output };
}

function describe(error) {
  if (error && error.name === "PythonError") {
    return error.message;
  }
  return `interpreter crashed: ${error && error.stack ? error.stack : error}`;
}

export async function runTestModule({ file, firmwareDir }) {
  const started = performance.now();
  const codeDir = path.dirname(path.resolve(file));
  const module = path.basename(file, ".py");
  const output = new Output();
  const outcomes = [];
  const fixPaths = (text) => repoPaths(text, firmwareDir, codeDir);
  const record = (produced, text) => {
    for (const outcome of produced) {
      outcome.details = outcome.details.map(([label, tb]) => [label, fixPaths(tb)]);
      if (outcome.status === "fail") {
        outcome.output = text;
      }
      outcomes.push(outcome);
    }
  };
  let crashed = false;
  try {
    const mp = await startInterpreter({ firmwareDir, codeDir, output });
    mp.runPython("from pawtrack_runner import driver as _pt_driver");
    const loaded = callJson(mp, `_pt_driver.load(${JSON.stringify(module)})`);
    if (!loaded.ok) {
      outcomes.push(failure("(import)", fixPaths(loaded.error), output.take()));
    } else if (loaded.skip !== undefined) {
      outcomes.push({ id: "(module)", status: "skip", reason: loaded.skip, details: [] });
    }
    const tests = loaded.ok ? loaded.tests : [];
    for (let i = 0; i < tests.length; i++) {
      output.take();
      let produced;
      try {
        produced = callJson(mp, `_pt_driver.run_one(${i})`);
      } catch (error) {
        outcomes.push(failure(tests[i], fixPaths(describe(error)), output.take()));
        if (error && error.name === "PythonError") {
          continue;
        }
        crashed = true;
        for (const rest of tests.slice(i + 1)) {
          outcomes.push(failure(rest, "not run: the interpreter crashed in an earlier test"));
        }
        break;
      }
      record(produced, output.take());
    }
    if (loaded.ok && !crashed) {
      output.take();
      record(callJson(mp, "_pt_driver.finish()"), output.take());
    }
  } catch (error) {
    outcomes.push(failure("(runner)", fixPaths(describe(error)), output.take()));
  }
  return { module, seconds: (performance.now() - started) / 1000, outcomes };
}
