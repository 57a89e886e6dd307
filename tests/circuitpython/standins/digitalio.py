"""Stand-in for ``digitalio``: outputs record their value, inputs read the level set by tests."""

from standin_hardware import state


class Direction:
    INPUT = "input"
    OUTPUT = "output"


class Pull:
    UP = "up"
    DOWN = "down"


class DigitalInOut:
    def __init__(self, pin):
        state.claim(pin)
        self.pin = pin
        self.direction = Direction.INPUT
        self.pull = None
        self._value = False

    def switch_to_input(self, pull=None):
        self.direction = Direction.INPUT
        self.pull = pull

    def switch_to_output(self, value=False):
        self.direction = Direction.OUTPUT
        self.value = value

    @property
    def value(self):
        if self.direction == Direction.OUTPUT:
            return self._value
        return state.levels.get(self.pin.name, self.pull != Pull.DOWN)

    @value.setter
    def value(self, value):
        self._value = bool(value)
        state.outputs[self.pin.name] = self._value

    def deinit(self):
        state.release(self.pin)
