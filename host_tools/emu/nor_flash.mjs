// Makes the emulated Pico's flash writable and counts what is written.
//
// rp2040js emulates reading the QSPI flash but not erasing or programming it.
// MicroPython erases and programs through the boot ROM's flash_range_erase
// ('R','E') and flash_range_program ('R','P'), found through the ROM's function
// table. Their first instructions are replaced by `BKPT #n; BX LR`, and the
// breakpoint handler does the NOR operation: erase sets whole 4 KiB sectors to
// 0xFF, program can only clear bits (new = old & data).
//
// Every operation is logged with its emulated start time and its modelled
// duration on a real chip (about 45 ms per sector erase and 0.6 ms per 256-byte
// page). By default the emulated clock advances by that duration inside the
// operation, as the real chip stalls there with interrupts off, so the timings
// measured on the emulator include flash time. With `recordData` a program
// operation also carries the bytes it was given (hex), so that the flash can be
// rebuilt on the host at any instant of a session (host_tools/emu/flash_log.py).

export const SECTOR_BYTES = 4096;
export const PAGE_BYTES = 256;
export const ERASE_NS_PER_SECTOR = 45e6;
export const PROGRAM_NS_PER_PAGE = 0.6e6;

const BKPT_ERASE = 0xe0;
const BKPT_PROGRAM = 0xe1;
const ROM_TABLE_POINTER = 0x14;

function romHalfword(mcu, address) {
  const word = mcu.bootrom[address >>> 2];
  return address & 2 ? word >>> 16 : word & 0xffff;
}

function setRomHalfword(mcu, address, value) {
  const index = address >>> 2;
  const word = mcu.bootrom[index];
  mcu.bootrom[index] = address & 2 ? (word & 0xffff) | (value << 16) : (word & 0xffff0000) | value;
}

/** The address of a ROM function from its two-letter code, through the ROM's table. */
export function romFunction(mcu, code) {
  const wanted = code.charCodeAt(0) | (code.charCodeAt(1) << 8);
  for (let entry = romHalfword(mcu, ROM_TABLE_POINTER); ; entry += 4) {
    const found = romHalfword(mcu, entry);
    if (!found) {
      throw new Error(`the boot ROM has no function '${code}'`);
    }
    if (found === wanted) {
      return romHalfword(mcu, entry + 2) & ~1;
    }
  }
}

export class NorFlash {
  /**
   * @param {object} options
   *   advanceClock: add the modelled time to the emulated clock (default true)
   *   onOperation(op): called with each finished (or cut) operation
   *   recordData: a program operation's report carries its source bytes (op.data, hex)
   */
  constructor(options = {}) {
    this.advanceClock = options.advanceClock !== false;
    this.recordData = options.recordData === true;
    this.onOperation = options.onOperation || (() => {});
    this.count = 0; // operations since the emulator started (power cuts included)
    this.cutPlan = null; // {afterOp: N} | {duringOp: N, fraction} | {atNs}
  }

  /** Patch a freshly loaded ROM so that erase and program land in handle(). */
  patchRom(mcu) {
    for (const [code, bkpt] of [
      ['RE', BKPT_ERASE],
      ['RP', BKPT_PROGRAM],
    ]) {
      const address = romFunction(mcu, code);
      setRomHalfword(mcu, address, 0xbe00 | bkpt); // BKPT #bkpt
      setRomHalfword(mcu, address + 2, 0x4770); // BX LR
    }
  }

  /**
   * Called from the core's breakpoint; `nowNs` is the emulated time on the global
   * timeline. Returns null for a breakpoint that is not ours, else
   * {stallNs, cutAtNs} where cutAtNs is set if the power goes during or right
   * after this operation (the flash then holds what a real chip would).
   */
  handle(mcu, code, nowNs) {
    if (code !== BKPT_ERASE && code !== BKPT_PROGRAM) {
      return null;
    }
    const regs = mcu.core.registers;
    const offset = regs[0] >>> 0;
    const erase = code === BKPT_ERASE;
    const bytes = (erase ? regs[1] : regs[2]) >>> 0;
    const source = regs[1] >>> 0;
    const unitBytes = erase ? SECTOR_BYTES : PAGE_BYTES;
    const units = Math.ceil(bytes / unitBytes);
    const durationNs = units * (erase ? ERASE_NS_PER_SECTOR : PROGRAM_NS_PER_PAGE);
    this.count += 1;
    const op = {
      index: this.count,
      op: erase ? 'erase' : 'program',
      offset,
      bytes,
      units,
      t_ns: nowNs,
      duration_ns: durationNs,
      cut: false,
    };
    const plan = this.cutPlan;
    let cutAtNs = null;
    let fraction = 1;
    if (plan) {
      if (plan.afterOp === this.count) {
        cutAtNs = nowNs + durationNs;
      } else if (plan.duringOp === this.count) {
        fraction = plan.fraction;
        cutAtNs = nowNs + Math.floor(durationNs * fraction);
      } else if (plan.atNs !== undefined && plan.atNs >= nowNs && plan.atNs < nowNs + durationNs) {
        fraction = (plan.atNs - nowNs) / durationNs; // atNs is whole: cutAtNs stays whole
        cutAtNs = plan.atNs;
      }
    }
    const done = fraction * bytes;
    if (!erase && this.recordData) {
      const data = Buffer.alloc(bytes);
      for (let i = 0; i < bytes; i++) {
        data[i] = mcu.readUint8(source + i);
      }
      op.data = data.toString('hex');
    }
    if (erase) {
      this.erase(mcu, offset, done, unitBytes);
    } else {
      this.program(mcu, offset, source, done);
    }
    if (fraction < 1) {
      op.cut = true;
      op.done_bytes = Math.floor(done);
    }
    this.onOperation(op);
    return {
      stallNs: this.advanceClock ? (cutAtNs === null ? durationNs : cutAtNs - nowNs) : 0,
      cutAtNs,
    };
  }

  /** Erase `done` bytes from offset: whole sectors to 0xFF; a sector whose erase was
   * cut holds 0xFF in its first part and its old bytes in the rest (a torn erase). */
  erase(mcu, offset, done, sectorBytes) {
    const flash = mcu.flash;
    const whole = Math.floor(done / sectorBytes) * sectorBytes;
    flash.fill(0xff, offset, offset + whole);
    const partial = Math.floor(done - whole);
    if (partial > 0) {
      flash.fill(0xff, offset + whole, offset + whole + partial);
    }
  }

  /** NOR program of the first `done` bytes: bits only go from 1 to 0. */
  program(mcu, offset, source, done) {
    const flash = mcu.flash;
    const count = Math.floor(done);
    for (let i = 0; i < count; i++) {
      flash[offset + i] &= mcu.readUint8(source + i);
    }
  }
}
