/**
 * Worker thread: runs the test modules it is sent, one fresh interpreter each,
 * and posts each result back (see module_run.mjs for its shape).
 */
import { parentPort } from "node:worker_threads";
import { runTestModule } from "./module_run.mjs";

parentPort.on("message", async (job) => {
  parentPort.postMessage(await runTestModule(job));
});
