// The emulated Pico's Node process: runs the chip and talks JSON lines with Python.
//
//   node host_tools/emu/main.mjs '<config JSON>'
//
// Config: firmware, bootrom (paths), flash_image (path of 2 MiB to start from, or
// null), fs_image (path of a LittleFS image to put at fs_offset, or null),
// pty_fd (the main side of a pseudo-terminal, non-blocking, or null), i2c_bus,
// oled_address, oled, led_pin, button_pins, advance_flash_clock, record_flash_data;
// runtime "circuitpython" (cp_pico.mjs: PIO stepped with the clock, I2C lines with
// pull-ups given by i2c_pins {sda, scl}, and the USB host of cdc_ports.mjs with the
// REPL console as port 0 and usb_cdc.data as port 1, data_pty_fd its pseudo-terminal).
//
// Commands (stdin, one JSON object a line; "id" is echoed in the answer):
//   {"cmd": "run", "until_ns": T}       run until the emulated time T, answer {"ev": "ran"}
//   {"cmd": "free", "realtime": true}   run on and on (paced to the wall clock if realtime)
//   {"cmd": "pause"}                    stop running freely, answer {"ev": "paused"}
//   {"cmd": "pin", "pin": P, "held": bool, "at_ns": T}   a button pressed or released at T
//                                       (answers at_ns: when, on the board's clock; now if T passed)
//   {"cmd": "serial", "data": "<hex>", "port": 0|1}  bytes typed to a USB serial port
//   {"cmd": "cut", "at_ns": T | "after_op": N | "during_op": N, "fraction": F, "off_ns": D}
//   {"cmd": "save_flash", "path": P}    write the 2 MiB flash to a file
//   {"cmd": "stats"}                    instructions, wall time, emulated time
//   {"cmd": "quit"}
// Events (stdout): boot, serial (with "port" on CircuitPython's data port), i2c, led,
// flash, cut, break, usb (CircuitPython: the ports are open), i2c_probe, and the answers.

import fs from 'node:fs';
import readline from 'node:readline';
import { Pico, FLASH_BYTES } from './pico.mjs';
import { UsbSerial } from './usb_serial.mjs';
import { CircuitPythonPico } from './cp_pico.mjs';
import { CdcPorts } from './cdc_ports.mjs';

// rp2040js and Node may print: keep stdout for the JSON lines only.
console.log = (...args) => process.stderr.write(args.join(' ') + '\n');
console.info = console.log;
console.warn = () => {};

const SLICE_INSTRUCTIONS = 200000;
const REALTIME_SLACK_NS = 5e6;

function send(object) {
  process.stdout.write(JSON.stringify(object) + '\n');
}

const config = JSON.parse(process.argv[2]);
const romBytes = fs.readFileSync(config.bootrom);
const rom = new Uint32Array(romBytes.buffer, romBytes.byteOffset, romBytes.length / 4);
let flash = null;
if (config.flash_image) {
  flash = new Uint8Array(fs.readFileSync(config.flash_image));
}
if (config.fs_image) {
  flash = flash || new Uint8Array(FLASH_BYTES).fill(0xff);
  flash.set(fs.readFileSync(config.fs_image), config.fs_offset);
}

const circuitpython = config.runtime === 'circuitpython';
let serial = new UsbSerial(config.pty_fd ?? null, (data) =>
  send({ ev: 'serial', t_ns: pico.timeNs(), data: data.toString('hex') }),
);
if (circuitpython) {
  const dataPort = new UsbSerial(config.data_pty_fd ?? null, (data) =>
    send({ ev: 'serial', port: 1, t_ns: pico.timeNs(), data: data.toString('hex') }),
  );
  serial = new CdcPorts([serial, dataPort], (count) =>
    send({ ev: 'usb', ports: count, t_ns: pico.timeNs() }),
  );
}
const Board = circuitpython ? CircuitPythonPico : Pico;
const pico = new Board(
  {
    rom,
    uf2: fs.readFileSync(config.firmware),
    flash,
    i2cBus: config.i2c_bus,
    oledAddress: config.oled_address,
    oled: config.oled,
    ledPin: config.led_pin,
    buttonPins: config.button_pins,
    advanceFlashClock: config.advance_flash_clock,
    recordFlashData: config.record_flash_data === true,
    i2cPins: config.i2c_pins ?? null,
  },
  { event: send },
  serial,
);
pico.powerOn('power');

// -- the schedule: pin changes and power cuts at chosen instants --------------------------

let scheduled = []; // {at_ns, apply()} sorted by time
let cutPlan = null; // {at_ns} for a cut between flash operations; flash cuts live in pico.nor
let target = null; // {until_ns, id} or {free: true, realtime, id}
let wallStart = 0;
let emuStart = 0;
let wallInRun = 0;
let idleTimer = null;
let lastTimeReport = 0;

function schedule(atNs, apply) {
  scheduled.push({ at_ns: atNs, apply });
  scheduled.sort((a, b) => a.at_ns - b.at_ns);
}

function nextScheduledNs() {
  let next = scheduled.length ? scheduled[0].at_ns : Infinity;
  if (cutPlan && cutPlan.at_ns !== undefined) {
    next = Math.min(next, cutPlan.at_ns);
  }
  return next;
}

function powerCut(offNs, where) {
  const at = pico.timeNs();
  send({ ev: 'cut', t_ns: at, where, off_ns: offNs });
  pico.nor.cutPlan = null;
  cutPlan = null;
  pico.cutAtNs = null;
  pico.stallNs = 0;
  // The board is off for offNs: pins scheduled in that time find no chip to act on.
  pico.offsetNs = at + offNs - pico.clock.nanosCounter;
  pico.powerOn('cut');
}

function dueNow() {
  const now = pico.timeNs();
  while (scheduled.length && scheduled[0].at_ns <= now) {
    scheduled.shift().apply();
  }
  if (cutPlan && cutPlan.at_ns !== undefined && cutPlan.at_ns <= now) {
    powerCut(cutPlan.off_ns || 0, 'at');
  }
}

function loop() {
  if (!target) {
    return;
  }
  const started = performance.now();
  serial.poll();
  dueNow();
  let stopNs = Math.min(nextScheduledNs(), target.free ? Infinity : target.until_ns);
  if (target.free && target.realtime) {
    // whole nanoseconds: a fractional clock would make V8 box every clock value (slow)
    const allowed = Math.floor(emuStart + (performance.now() - wallStart) * 1e6 + REALTIME_SLACK_NS);
    stopNs = Math.min(stopNs, allowed);
  }
  const outcome = stopNs > pico.timeNs() ? pico.run(stopNs, SLICE_INSTRUCTIONS) : 'stop';
  if (outcome === 'cut') {
    powerCut(pico.nor.lastOffNs || 0, 'flash operation');
  } else if (outcome === 'reset') {
    const reason = pico.resetReason;
    pico.resetReason = null;
    pico.powerOn(reason);
  }
  dueNow();
  serial.poll();
  wallInRun += performance.now() - started;
  if (!target.free && pico.timeNs() >= target.until_ns) {
    const id = target.id;
    target = null;
    send({ ev: 'ran', id, t_ns: pico.timeNs() });
    return;
  }
  if (target.free && performance.now() - lastTimeReport > 20) {
    lastTimeReport = performance.now();
    send({ ev: 'time', t_ns: pico.timeNs() }); // lets Python close panel updates while free
  }
  if (outcome === 'idle' || (target.free && target.realtime && pico.timeNs() >= stopNs)) {
    // nothing to do until the wall clock (or host input) catches up
    idleTimer = setTimeout(loop, 1);
    return;
  }
  setImmediate(loop);
}

function start(newTarget) {
  const wasRunning = target !== null;
  target = newTarget;
  wallStart = performance.now();
  emuStart = pico.timeNs();
  if (!wasRunning) {
    setImmediate(loop);
  }
}

// -- commands ---------------------------------------------------------------------------

function handle(message) {
  const id = message.id;
  switch (message.cmd) {
    case 'run':
      start({ until_ns: message.until_ns, id });
      return;
    case 'free':
      start({ free: true, realtime: message.realtime !== false, id });
      send({ ev: 'free', id, t_ns: pico.timeNs() });
      return;
    case 'pause':
      if (idleTimer) {
        clearTimeout(idleTimer);
        idleTimer = null;
      }
      target = null;
      send({ ev: 'paused', id, t_ns: pico.timeNs() });
      return;
    case 'pin': {
      const now = pico.timeNs();
      const at = message.at_ns ?? now;
      const apply = () => pico.setButton(message.pin, message.held);
      if (at <= now) {
        apply();
      } else {
        schedule(at, apply);
      }
      send({ ev: 'ok', id, at_ns: Math.max(at, now) }); // when it happens on the board's clock
      return;
    }
    case 'serial':
      if (circuitpython) {
        serial.send(Buffer.from(message.data, 'hex'), message.port ?? 0);
      } else {
        serial.send(Buffer.from(message.data, 'hex'));
      }
      send({ ev: 'ok', id });
      return;
    case 'cut': {
      const off = message.off_ns || 0;
      pico.nor.lastOffNs = off;
      if (message.cancel) {
        pico.nor.cutPlan = null;
        cutPlan = null;
      } else if (message.after_op !== undefined) {
        pico.nor.cutPlan = { afterOp: message.after_op };
      } else if (message.during_op !== undefined) {
        pico.nor.cutPlan = { duringOp: message.during_op, fraction: message.fraction ?? 0.5 };
      } else {
        pico.nor.cutPlan = { atNs: message.at_ns };
        cutPlan = { at_ns: message.at_ns, off_ns: off };
      }
      send({ ev: 'ok', id });
      return;
    }
    case 'save_flash':
      fs.writeFileSync(message.path, pico.mcu.flash.subarray(0, FLASH_BYTES));
      send({ ev: 'saved', id, path: message.path });
      return;
    case 'stats':
      send({
        ev: 'stats',
        id,
        t_ns: pico.timeNs(),
        instructions: pico.instructions,
        wall_ms: wallInRun,
        boots: pico.boots,
        flash_ops: pico.nor.count,
        serial_dropped: serial.dropped,
      });
      return;
    case 'quit':
      process.exit(0);
      return;
    default:
      send({ ev: 'error', id, reason: `unknown command ${message.cmd}` });
  }
}

const lines = readline.createInterface({ input: process.stdin });
lines.on('line', (line) => {
  if (line.trim()) {
    handle(JSON.parse(line));
  }
});
lines.on('close', () => process.exit(0));
send({ ev: 'ready', t_ns: pico.timeNs() });
