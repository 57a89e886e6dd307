// Devices on an emulated I2C bus, with the bus time at the configured frequency.
//
// rp2040js's I2C controller hands each bus phase (start, address, byte, stop) to
// hooks that must complete it. Here each phase completes after the time the
// real bus takes at the frequency the firmware set (SCL high + low counts of
// clk_sys): a start or stop takes one bit time, the address and each byte nine
// (eight bits and the acknowledge). Addresses listed in `devices` acknowledge;
// any other address gets a NACK, as on a bus with nothing there.
//
// Every write transaction is reported once it ends (stop), with the address, the
// bytes, whether it was acknowledged, and when each byte finished on the bus.

export class TimedI2CBus {
  /**
   * @param mcu the RP2040
   * @param index 0 or 1
   * @param devices Set of 7-bit addresses that answer
   * @param now () => emulated ns on the global timeline
   * @param report (transaction) => void
   */
  constructor(mcu, index, devices, now, report) {
    this.mcu = mcu;
    this.bus = mcu.i2c[index];
    this.index = index;
    this.devices = devices;
    this.now = now;
    this.report = report;
    this.pending = null;
    this.alarm = mcu.clock.createAlarm(() => {
      const action = this.pending;
      this.pending = null;
      action();
    });
    this.transaction = null;
    const bus = this.bus;
    bus.onStart = () => {
      this.finishTransaction();
      this.after(1, () => bus.completeStart());
    };
    bus.onConnect = (address, mode) => {
      const ack = this.devices.has(address);
      this.transaction = {
        bus: index,
        addr: address,
        read: mode === 1,
        ack,
        t0_ns: this.now(),
        bytes: [],
        times: [],
      };
      this.after(9, () => bus.completeConnect(ack));
    };
    bus.onWriteByte = (value) => {
      this.after(9, () => {
        const t = this.transaction;
        if (t) {
          t.bytes.push(value);
          t.times.push(this.now() - t.t0_ns);
        }
        bus.completeWrite(true);
      });
    };
    bus.onReadByte = () => {
      this.after(9, () => bus.completeRead(0));
    };
    bus.onStop = () => {
      this.after(1, () => {
        this.finishTransaction();
        bus.completeStop();
      });
    };
  }

  /** Nanoseconds of one SCL period at the frequency the firmware configured. */
  bitNs() {
    const cycles = this.bus.sclHighPeriod + this.bus.sclLowPeriod;
    return (cycles * 1e9) / this.mcu.clkSys;
  }

  after(bits, action) {
    this.pending = action;
    this.alarm.schedule(Math.round(bits * this.bitNs()));
  }

  finishTransaction() {
    const t = this.transaction;
    if (!t) {
      return;
    }
    this.transaction = null;
    t.t_end_ns = this.now();
    this.report(t);
  }
}
