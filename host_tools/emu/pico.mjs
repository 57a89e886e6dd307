// One emulated Raspberry Pi Pico: the RP2040 of rp2040js with the stock
// MicroPython firmware, the boot ROM, writable flash, and the board's parts.
//
// A "chip" is built at every power-on (first start, watchdog or machine.reset(),
// power cut); the flash contents carry over, everything else starts afresh, and
// the chip's own clock starts at zero. Times reported to Python are on one
// timeline across power-ons: `timeNs()` = the start of this power-on + the chip
// clock.
//
// Gaps of rp2040js filled here (each found by running this firmware):
// - core 1 does not exist: MicroPython's soft reset releases core 1 from reset
//   and waits for it to push a 0 into the inter-core FIFO; the FIFO registers of
//   the SIO answer with that 0 when core 1 is released (PSM FRCE_OFF cleared);
// - the QSPI_SS pad (BOOTSEL button) reads high, i.e. not pressed;
// - the watchdog's reset (machine.reset(), a watchdog timeout) builds a new chip;
// - a WFI while an interrupt is already pending does not sleep (`wfiWakesAtOnce`).

import { RP2040 } from 'rp2040js';
import { loadUf2 } from './uf2.mjs';
import { NorFlash } from './nor_flash.mjs';
import { TimedI2CBus } from './i2c_bus.mjs';
import { Ws2812Decoder } from './ws2812.mjs';

export const FLASH_BYTES = 2 * 1024 * 1024;
const FLASH_START = 0x10000000;
const SIO_FIFO_ST = 0x50;
const SIO_FIFO_WR = 0x54;
const SIO_FIFO_RD = 0x58;
const SIO_GPIO_HI_IN = 0x08;
const QSPI_SS_BIT = 1 << 1;
const PSM_BASE = 0x40010000;
const PSM_FRCE_OFF = 0x04;
const PROC1 = 1 << 16;

const quietLogger = {
  debug() {},
  info() {},
  warn() {},
  error(component, message) {
    process.stderr.write(`rp2040js ${component}: ${message}\n`);
  },
};

const RAM_START = 0x20000000;

/** Stores to SRAM straight into its view: rp2040js looks for a peripheral first on
 * every 32-bit store, and stores are mostly to RAM (the stack and the heap). */
function fastMemory(mcu) {
  const sram = mcu.sramView;
  const ramEnd = RAM_START + mcu.sram.length;
  const write32 = mcu.writeUint32.bind(mcu);
  mcu.writeUint32 = (address, value) => {
    if (address >= RAM_START && address + 3 < ramEnd) {
      sram.setUint32(address - RAM_START, value, true);
    } else {
      write32(address, value);
    }
  };
}

const WFI = 0xbf30;

/**
 * True when the core has just gone to sleep on a WFI that the chip would not
 * sleep on: an enabled interrupt of a priority above the running code's is
 * already pending. A Cortex-M0+ leaves (or never enters) WFI then, even with
 * interrupts masked by PRIMASK; the interrupt is taken once they are unmasked.
 * rp2040js wakes its core only for an interrupt that becomes pending while it
 * sleeps, so one that arrives between `cpsid i` and `wfi` (CircuitPython's idle
 * does exactly that) was lost until another interrupt came: the board stopped
 * ticking, scanning its buttons and redrawing, while USB still woke it.
 */
export function wfiWakesAtOnce(core) {
  const pending = core.pendingInterrupts & core.enabledInterrupts;
  if (!pending || core.readUint16((core.PC - 2) & ~1) !== WFI) {
    return false;
  }
  const running = core.exceptionPriority(core.IPSR);
  for (let priority = 0; priority < running; priority++) {
    if (pending & core.interruptPriorities[priority]) {
      return true;
    }
  }
  return false;
}

/** After an instruction: undo a sleep the chip would not have gone into. */
export function settleWfi(core) {
  if (core.waiting && wfiWakesAtOnce(core)) {
    core.waiting = false;
    core.interruptsUpdated = true; // taken at the next instruction if unmasked
  }
}

export class Pico {
  /**
   * @param config {rom: Uint32Array, uf2: Buffer, flash: Uint8Array|null (2 MiB to start from),
   *   i2cBus, oledAddress, oled (bool), ledPin, buttonPins [] (inputs that follow their
   *   pulls unless driven low), advanceFlashClock, recordFlashData}
   * @param sink {event(object)} receives what the board does
   * @param serial a UsbSerial
   */
  constructor(config, sink, serial) {
    this.config = config;
    this.sink = sink;
    this.serial = serial;
    this.flash = new Uint8Array(FLASH_BYTES).fill(0xff);
    if (config.flash) {
      this.flash.set(config.flash.subarray(0, FLASH_BYTES));
    }
    loadUf2(config.uf2, this.flash);
    this.nor = new NorFlash({
      advanceClock: config.advanceFlashClock,
      recordData: config.recordFlashData,
      onOperation: (op) => sink.event({ ev: 'flash', ...op, t_ns: op.t_ns }),
    });
    this.offsetNs = 0;
    this.driven = new Map(); // button pin -> true while held low
    this.mcu = null;
    this.clock = null;
    this.boots = 0;
    this.interrupted = false; // set inside an instruction: look at the flags below
    this.stallNs = 0;
    this.cutAtNs = null;
    this.resetReason = null;
    this.instructions = 0;
  }

  timeNs() {
    return this.offsetNs + this.clock.nanosCounter;
  }

  /** Build a new chip from the flash contents and start it at boot2. */
  powerOn(reason) {
    if (this.mcu) {
      this.flash.set(this.mcu.flash.subarray(0, FLASH_BYTES));
      this.offsetNs = this.timeNs();
    }
    const mcu = new RP2040(); // with its own SimulationClock, from zero
    const clock = mcu.clock;
    mcu.logger = quietLogger;
    mcu.loadBootrom(this.config.rom);
    mcu.flash.set(this.flash);
    this.nor.patchRom(mcu);
    this.mcu = mcu;
    this.clock = clock;
    this.fillGaps(mcu);
    fastMemory(mcu);
    this.attachBoard(mcu);
    this.serial.attach(mcu);
    mcu.core.PC = FLASH_START;
    this.boots += 1;
    this.sink.event({ ev: 'boot', reason, t_ns: this.offsetNs, boots: this.boots });
  }

  fillGaps(mcu) {
    const sio = mcu.sio;
    const fifo = [];
    const sioRead = sio.readUint32.bind(sio);
    const sioWrite = sio.writeUint32.bind(sio);
    sio.readUint32 = (offset) => {
      switch (offset) {
        case SIO_FIFO_ST:
          return (fifo.length ? 1 : 0) | 2; // VLD when a word waits, RDY always
        case SIO_FIFO_RD:
          return fifo.length ? fifo.shift() : 0;
        case SIO_GPIO_HI_IN:
          return sioRead(offset) | QSPI_SS_BIT;
        default:
          return sioRead(offset);
      }
    };
    sio.writeUint32 = (offset, value) => {
      if (offset === SIO_FIFO_WR) {
        return; // to core 1, which does not exist
      }
      sioWrite(offset, value);
    };
    const psm = mcu.findPeripheral(PSM_BASE);
    const psmWrite = psm.writeUint32.bind(psm);
    psm.writeUint32 = (offset, value) => {
      const before = psm.frceOff;
      psmWrite(offset, value);
      if (offset === PSM_FRCE_OFF && before & PROC1 && !(psm.frceOff & PROC1)) {
        fifo.push(0); // core 1 "boots" and says it is ready
        mcu.core.eventRegistered = true;
      }
    };
    const watchdog = mcu.findPeripheral(0x40058000);
    watchdog.onWatchdogTrigger = () => {
      this.resetReason = watchdog.reason === 1 ? 'watchdog timeout' : 'watchdog reset';
      this.interrupted = true;
    };
    mcu.onBreak = (code) => {
      const result = this.nor.handle(mcu, code, this.timeNs());
      if (!result) {
        this.sink.event({ ev: 'break', code, pc: mcu.core.PC, t_ns: this.timeNs() });
        return;
      }
      this.stallNs += result.stallNs;
      this.cutAtNs = result.cutAtNs;
      this.interrupted = true;
    };
  }

  attachBoard(mcu) {
    const config = this.config;
    const now = () => this.timeNs();
    const devices = new Set(config.oled ? [config.oledAddress] : []);
    this.i2c = new TimedI2CBus(mcu, config.i2cBus, devices, now, (t) =>
      this.sink.event({
        ev: 'i2c',
        bus: t.bus,
        addr: t.addr,
        read: t.read,
        ack: t.ack,
        t0_ns: t.t0_ns,
        t_end_ns: t.t_end_ns,
        data: Buffer.from(t.bytes).toString('hex'),
        times: t.times,
      }),
    );
    if (config.ledPin !== null && config.ledPin !== undefined) {
      this.strip = new Ws2812Decoder(mcu, config.ledPin, now, (frame) =>
        this.sink.event({
          ev: 'led',
          pin: frame.pin,
          t_ns: frame.t_ns,
          grb: Buffer.from(frame.bytes).toString('hex'),
          stray_bits: frame.stray_bits,
        }),
      );
    }
    for (const pin of config.buttonPins) {
      mcu.gpio[pin].addListener(() => this.applyPin(pin));
      this.applyPin(pin);
    }
  }

  /** A button pin's level: low while held, else what the pad's pull makes it. */
  applyPin(pin) {
    const gpio = this.mcu.gpio[pin];
    let level;
    if (this.driven.get(pin)) {
      level = false;
    } else if (gpio.pullupEnabled) {
      level = true;
    } else if (gpio.pulldownEnabled) {
      level = false;
    } else {
      level = gpio.rawInputValue; // floating: stays where it was
    }
    if (level !== gpio.rawInputValue) {
      gpio.setInputValue(level);
    }
  }

  setButton(pin, held) {
    this.driven.set(pin, held);
    this.applyPin(pin);
  }

  /**
   * Run instructions until the global time reaches stopNs or `maxInstructions`
   * ran, skipping time the core sleeps (WFE/WFI) up to the next alarm. Returns
   * 'stop' (time reached), 'slice' (instruction budget spent), 'idle' (asleep
   * with nothing that could wake it before stopNs was Infinity), 'reset' (the chip
   * must be rebuilt: see resetReason) or 'cut' (a power cut inside a flash
   * operation at cutAtNs).
   */
  run(stopNs, maxInstructions) {
    const core = this.mcu.core;
    const clock = this.clock;
    const cycleNs = 1e9 / 125e6;
    const stop = stopNs - this.offsetNs;
    let count = 0;
    let executed = 0;
    let outcome = 'stop';
    while (clock.nanosCounter < stop) {
      if (count >= maxInstructions) {
        outcome = 'slice';
        break;
      }
      if (core.waiting) {
        const alarm = clock.nextAlarm;
        const to = alarm ? Math.min(alarm.nanos, stop) : stop;
        if (to === Infinity) {
          outcome = 'idle';
          break;
        }
        clock.tick(Math.max(0, to - clock.nanosCounter));
        count += 1;
        continue;
      }
      const target = clock.nanosCounter + core.executeInstruction() * cycleNs;
      settleWfi(core);
      const alarm = clock.nextAlarm;
      if (alarm === null || alarm.nanos > target) {
        clock.nanosCounter = target;
      } else {
        clock.tick(target - clock.nanosCounter);
      }
      count += 1;
      executed += 1;
      if (this.interrupted) {
        this.interrupted = false;
        if (this.stallNs) {
          clock.tick(this.stallNs);
          this.stallNs = 0;
        }
        if (this.cutAtNs !== null) {
          outcome = 'cut';
          break;
        }
        if (this.resetReason) {
          outcome = 'reset';
          break;
        }
      }
    }
    this.instructions += executed;
    return outcome;
  }
}
