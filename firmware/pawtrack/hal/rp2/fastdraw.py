"""Machine code for the canvas's inner loops on the RP2040: text, icons and inversions.

MicroPython's ``framebuf.blit`` copies a picture pixel by pixel through
function pointers: on the emulated Pico an 11-character line of text took
0.5 ms and inverting a 128x9 highlight bar byte by byte in Python 2.4 ms,
and a screen draws a dozen of each. The canvas keeps text and icons as
8-pixel columns (MONO_VLSB pages, the panel's own layout), so drawing one is
OR-ing (or, in colour 0, clearing) a run of bytes into one or two pages of
the picture, shifted by the row within the page. These loops do that in
Thumb code (ARMv6-M: the 16-bit instructions and registers r0-r7 only), a few
cycles a byte. ``pawtrack.ui.canvas.Canvas.use_kernels`` takes this module;
the Python around the loops (clipping, which pages) is the canvas's, and the
pixels are the same as framebuf's (tests/emu/test_fastdraw.py checks that on
the real firmware).

Every loop takes addresses (``address(buffer)`` + offset) and a count that
must be at least 1: the loop body runs before the count is tested.
"""

import micropython
import uctypes


def address(buffer):
    """Where a bytearray's bytes are (the GC never moves an object)."""
    return uctypes.addressof(buffer)


@micropython.asm_thumb
def or_up(r0, r1, r2, r3):
    # dst[i] |= low byte of (src[i] << shift); r0 dst, r1 src, r2 count, r3 shift
    label(LOOP)
    ldrb(r4, [r1, 0])
    lsl(r4, r3)
    ldrb(r5, [r0, 0])
    orr(r5, r4)
    strb(r5, [r0, 0])
    add(r0, 1)
    add(r1, 1)
    sub(r2, 1)
    bgt(LOOP)


@micropython.asm_thumb
def or_down(r0, r1, r2, r3):
    # dst[i] |= src[i] >> shift: the rows that spill into the page below
    label(LOOP)
    ldrb(r4, [r1, 0])
    lsr(r4, r3)
    ldrb(r5, [r0, 0])
    orr(r5, r4)
    strb(r5, [r0, 0])
    add(r0, 1)
    add(r1, 1)
    sub(r2, 1)
    bgt(LOOP)


@micropython.asm_thumb
def clear_up(r0, r1, r2, r3):
    # dst[i] &= ~(src[i] << shift): colour 0, lit source pixels go dark
    label(LOOP)
    ldrb(r4, [r1, 0])
    lsl(r4, r3)
    ldrb(r5, [r0, 0])
    bic(r5, r4)
    strb(r5, [r0, 0])
    add(r0, 1)
    add(r1, 1)
    sub(r2, 1)
    bgt(LOOP)


@micropython.asm_thumb
def clear_down(r0, r1, r2, r3):
    # dst[i] &= ~(src[i] >> shift)
    label(LOOP)
    ldrb(r4, [r1, 0])
    lsr(r4, r3)
    ldrb(r5, [r0, 0])
    bic(r5, r4)
    strb(r5, [r0, 0])
    add(r0, 1)
    add(r1, 1)
    sub(r2, 1)
    bgt(LOOP)


@micropython.asm_thumb
def xor_fill(r0, r1, r2):
    # dst[i] ^= mask; r0 dst, r1 count, r2 mask
    label(LOOP)
    ldrb(r3, [r0, 0])
    eor(r3, r2)
    strb(r3, [r0, 0])
    add(r0, 1)
    sub(r1, 1)
    bgt(LOOP)
