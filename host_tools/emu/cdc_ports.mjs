// A USB host for a composite device with several CDC serial ports (CircuitPython's REPL
// console and its usb_cdc.data port), each served by a UsbSerial of usb_serial.mjs.
//
// rp2040js's USBCDC drives one port: it keeps the endpoints of the last CDC data
// interface in the configuration and opens (DTR) only interface 0. CircuitPython
// with usb_cdc.enable(console=True, data=True) has two CDC functions next to its
// drive, keyboard and MIDI interfaces. This host enumerates the device the same
// way (address, configuration descriptor, configuration 1), then opens every CDC
// port in turn with SET_CONTROL_LINE_STATE (DTR and RTS) on its communication
// interface. Bytes from a port's IN endpoint go to its UsbSerial; the device's
// reads of a port's OUT endpoint wait for host bytes there (UsbSerial.deliver).
// Ports are numbered in descriptor order: 0 is the console, 1 the data port.
//
// Like a real host, it sends a start-of-frame every millisecond once the bus is
// reset (rp2040js's controller makes SOFs only in host mode): CircuitPython
// enables the device SOF interrupt and, with its own tick stopped, counts on it
// to wake the core. Without it the core slept until the next USB transfer and
// the keypad scanner missed whole button presses. The flag is cleared by reading
// SOF_RD, as the RP2040 datasheet says.

const SETUP_SET_ADDRESS = [0x00, 5, 1, 0, 0, 0, 0, 0];
const SETUP_SET_CONFIGURATION = [0x00, 9, 1, 0, 0, 0, 0, 0];
const CONFIG_HEADER_BYTES = 9;
const CDC_COMM_CLASS = 2;
const CDC_DATA_CLASS = 10;
const DESCRIPTOR_INTERFACE = 4;
const DESCRIPTOR_ENDPOINT = 5;
const DTR_RTS = 3;
const SOF_RD = 0x48;
const INTR_DEV_SOF = 1 << 17;
const FRAME_NS = 1e6;

function getConfiguration(length) {
  return Uint8Array.from([0x80, 6, 0, 2, 0, 0, length & 0xff, length >> 8]);
}

function setControlLineState(commInterface) {
  return Uint8Array.from([0x21, 0x22, DTR_RTS, 0, commInterface, 0, 0, 0]);
}

/** [{comm, in, out}] for each CDC data interface of a configuration descriptor. */
export function cdcFunctions(descriptors) {
  const found = [];
  let comm = 0;
  let current = null;
  for (let i = 0; i + 1 < descriptors.length && descriptors[i] >= 2; i += descriptors[i]) {
    const type = descriptors[i + 1];
    if (type === DESCRIPTOR_INTERFACE) {
      const itfClass = descriptors[i + 5];
      current = null;
      if (itfClass === CDC_COMM_CLASS) {
        comm = descriptors[i + 2];
      } else if (itfClass === CDC_DATA_CLASS) {
        current = { comm, in: -1, out: -1 };
        found.push(current);
      }
    } else if (type === DESCRIPTOR_ENDPOINT && current && (descriptors[i + 3] & 3) === 2) {
      const address = descriptors[i + 2];
      if (address & 0x80) {
        current.in = address & 0xf;
      } else {
        current.out = address & 0xf;
      }
    }
  }
  return found;
}

export class CdcPorts {
  /** @param ports UsbSerial objects, in port order; onConnected(count) once the ports are open */
  constructor(ports, onConnected = null) {
    this.ports = ports;
    this.onConnected = onConnected;
    this.functions = [];
    this.descriptors = [];
  }

  get dropped() {
    return this.ports.reduce((sum, port) => sum + port.dropped, 0);
  }

  /** Connect to a (new) chip; the host enumerates it again. */
  attach(mcu) {
    const usb = mcu.usbCtrl;
    this.usb = usb;
    this.descriptors = [];
    this.descriptorBytes = null;
    this.functions = [];
    this.toOpen = [];
    this.state = 'address';
    for (const port of this.ports) {
      port.usb = usb;
      port.cdc = null; // no port until it is configured and opened
      port.input = [];
      port.waitingRead = null;
    }
    usb.onUSBEnabled = () => usb.resetDevice();
    usb.onResetReceived = () => {
      this.sof.schedule(FRAME_NS);
      usb.sendSetupPacket(Uint8Array.from(SETUP_SET_ADDRESS));
    };
    this.sof = mcu.clock.createAlarm(() => this.startOfFrame());
    const read = usb.readUint32.bind(usb);
    usb.readUint32 = (offset) => {
      if (offset === SOF_RD && usb.intRaw & INTR_DEV_SOF) {
        usb.intRaw &= ~INTR_DEV_SOF;
        usb.checkInterrupts();
      }
      return read(offset);
    };
    usb.onEndpointWrite = (endpoint, buffer) => this.fromDevice(endpoint, buffer);
    usb.onEndpointRead = (endpoint, size) => {
      const index = this.functions.findIndex((f) => f.out === endpoint);
      if (index >= 0 && index < this.ports.length) {
        const port = this.ports[index];
        port.waitingRead = { endpoint, size };
        port.deliver();
      }
    };
  }

  startOfFrame() {
    const usb = this.usb;
    usb.sofFrameNumber = ((usb.sofFrameNumber || 0) + 1) & 0x7ff;
    if (usb.intEnable & INTR_DEV_SOF) {
      usb.intRaw |= INTR_DEV_SOF;
      usb.checkInterrupts();
    }
    this.sof.schedule(FRAME_NS);
  }

  fromDevice(endpoint, buffer) {
    if (endpoint !== 0) {
      const index = this.functions.findIndex((f) => f.in === endpoint);
      if (index >= 0 && index < this.ports.length) {
        this.ports[index].output(buffer);
      }
      return;
    }
    const usb = this.usb;
    if (buffer.length === 0) {
      // the status stage of the last request
      if (this.state === 'address') {
        this.state = 'header';
        usb.sendSetupPacket(getConfiguration(CONFIG_HEADER_BYTES));
      } else if (this.state === 'configure' || this.state === 'open') {
        this.openNext();
      }
      return;
    }
    if (this.state === 'header' && buffer.length === CONFIG_HEADER_BYTES && buffer[1] === 2) {
      this.descriptorBytes = buffer[2] | (buffer[3] << 8);
      this.state = 'descriptors';
      usb.sendSetupPacket(getConfiguration(this.descriptorBytes));
    } else if (this.state === 'descriptors') {
      this.descriptors.push(...buffer);
      if (this.descriptors.length >= this.descriptorBytes) {
        this.functions = cdcFunctions(this.descriptors);
        this.toOpen = this.functions.map((f) => f.comm);
        this.state = 'configure';
        usb.sendSetupPacket(Uint8Array.from(SETUP_SET_CONFIGURATION));
      }
    }
  }

  openNext() {
    if (this.toOpen.length) {
      this.state = 'open';
      this.usb.sendSetupPacket(setControlLineState(this.toOpen.shift()));
      return;
    }
    if (this.state === 'open' || this.state === 'configure') {
      this.state = 'ready';
      this.functions.forEach((f, index) => {
        if (index < this.ports.length) {
          this.ports[index].cdc = { outEndpoint: f.out, inEndpoint: f.in };
        }
      });
      if (this.onConnected) {
        this.onConnected(this.functions.length);
      }
    }
  }

  /** Host bytes for a port (0: console). */
  send(bytes, port = 0) {
    this.ports[port].send(bytes);
  }

  poll() {
    let got = false;
    for (const port of this.ports) {
      got = port.poll() || got;
    }
    return got;
  }
}
