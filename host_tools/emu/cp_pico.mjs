// The emulated Pico of pico.mjs with what the stock CircuitPython firmware needs on top.
//
// Found by running CircuitPython 10.2.1 (raspberrypi port) on rp2040js 1.4:
// - PIO must keep time with the CPU. rp2040js runs a started PIO block from
//   setTimeout, 1000 instructions a tick, whatever the emulated clock does, and
//   one instruction per step whatever the clock divider. CircuitPython writes the
//   WS2812 strip with a PIO program (neopixel_write: 12.8 MHz, side-set on the
//   pin), so the strip's pulses only have their real widths when every state
//   machine gets clk_sys / CLKDIV cycles for each cycle the core spends. Here
//   the timer is switched off and `run` hands out the cycles.
// - The I2C lines need pull-ups and a target that answers bit by bit. busio.I2C
//   turns the pads' pulls off and refuses a bus whose lines then read low ("No
//   pull up found on SDA or SCL"); a write of no bytes (i2c.scan(), the probe of
//   adafruit_bus_device's I2CDevice) is clocked out by the CPU as open-drain GPIO,
//   because the I2C block cannot send one, and a device is there only if
//   something pulls SDA low in the acknowledge slot. `OpenDrainI2C` is that
//   something: both lines high unless a side pulls them low, and an
//   acknowledge for each address the bus has a device at.

import { Pico, settleWfi } from './pico.mjs';

const CYCLE_NS = 1e9 / 125e6;
const IDLE_PIO_CYCLES = 4; // while the core sleeps and PIO runs: time advances this much a step

/** SDA and SCL as wires with pull-ups; acknowledges the address byte of known devices. */
export class OpenDrainI2C {
  constructor(mcu, sda, scl, devices, onProbe) {
    this.gpio = mcu.gpio;
    this.sda = sda;
    this.scl = scl;
    this.devices = devices;
    this.onProbe = onProbe;
    this.holdSda = false; // the target pulls SDA low (its acknowledge)
    this.phase = 'idle'; // idle | address | data | ack
    this.bitCount = 0;
    this.value = 0;
    this.reading = false;
    this.wasScl = true;
    this.wasSda = true;
    this.gpio[sda].addListener(() => this.changed());
    this.gpio[scl].addListener(() => this.changed());
    this.changed();
  }

  /** True when the chip drives the pin low (an open-drain output enabled with value 0). */
  chipPulls(pin) {
    const g = this.gpio[pin];
    return g.outputEnable && !g.outputValue;
  }

  lines() {
    return {
      sda: !(this.holdSda || this.chipPulls(this.sda)),
      scl: !this.chipPulls(this.scl),
    };
  }

  changed() {
    const { sda, scl } = this.lines();
    if (scl && this.wasScl && sda !== this.wasSda) {
      // SDA moving while SCL is high: falling is a (repeated) start, rising a stop
      this.holdSda = false;
      this.phase = sda ? 'idle' : 'address';
      this.bitCount = 0;
      this.value = 0;
    } else if (scl && !this.wasScl) {
      if (this.phase === 'address' || this.phase === 'data') {
        this.value = ((this.value << 1) | (sda ? 1 : 0)) & 0xff;
        this.bitCount += 1;
      }
    } else if (!scl && this.wasScl) {
      this.fallingClock();
    }
    const now = this.lines();
    this.wasScl = now.scl;
    this.wasSda = now.sda;
    this.show(this.sda, now.sda);
    this.show(this.scl, now.scl);
  }

  fallingClock() {
    if ((this.phase === 'address' || this.phase === 'data') && this.bitCount === 8) {
      let ack = true; // a present target acknowledges every byte written to it
      if (this.phase === 'address') {
        const address = this.value >> 1;
        this.reading = (this.value & 1) === 1;
        ack = this.devices.has(address);
        this.onProbe({ address, read: this.reading, ack });
      }
      this.holdSda = ack;
      this.phase = ack ? 'ack' : 'idle';
    } else if (this.phase === 'ack') {
      this.holdSda = false;
      // bytes read at bit level are not served: SDA stays high (0xFF), as nothing drives it
      this.phase = this.reading ? 'idle' : 'data';
      this.bitCount = 0;
      this.value = 0;
    }
  }

  show(pin, level) {
    const g = this.gpio[pin];
    if (g.rawInputValue !== level) {
      g.setInputValue(level);
    }
  }
}

export class CircuitPythonPico extends Pico {
  powerOn(reason) {
    super.powerOn(reason);
    this.pioCredit = [new Float64Array(4), new Float64Array(4)];
    for (const pio of this.mcu.pio) {
      pio.run = () => {}; // no setTimeout loop: run() below steps PIO with the clock
    }
  }

  attachBoard(mcu) {
    super.attachBoard(mcu);
    const config = this.config;
    if (config.i2cPins) {
      const devices = new Set(config.oled ? [config.oledAddress] : []);
      this.wires = new OpenDrainI2C(mcu, config.i2cPins.sda, config.i2cPins.scl, devices, (p) =>
        this.sink.event({ ev: 'i2c_probe', ...p, t_ns: this.timeNs() }),
      );
    }
  }

  /** Give every running state machine the PIO cycles that `cycles` of clk_sys make. */
  stepPio(cycles) {
    const blocks = this.mcu.pio;
    for (let b = 0; b < 2; b++) {
      const pio = blocks[b];
      if (pio.stopped) {
        continue;
      }
      const credit = this.pioCredit[b];
      for (let i = 0; i < 4; i++) {
        const machine = pio.machines[i];
        if (!machine.enabled) {
          continue;
        }
        const divider = (machine.clockDivInt || 65536) + machine.clockDivFrac / 256;
        credit[i] += cycles / divider;
        // step() runs one instruction and adds its [delay] cycles to machine.cycles
        while (credit[i] >= 1) {
          const before = machine.cycles;
          machine.step();
          credit[i] -= Math.max(1, machine.cycles - before);
        }
      }
      pio.checkChangedPins();
    }
  }

  /** Pico.run, with PIO stepped from the CPU's cycles (see the top of this file). */
  run(stopNs, maxInstructions) {
    const core = this.mcu.core;
    const clock = this.clock;
    const stop = stopNs - this.offsetNs;
    const [pio0, pio1] = this.mcu.pio;
    let count = 0;
    let executed = 0;
    let outcome = 'stop';
    while (clock.nanosCounter < stop) {
      if (count >= maxInstructions) {
        outcome = 'slice';
        break;
      }
      const pioRuns = !pio0.stopped || !pio1.stopped;
      if (core.waiting) {
        const alarm = clock.nextAlarm;
        let to = alarm ? Math.min(alarm.nanos, stop) : stop;
        if (to === Infinity && !pioRuns) {
          outcome = 'idle';
          break;
        }
        if (pioRuns) {
          const stepNs = Math.max(CYCLE_NS, Math.min(to - clock.nanosCounter, IDLE_PIO_CYCLES * CYCLE_NS));
          this.stepPio(Math.max(1, Math.round(stepNs / CYCLE_NS)));
          to = clock.nanosCounter + stepNs;
        }
        clock.tick(Math.max(0, to - clock.nanosCounter));
        count += 1;
        continue;
      }
      const cycles = core.executeInstruction();
      settleWfi(core);
      if (pioRuns) {
        this.stepPio(cycles);
      }
      const target = clock.nanosCounter + cycles * CYCLE_NS;
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
