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
"""

MASK32 = 0xFFFFFFFF
ZERO_STATE_REPLACEMENT = 0x9E3779B9


def scramble(x):
    """lowbias32: a 32-bit integer hash with good avalanche."""
    x &= MASK32
    x ^= x >> 16
    x = (x * 0x7FEB352D) & MASK32
    x ^= x >> 15
    x = (x * 0x846CA68B) & MASK32
    x ^= x >> 16
    return x


class Rng:
    """A seeded stream of 32-bit numbers with the helpers the games need."""

    def __init__(self, seed):
        self.seed = seed & MASK32
        state = scramble(self.seed)
        self.state = state if state else ZERO_STATE_REPLACEMENT

    def next32(self):
        x = self.state
        x ^= (x << 13) & MASK32
        x ^= x >> 17
        x ^= (x << 5) & MASK32
        self.state = x
        return x

    def below(self, n):
        """An integer in [0, n), every value equally likely (1 <= n <= 2**32)."""
        if n < 1 or n > 0x100000000:
            raise ValueError("below() needs 1 <= n <= 2**32")
        limit = (0x100000000 // n) * n
        while True:
            x = self.next32()
            if x < limit:
                return x % n

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
