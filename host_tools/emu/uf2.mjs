// Reads a UF2 file (the format a Pico takes in BOOTSEL mode) into flash.
// Each 512-byte block holds a target address and up to 476 bytes of payload.

const UF2_MAGIC_START0 = 0x0a324655;
const UF2_MAGIC_START1 = 0x9e5d5157;
const UF2_MAGIC_END = 0x0ab16f30;
const FLASH_BASE = 0x10000000;

/** Writes every block of `data` (a Buffer) into `flash` (a Uint8Array at FLASH_BASE);
 * returns the number of blocks written. Throws on a file that is not UF2. */
export function loadUf2(data, flash) {
  let blocks = 0;
  for (let offset = 0; offset + 512 <= data.length; offset += 512) {
    const view = new DataView(data.buffer, data.byteOffset + offset, 512);
    const ok =
      view.getUint32(0, true) === UF2_MAGIC_START0 &&
      view.getUint32(4, true) === UF2_MAGIC_START1 &&
      view.getUint32(508, true) === UF2_MAGIC_END;
    if (!ok) {
      throw new Error(`not a UF2 block at byte ${offset}`);
    }
    const target = view.getUint32(12, true);
    const size = view.getUint32(16, true);
    const start = target - FLASH_BASE;
    if (start < 0 || start + size > flash.length) {
      throw new Error(`UF2 block for 0x${target.toString(16)} is outside the flash`);
    }
    flash.set(data.subarray(offset + 32, offset + 32 + size), start);
    blocks += 1;
  }
  if (!blocks) {
    throw new Error('the UF2 file holds no block');
  }
  return blocks;
}
