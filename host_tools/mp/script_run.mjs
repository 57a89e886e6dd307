/**
 * --run mode: execute one Python script under MicroPython with the firmware
 * on sys.path, stream its output, and report heap use on stderr.
 *
 * The script runs as __main__ with sys.argv = [script, ...args]; *.py files
 * next to it are importable. See runner.mjs for how to measure the heap.
 */
import path from "node:path";
import { Output, repoPaths, startInterpreter } from "./interp.mjs";

const KIB = 1024;

function kib(bytes) {
  return `${(bytes / KIB).toFixed(1)} KiB`;
}

function stepCode() {
  return [
    "_pt_before = gc.mem_alloc()",
    "try:",
    "    next(_pt_gen)",
    "    _pt_done = False",
    "except StopIteration:",
    "    _pt_done = True",
    "_pt_after = gc.mem_alloc()",
    "gc.collect()",
  ].join("\n");
}

/** Advance the script's steps() generator one top-level call at a time. */
function runSteps(mp) {
  mp.runPython("_pt_gen = _pt_g['steps']()\ngc.collect()");
  const stats = { count: 0, peakLive: 0, peakAfter: 0, largestStep: 0 };
  for (;;) {
    mp.runPython(stepCode());
    const before = mp.globals.get("_pt_before");
    if (stats.count > 0 && before > stats.peakLive) {
      stats.peakLive = before;
      stats.peakAfter = stats.count;
    }
    if (mp.globals.get("_pt_done")) {
      return stats;
    }
    stats.count += 1;
    stats.largestStep = Math.max(stats.largestStep, mp.globals.get("_pt_after") - before);
  }
}

export async function runScript({ script, args, firmwareDir }) {
  const output = new Output(process.stdout);
  const scriptPath = path.resolve(script);
  const codeDir = path.dirname(scriptPath);
  const name = `/tests/${path.basename(scriptPath)}`;
  let mp;
  try {
    mp = await startInterpreter({ firmwareDir, codeDir, output });
    mp.runPython(`import gc, sys\nsys.argv[:] = ${JSON.stringify([name, ...args])}\ngc.collect()`);
    mp.runPython(
      `_pt_base = gc.mem_alloc()\n` +
        `_pt_g = {"__name__": "__main__", "__file__": ${JSON.stringify(name)}}\n` +
        `exec(compile(open(${JSON.stringify(name)}).read(), ${JSON.stringify(name)}, "exec"), _pt_g)\n` +
        `_pt_body = gc.mem_alloc() - _pt_base\n` +
        `_pt_has_steps = callable(_pt_g.get("steps"))\n` +
        `gc.collect()`,
    );
    mp.runPython("_pt_live = gc.mem_alloc()");
    const base = mp.globals.get("_pt_base");
    process.stderr.write(
      `heap: baseline ${kib(base)}; the script body allocated ${kib(mp.globals.get("_pt_body"))}` +
        ` (garbage included), live after it ${kib(mp.globals.get("_pt_live") - base)}\n`,
    );
    if (mp.globals.get("_pt_has_steps")) {
      const s = runSteps(mp);
      process.stderr.write(
        `heap: steps() ran ${s.count} steps; live peak ${kib(s.peakLive - base)} above baseline` +
          ` (after step ${s.peakAfter}); largest single step allocated ${kib(s.largestStep)}\n`,
      );
    }
    output.flush();
    return 0;
  } catch (error) {
    output.flush();
    const text = error && error.name === "PythonError" ? error.message : String(error && error.stack);
    const frames = text.split("\n").filter((line) => !line.includes('File "<stdin>"'));
    process.stderr.write(repoPaths(frames.join("\n"), firmwareDir, codeDir));
    return 1;
  }
}
