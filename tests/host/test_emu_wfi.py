"""The emulated core sleeps on WFI only when the chip would (host_tools/emu/pico.mjs).

CircuitPython's idle masks interrupts (``cpsid i``), checks for work, then
runs ``wfi``. On the chip an interrupt that arrived in between keeps the core
awake; rp2040js's core goes to sleep anyway and waits for another interrupt,
which stopped the emulated CircuitPython board's ticks, button scans and
redraws in the middle of a game. ``settleWfi`` puts that right. These run the
few instructions on rp2040js's own core with Node.js (no firmware needed).
"""

import json
import os
import shutil
import subprocess

import pytest

from host_tools.emu import firmware

HERE = os.path.join(firmware.ROOT, "host_tools", "emu")
NEEDS = None
if shutil.which("node") is None:
    NEEDS = "needs Node.js (node) on the PATH"
elif not os.path.isfile(firmware.RP2040JS):
    NEEDS = "needs rp2040js in node_modules: run make setup"

SCRIPT = """
import { RP2040 } from 'rp2040js';
import { settleWfi } from '%s';
const [program, pendingAt, settle] = JSON.parse(process.argv[1]);
const mcu = new RP2040();
const core = mcu.core;
program.forEach((op, i) => mcu.sramView.setUint16(2 * i, op, true));
core.PC = 0x20000000;
core.enabledInterrupts = 1;  // TIMER_0's line enabled in the NVIC
const after = [];
for (let i = 0; i < program.length; i++) {
  if (i === pendingAt) core.setInterrupt(0, true);
  core.executeInstruction();
  if (settle) settleWfi(core);
  after.push({ waiting: core.waiting, handler: core.IPSR !== 0 });
}
console.log(JSON.stringify(after));
"""
CPSID, CPSIE, WFI, NOP = 0xB672, 0xB662, 0xBF30, 0xBF00


def run(program, pending_at, settle):
    script = SCRIPT % os.path.join(HERE, "pico.mjs")
    result = subprocess.run(
        ["node", "--input-type=module", "-e", script, json.dumps([program, pending_at, settle])],
        capture_output=True, text=True, cwd=firmware.ROOT, timeout=60, check=True,
    )  # fmt: skip
    return json.loads(result.stdout)


@pytest.mark.skipif(NEEDS is not None, reason=NEEDS or "")
def test_an_interrupt_pending_before_wfi_keeps_the_core_awake_and_is_taken_when_unmasked():
    # the interrupt arrives after cpsid, before wfi
    steps = run([CPSID, NOP, WFI, CPSIE, NOP], pending_at=1, settle=True)
    assert [s["waiting"] for s in steps] == [False, False, False, False, False]
    assert steps[2]["handler"] is False  # masked: not taken at the wfi
    assert steps[4]["handler"] is True  # taken once cpsie unmasked it


@pytest.mark.skipif(NEEDS is not None, reason=NEEDS or "")
def test_without_the_fix_rp2040js_sleeps_through_it():
    # What settleWfi is there for; if rp2040js ever wakes by itself, this says so.
    steps = run([CPSID, NOP, WFI, CPSIE, NOP], pending_at=1, settle=False)
    assert steps[2]["waiting"] is True


@pytest.mark.skipif(NEEDS is not None, reason=NEEDS or "")
def test_wfi_with_nothing_pending_still_sleeps():
    steps = run([CPSID, NOP, WFI], pending_at=None, settle=True)
    assert steps[2]["waiting"] is True
