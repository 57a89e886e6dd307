// The Pico's USB serial port (CDC), as a host would see it.
//
// rp2040js's USBCDC enumerates the device. Its reader answers every OUT request
// at once, with an empty packet when the host has nothing to send, which wakes
// the firmware every few microseconds; here a request without host bytes waits
// until bytes come, so an idle firmware really idles (WFE) and the emulator
// skips the idle time. Host bytes come from a pseudo-terminal (the file
// descriptor of its main side, non-blocking, polled between slices) and from the
// control channel; what the device sends goes to the pseudo-terminal (kept in
// order, retried while the terminal's buffer is full) and to `onOutput`.

import fs from 'node:fs';
import { USBCDC } from 'rp2040js';

const MAX_BACKLOG = 1 << 20;

export class UsbSerial {
  constructor(ptyFd, onOutput) {
    this.ptyFd = ptyFd;
    this.onOutput = onOutput;
    this.input = []; // host -> device bytes not yet delivered
    this.backlog = []; // device -> pty chunks not yet written
    this.backlogBytes = 0;
    this.dropped = 0;
    this.readBuffer = Buffer.alloc(4096);
    this.cdc = null;
    this.usb = null;
    this.waitingRead = null;
  }

  /** Connect to a (new) chip: after a reset the host enumerates it again. */
  attach(mcu) {
    this.input = [];
    this.waitingRead = null;
    this.usb = mcu.usbCtrl;
    const cdc = new USBCDC(mcu.usbCtrl);
    this.cdc = cdc;
    cdc.onSerialData = (buffer) => this.output(buffer);
    this.usb.onEndpointRead = (endpoint, size) => {
      if (endpoint === cdc.outEndpoint) {
        this.waitingRead = { endpoint, size };
        this.deliver();
      }
    };
  }

  /** Host bytes (a Buffer or array) for the device. */
  send(bytes) {
    for (const b of bytes) {
      this.input.push(b);
    }
    this.deliver();
  }

  deliver() {
    const waiting = this.waitingRead;
    if (!waiting || !this.input.length || !this.cdc) {
      return;
    }
    this.waitingRead = null;
    const chunk = Uint8Array.from(this.input.splice(0, waiting.size));
    this.usb.endpointReadDone(waiting.endpoint, chunk);
  }

  output(buffer) {
    const data = Buffer.from(buffer);
    this.onOutput(data);
    if (this.ptyFd === null) {
      return;
    }
    this.backlog.push(data);
    this.backlogBytes += data.length;
    while (this.backlogBytes > MAX_BACKLOG) {
      const old = this.backlog.shift();
      this.backlogBytes -= old.length;
      this.dropped += old.length;
    }
    this.flush();
  }

  /** Write what waits for the pseudo-terminal, as far as it takes it now. */
  flush() {
    while (this.backlog.length) {
      const chunk = this.backlog[0];
      let written = 0;
      try {
        written = fs.writeSync(this.ptyFd, chunk);
      } catch (error) {
        if (error.code === 'EAGAIN') {
          return;
        }
        if (error.code === 'EIO') {
          // nobody has the terminal open: what is said now is lost, as on a port nobody opened
          this.backlog = [];
          this.backlogBytes = 0;
          return;
        }
        throw error;
      }
      this.backlogBytes -= written;
      if (written < chunk.length) {
        this.backlog[0] = chunk.subarray(written);
        return;
      }
      this.backlog.shift();
    }
  }

  /** Between slices: take what the host wrote to the pseudo-terminal, write out the backlog.
   * Returns true if host bytes came. */
  poll() {
    if (this.ptyFd === null) {
      return false;
    }
    this.flush();
    let got = false;
    for (;;) {
      let count = 0;
      try {
        count = fs.readSync(this.ptyFd, this.readBuffer, 0, this.readBuffer.length, null);
      } catch (error) {
        if (error.code === 'EAGAIN' || error.code === 'EIO') {
          break;
        }
        throw error;
      }
      if (count <= 0) {
        break;
      }
      got = true;
      this.send(this.readBuffer.subarray(0, count));
    }
    return got;
  }
}
