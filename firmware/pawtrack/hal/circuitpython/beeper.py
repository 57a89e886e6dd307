"""A piezo on ``pwmio.PWMOut``: ``tone(frequency, ms)`` returns at once; the loop ends it.

``Beeper`` is the ``Hal.beeper``. A passive piezo needs a square wave: PWM at
the tone's frequency with 50 % duty (``variable_frequency`` lets each tone set
its own). CircuitPython has no one-shot timer to stop it, so ``tick(now)``
from the main loop silences it once the duration has passed: a pass that
redraws the screen may make a tone a few milliseconds longer.
"""

import pwmio

HALF_DUTY = 32768


class Beeper:
    def __init__(self, pin, clock):
        self.clock = clock
        self.pwm = pwmio.PWMOut(pin, frequency=440, duty_cycle=0, variable_frequency=True)
        self.started = None
        self.duration = 0

    def tone(self, frequency, duration_ms):
        self.pwm.frequency = frequency
        self.pwm.duty_cycle = HALF_DUTY
        self.started = self.clock.ticks_ms()
        self.duration = max(1, duration_ms)

    def tick(self, now):
        if self.started is not None and self.clock.ticks_diff(now, self.started) >= self.duration:
            self.off()

    def off(self):
        self.pwm.duty_cycle = 0
        self.started = None
