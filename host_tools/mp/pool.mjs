/**
 * Run test modules on a few worker threads, each module with a time limit.
 *
 * A module that exceeds the limit has its worker terminated (the only way to
 * stop a busy WebAssembly interpreter) and is reported as one failure; the
 * remaining modules go on on a new worker. Results are handed to onResult in
 * the order of the input files, as soon as that order allows.
 */
import { Worker } from "node:worker_threads";

const WORKER_URL = new URL("./worker.mjs", import.meta.url);

function moduleName(file) {
  return file.split(/[\\/]/).pop().replace(/\.py$/, "");
}

function failed(file, seconds, id, text) {
  return { module: moduleName(file), seconds, outcomes: [{ id, status: "fail", details: [["", text]] }] };
}

export function runPool({ files, firmwareDir, jobs, timeoutSeconds, onResult }) {
  return new Promise((resolve) => {
    const results = new Array(files.length);
    let next = 0;
    let reported = 0;

    const report = (index, result) => {
      results[index] = result;
      while (reported < files.length && results[reported] !== undefined) {
        onResult(results[reported]);
        reported += 1;
      }
      if (reported === files.length) {
        resolve(results);
      }
    };

    const startWorker = () => {
      const worker = new Worker(WORKER_URL);
      let index = -1;
      let timer = null;
      const feed = () => {
        if (next >= files.length) {
          worker.terminate();
          return;
        }
        index = next;
        next += 1;
        timer = setTimeout(() => {
          const lost = index;
          index = -1;
          worker.terminate();
          report(lost, failed(files[lost], timeoutSeconds, "(module)",
            `timed out after ${timeoutSeconds} s (raise it with --timeout)`));
          if (next < files.length) {
            startWorker();
          }
        }, timeoutSeconds * 1000);
        worker.postMessage({ file: files[index], firmwareDir });
      };
      worker.on("message", (result) => {
        clearTimeout(timer);
        const done = index;
        index = -1;
        feed();
        report(done, result);
      });
      worker.on("error", (error) => {
        clearTimeout(timer);
        if (index >= 0) {
          const lost = index;
          index = -1;
          worker.terminate();
          report(lost, failed(files[lost], 0, "(worker)", String(error.stack || error)));
          if (next < files.length) {
            startWorker();
          }
        }
      });
      feed();
    };

    if (files.length === 0) {
      resolve(results);
      return;
    }
    for (let i = 0; i < Math.min(jobs, files.length); i++) {
      startWorker();
    }
  });
}
