// Decodes the WS2812 bitstream on one GPIO into frames of GRB bytes.
//
// MicroPython's neopixel module bit-bangs the strip (machine.bitstream). Each
// bit is a high pulse: longer than about 0.6 us is a 1, shorter a 0. Bits are
// collected MSB first into bytes; a low gap of 50 us or more ends the frame (the
// strip latches), which is then reported with the time of its last edge.

const ONE_THRESHOLD_NS = 600;
const LATCH_NS = 50000;

export class Ws2812Decoder {
  constructor(mcu, pin, now, report) {
    this.now = now;
    this.report = report;
    this.pin = pin;
    this.rise = null;
    this.lastFall = null;
    this.bits = [];
    this.latch = mcu.clock.createAlarm(() => this.flush());
    mcu.gpio[pin].addListener((state) => this.edge(state));
  }

  edge(state) {
    const t = this.now();
    if (state === 1) {
      this.rise = t;
    } else if (state === 0 && this.rise !== null) {
      this.bits.push(t - this.rise > ONE_THRESHOLD_NS ? 1 : 0);
      this.rise = null;
      this.lastFall = t;
      this.latch.schedule(LATCH_NS);
    }
  }

  flush() {
    if (!this.bits.length) {
      return;
    }
    const bytes = [];
    for (let i = 0; i + 8 <= this.bits.length; i += 8) {
      let value = 0;
      for (let b = 0; b < 8; b++) {
        value = (value << 1) | this.bits[i + b];
      }
      bytes.push(value);
    }
    this.report({ pin: this.pin, t_ns: this.lastFall, bytes, stray_bits: this.bits.length % 8 });
    this.bits = [];
  }
}
