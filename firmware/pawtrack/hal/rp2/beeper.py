"""A piezo on a PWM pin: ``tone(frequency, ms)`` returns at once; a one-shot timer ends it.

``Beeper`` is the ``Hal.beeper``. A passive piezo needs a square wave: PWM at
the tone's frequency with 50 % duty. The stop is scheduled on a one-shot
``machine.Timer`` so the tone lasts as asked even while the loop is busy
drawing; a new tone replaces one still sounding.
"""

import machine

HALF_DUTY = 32768


class Beeper:
    def __init__(self, pin):
        self.pwm = machine.PWM(machine.Pin(pin))
        self.pwm.duty_u16(0)
        self.timer = machine.Timer()
        self._stop_callback = self._stop

    def tone(self, frequency, duration_ms):
        self.pwm.freq(frequency)
        self.pwm.duty_u16(HALF_DUTY)
        self.timer.init(
            mode=machine.Timer.ONE_SHOT, period=max(1, duration_ms), callback=self._stop_callback
        )

    def _stop(self, timer):
        self.pwm.duty_u16(0)

    def off(self):
        self.timer.deinit()
        self.pwm.duty_u16(0)
