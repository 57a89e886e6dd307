"""Stand-in for ``pwmio.PWMOut``: records every (frequency, duty_cycle) the pin was given."""

from standin_hardware import state


class PWMOut:
    def __init__(self, pin, *, duty_cycle=0, frequency=500, variable_frequency=False):
        state.claim(pin)
        self.pin = pin
        self.variable_frequency = variable_frequency
        self._frequency = frequency
        self._duty = duty_cycle
        self.history = [(frequency, duty_cycle)]
        state.pwm.append(self)

    @property
    def frequency(self):
        return self._frequency

    @frequency.setter
    def frequency(self, value):
        if not self.variable_frequency:
            raise AttributeError("PWM frequency not writable (variable_frequency is False)")
        self._frequency = value
        self.history.append((self._frequency, self._duty))

    @property
    def duty_cycle(self):
        return self._duty

    @duty_cycle.setter
    def duty_cycle(self, value):
        if not 0 <= value <= 65535:
            raise ValueError("duty_cycle must be 0-65535")
        self._duty = value
        self.history.append((self._frequency, self._duty))
