"""Every check in one command (what `make test` runs), with a summary at the end.

1. pytest on CPython (all of tests/ but tests/emu and tests/uf2; this includes
   tests/web, the web page in headless Chromium, which skips with its reason
   where no Chromium is installed),
   then the emulated-Pico tier (tests/emu: the stock MicroPython firmware on
   rp2040js), as two pytest processes side by side; it is skipped, with the
   reason, where the firmware files are absent,
2. the core tests again under MicroPython (WebAssembly) via host_tools.mp_tests,
   and the rp2 backend's tests (tests/device) on a stand-in machine module,
3. mpy-cross compiling every firmware file for the RP2040 (armv6m),
4. ruff, and the check that the generated font/icon modules match their art,
5. the one-file firmware (tests/uf2: `make uf2` for the Pico and the Pico 2,
   then what is in it). It needs the ARM toolchain and the MicroPython source,
   and says why it skips without them. It runs last and alone: run beside
   step 1 on two cores it slowed both.

Each step's output streams through; the summary lists the counts of each and
ends with one line "check: N passed, N failed" that CI reads.
"""

import os
import re
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PY = sys.executable
UF2_TESTS = "tests/uf2"
CP_EMU_TESTS = "tests/cp_emu"


def pytest_result(label, code, out, seconds):
    """A summary row from pytest's output (a tier that skips whole, with its reason, is ok)."""
    passed = count(r"(\d+) passed", out)
    failed = count(r"(\d+) failed", out) + count(r"(\d+) errors?", out)
    skipped = count(r"(\d+) skipped", out)
    ok = code == 0 and (passed > 0 or skipped > 0)
    if not ok and failed == 0:
        failed = 1  # pytest itself failed, or collected nothing
    return (label, ok, passed, failed, "%d skipped" % skipped, seconds)


def run(label, argv):
    """Run a step, echoing its output; returns (exit code, output, seconds)."""
    print("\n==> %s" % label, flush=True)
    start = time.monotonic()
    process = subprocess.Popen(
        argv, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
    )
    lines = []
    for line in process.stdout:
        sys.stdout.write(line)
        sys.stdout.flush()
        lines.append(line)
    code = process.wait()
    return code, "".join(lines), time.monotonic() - start


def count(pattern, text):
    found = re.findall(pattern, text)
    return int(found[-1]) if found else 0


# The emulated-Pico tier in two groups of about equal wall time, run side by side: the
# power-cut sessions, and every other test under tests/emu (so a new file there runs too).
EMU_POWER_CUTS = (
    "tests/emu/test_saved_games.py::"
    "test_power_cuts_across_a_session_resume_to_the_last_shown_state_or_one_past"
)
EMU_GROUPS = (
    ["tests/emu", "--deselect", EMU_POWER_CUTS],
    [EMU_POWER_CUTS],
)


def emulated_pico_tier(pytest):
    """Both groups at once (output kept, then shown); a summary row with the counts."""
    print("\n==> emulated Pico (stock MicroPython firmware on rp2040js), 2 processes", flush=True)
    start = time.monotonic()
    processes = [
        subprocess.Popen(
            pytest + ["-rsx", *group],
            cwd=ROOT,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )
        for group in EMU_GROUPS
    ]
    outputs = [p.communicate()[0] for p in processes]
    codes = [p.returncode for p in processes]
    text = "".join(outputs)
    sys.stdout.write(text)
    passed = sum(count(r"(\d+) passed", out) for out in outputs)
    failed = sum(count(r"(\d+) failed", out) + count(r"(\d+) errors?", out) for out in outputs)
    skipped = sum(count(r"(\d+) skipped", out) for out in outputs)
    xfailed = sum(count(r"(\d+) xfailed", out) for out in outputs)
    if any(code not in (0, 5) for code in codes) and failed == 0:
        failed = 1
    ok = failed == 0 and passed + skipped > 0
    note = "%d skipped %d xfail" % (skipped, xfailed)
    return ("emulated Pico tests", ok, passed, failed, note, time.monotonic() - start)


def main():
    results = []

    pytest = [PY, "-m", "pytest", "-p", "no:cacheprovider", "-rs"]
    later_tiers = ["--ignore=tests/emu", "--ignore", UF2_TESTS, "--ignore", CP_EMU_TESTS]
    code, out, seconds = run("pytest (CPython)", pytest + later_tiers)
    passed = count(r"(\d+) passed", out)
    failed = count(r"(\d+) failed", out) + count(r"(\d+) errors?", out)
    skipped = count(r"(\d+) skipped", out)
    ok = code == 0 and passed > 0
    if code != 0 and failed == 0:
        failed = 1
    results.append(("CPython tests", ok, passed, failed, "%d skipped" % skipped, seconds))

    results.append(emulated_pico_tier(pytest))

    # The stock CircuitPython 10.2.1 on the emulated Pico (skips, with the reason, without it).
    code, out, seconds = run("emulated CircuitPython (tests/cp_emu)", pytest + [CP_EMU_TESTS])
    results.append(pytest_result("CircuitPython emu", code, out, seconds))

    # The core tests, then the rp2 backend's tests on the stand-in machine module.
    for label, extra in (("MicroPython tests", []), ("MicroPython device", ["--tests-dir",
                                                                          "tests/device"])):
        argv = [PY, "-m", "host_tools.mp_tests"] + extra
        code, out, seconds = run(label + " (WebAssembly)", argv)
        match = re.findall(r"MicroPython: (\d+) passed, (\d+) failed, (\d+) skipped", out)
        mp_passed, mp_failed, mp_skipped = (int(v) for v in match[-1]) if match else (0, 1, 0)
        if code != 0 and mp_failed == 0:
            mp_failed = 1
        ok = code == 0 and mp_passed > 0
        results.append((label, ok, mp_passed, mp_failed, "%d skipped" % mp_skipped, seconds))

    code, out, seconds = run("mpy-cross (armv6m)", [PY, "-m", "host_tools.compile"])
    files = count(r"(\d+) files compiled", out)
    bad = count(r"compiled for \w+, (\d+) failed", out)
    if code != 0 and bad == 0:
        bad = 1
    results.append(("mpy-cross compile", code == 0, files, bad, "files", seconds))

    code, out, seconds = run("ruff", [PY, "-m", "ruff", "check", "."])
    art_code, art_out, art_seconds = run("generated art", [PY, "-m", "host_tools.art", "--check"])
    ruff_ok = code == 0 and art_code == 0
    seconds += art_seconds
    results.append(("ruff + art check", ruff_ok, int(ruff_ok), int(not ruff_ok), "", seconds))

    code, out, seconds = run("UF2 firmware (make uf2, tests/uf2)", pytest + [UF2_TESTS])
    results.append(pytest_result("UF2 firmware", code, out, seconds))
    reasons = re.findall(r"^SKIPPED \[\d+\] [^:]+:\d+: (.*)$", out, re.M)

    print("\n==> summary")
    total_passed = 0
    total_failed = 0
    for label, ok, passed, failed, note, seconds in results:
        print(
            "  %-20s %-4s %5d passed %3d failed  %-18s %6.1f s"
            % (label, "ok" if ok else "FAIL", passed, failed, note, seconds)
        )
        total_passed += passed
        total_failed += failed
    for reason in sorted(set(reasons)):
        print("  UF2 firmware skipped: %s" % reason)
    everything_ok = all(ok for _, ok, *_ in results)
    if not everything_ok and total_failed == 0:
        total_failed = 1
    print("check: %d passed, %d failed" % (total_passed, total_failed))
    return 0 if everything_ok else 1


if __name__ == "__main__":
    sys.exit(main())
