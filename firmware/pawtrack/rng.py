"""The project's own random number generator, identical on every interpreter.

Algorithm (see docs/rng.md for the test vectors):

* The 32-bit seed is scrambled once with the "lowbias32" integer hash
  (x ^= x >> 16; x *= 0x7FEB352D; x ^= x >> 15; x *= 0x846CA68B; x ^= x >> 16,
  all modulo 2**32) so that neighbouring seeds start far apart. A scrambled
  state of 0 is replaced by 0x9E3779B9 because xorshift never leaves 0.
* Each step is Marsaglia's xorshift32 with shifts (13, 17, 5); the new state
  is the 32-bit output.
* ``below(n)`` draws an integer in [0, n) without modulo bias by rejection:
  outputs at or above the largest multiple of n that fits in 2**32 are thrown
  away and drawn again.

Only integer arithmetic is used, so CPython, MicroPython on the host and
MicroPython on an RP2040 produce the same sequence.

The state is kept as two 16-bit halves. On a 32-bit MicroPython an integer of
2**30 or more is a heap object, so stepping a 32-bit state directly would
allocate on every draw; with the halves every intermediate value stays below
2**30 and ``below(n)`` (for n up to 32768, every range the games use) draws
without allocating. ``next32()`` still returns the whole 32-bit output.
"""

from pawtrack import const

MASK32 = 0xFFFFFFFF
ZERO_STATE_REPLACEMENT = const(0x9E3779B9)


def scramble(x):
    """lowbias32: a 32-bit integer hash with good avalanche."""
    x &= MASK32
    x ^= x >> 16
    x = (x * 0x7FEB352D) & MASK32
    x ^= x >> 15
    x = (x * 0x846CA68B) & MASK32
    x ^= x >> 16
    return x


HALF = const(0xFFFF)
SMALL_RANGE = const(0x8000)  # below() works in halves up to this n (n * n stays a small int)


class Rng:
    """A seeded stream of 32-bit numbers with the helpers the games need."""

    def __init__(self, seed):
        self.seed = seed & MASK32
        self.state = scramble(self.seed) or ZERO_STATE_REPLACEMENT

    @property
    def state(self):
        return (self.hi << 16) | self.lo

    @state.setter
    def state(self, value):
        self.hi = (value >> 16) & HALF
        self.lo = value & HALF

    def step(self):
        """One xorshift32 step (13, 17, 5) on the two halves."""
        hi = self.hi
        lo = self.lo
        hi ^= ((hi << 13) | (lo >> 3)) & HALF  # x ^= x << 13
        lo ^= (lo << 13) & HALF
        lo ^= hi >> 1  # x ^= x >> 17
        hi ^= ((hi << 5) | (lo >> 11)) & HALF  # x ^= x << 5
        lo ^= (lo << 5) & HALF
        self.hi = hi
        self.lo = lo

    def next32(self):
        self.step()
        return (self.hi << 16) | self.lo

    def below(self, n):
        """An integer in [0, n), every value equally likely (1 <= n <= 2**32)."""
        if n < 1 or n > 0x100000000:
            raise ValueError("below() needs 1 <= n <= 2**32")
        if n > SMALL_RANGE:
            limit = (0x100000000 // n) * n
            while True:
                x = self.next32()
                if x < limit:
                    return x % n
        wrap = 0x10000 % n  # 2**16 mod n
        rest = (wrap * wrap) % n  # 2**32 mod n: outputs from 2**32 - rest up are rejected
        while True:
            self.step()
            hi = self.hi
            lo = self.lo
            if rest and hi == HALF and lo >= 0x10000 - rest:
                continue
            return ((hi % n) * wrap + lo) % n

    def between(self, low, high):
        """An integer in [low, high], both ends included."""
        return low + self.below(high - low + 1)

    def choice(self, items):
        return items[self.below(len(items))]

    def shuffle(self, items):
        """Fisher-Yates shuffle of a list, in place; returns the list."""
        i = len(items) - 1
        while i > 0:
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]
            i -= 1
        return items
