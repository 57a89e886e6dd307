/**
 * Text report of test module results: one summary line per module, then its
 * skips (with reasons) and failures (with tracebacks and captured output),
 * and the closing totals line "MicroPython: N passed, N failed, N skipped".
 */

export function counts(outcomes) {
  const total = { pass: 0, fail: 0, skip: 0 };
  for (const outcome of outcomes) {
    total[outcome.status] += 1;
  }
  return total;
}

function indent(text, prefix = "    ") {
  return text
    .replace(/\s+$/, "")
    .split("\n")
    .map((line) => prefix + line)
    .join("\n");
}

/** Lines describing one module result. */
export function moduleReport(result, verbose = false) {
  const c = counts(result.outcomes);
  const lines = [
    `${result.module}: ${c.pass} passed, ${c.fail} failed, ${c.skip} skipped (${result.seconds.toFixed(1)} s)`,
  ];
  for (const outcome of result.outcomes) {
    if (outcome.status === "skip") {
      lines.push(`  SKIP ${result.module} ${outcome.id}: ${outcome.reason}`);
    } else if (outcome.status === "pass" && verbose) {
      lines.push(`  ok   ${result.module} ${outcome.id}`);
    }
  }
  for (const outcome of result.outcomes) {
    if (outcome.status !== "fail") {
      continue;
    }
    for (const [label, traceback] of outcome.details) {
      lines.push(`  FAIL ${result.module} ${outcome.id}${label}`);
      lines.push(indent(traceback));
    }
    if (outcome.output && outcome.output.trim()) {
      lines.push("    --- captured output ---");
      lines.push(indent(outcome.output));
    }
  }
  return lines;
}

export function totalsLine(results) {
  const total = counts(results.flatMap((r) => r.outcomes));
  return `MicroPython: ${total.pass} passed, ${total.fail} failed, ${total.skip} skipped`;
}
