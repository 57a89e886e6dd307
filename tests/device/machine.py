"""A stand-in for MicroPython's ``machine`` module on the RP2040, for tests of the backend.

It behaves like the rp2 port where the backend can tell (pin numbers and
their I2C functions, a NAK raising OSError, active-low pins with pull-ups
reading 1) and records what the hardware would receive:

* ``I2C.log``: every I2C write as ``(address, bytes)``; ``i2c_devices`` is the
  set of addresses that answer (remove 0x3C to unplug the OLED);
* ``pins``: the state of every pin, ``drive(pin, level)`` moves a pin from
  outside (a button) and runs its IRQ handler like the hardware would;
* ``strip_writes``: every WS2812 write (``bitstream``) as the colours it carries;
* ``PWM`` history, one-shot ``Timer``s (``fire_timers()`` runs the due ones),
  the ``WDT`` (``watchdog``), ``mem32`` writes (the watchdog's CTRL register),
  ``reset()``;
* ``idle()`` (wait for an event) runs ``idle_hooks[0]`` if a test set one:
  the time passing while the chip waits, an edge coming.

``reset_all()`` puts everything back to power-on. Only for tests: it never
goes onto a device (``make flash`` copies firmware/ only).
"""

# Pin constants as the rp2 port defines them.
IN = 0
OUT = 1
PULL_UP = 1
PULL_DOWN = 2
IRQ_FALLING = 4
IRQ_RISING = 8

GPIO_COUNT = 30
EIO = 5
WATCHDOG_CTRL = {0x40058000: "rp2040", 0x400D8000: "rp2350"}
CLEAR_ALIAS = 0x3000
ENABLE_BIT = 1 << 30

pins = {}
i2c_devices = set()
timers = []
watchdog = {}
mem32_writes = []
irq_disabled = [0]
idle_hooks = [None]
strip_writes = []  # [[(r, g, b), ...]] per bitstream, in order
WS2812_TIMING = (400, 850, 800, 450)  # ns high/low of a 0 and a 1 bit, 800 kHz


class PinState:
    def __init__(self, name):
        self.name = name
        self.mode = IN
        self.pull = None
        self.output = 0
        self.outside = None  # a level forced from outside (a button to GND), or None
        self.handler = None
        self.trigger = 0
        self.hard = False
        self.history = []  # output values written, in order

    def level(self):
        if self.mode == OUT:
            return self.output
        if self.outside is not None:
            return self.outside
        return 1 if self.pull == PULL_UP else 0


class ResetRequested(Exception):
    """machine.reset() was called."""


def reset_all():
    pins.clear()
    i2c_devices.clear()
    i2c_devices.add(0x3C)
    I2C.log = []
    del timers[:]
    watchdog.clear()
    watchdog.update({"started": False, "enabled": False, "timeout": None, "feeds": 0})
    del mem32_writes[:]
    PWM.history = []
    irq_disabled[0] = 0
    idle_hooks[0] = None
    del strip_writes[:]


def _state(name):
    if isinstance(name, int):
        if not 0 <= name < GPIO_COUNT:
            raise ValueError("invalid pin")
    elif name != "LED":
        raise ValueError("unknown named pin")
    state = pins.get(name)
    if state is None:
        state = pins[name] = PinState(name)
    return state


class Pin:
    IN = IN
    OUT = OUT
    PULL_UP = PULL_UP
    PULL_DOWN = PULL_DOWN
    IRQ_FALLING = IRQ_FALLING
    IRQ_RISING = IRQ_RISING

    def __init__(self, name, mode=-1, pull=-1, value=None):
        self.id = name
        self.state = _state(name)
        self.init(mode, pull, value)

    def init(self, mode=-1, pull=-1, value=None):
        if mode != -1:
            self.state.mode = mode
        if pull != -1:
            self.state.pull = pull
        if value is not None:
            self.value(value)

    def value(self, level=None):
        if level is None:
            return self.state.level()
        self.state.output = 1 if level else 0
        self.state.history.append(self.state.output)
        return None

    def on(self):
        self.value(1)

    def off(self):
        self.value(0)

    def irq(self, handler=None, trigger=IRQ_FALLING | IRQ_RISING, hard=False):
        self.state.handler = handler
        self.state.trigger = trigger
        self.state.hard = hard


def drive(name, level):
    """Force a pin from outside (None lets it go); runs the IRQ handler on a matching edge."""
    state = _state(name)
    before = state.level()
    state.outside = level
    after = state.level()
    if before == after or state.handler is None:
        return
    edge = IRQ_RISING if after else IRQ_FALLING
    if state.trigger & edge:
        state.handler(Pin(name))


def idle():
    if idle_hooks[0] is not None:
        idle_hooks[0]()


def disable_irq():
    irq_disabled[0] += 1
    return irq_disabled[0]


def enable_irq(state):
    irq_disabled[0] -= 1


def _pin_number(pin):
    return pin.id if isinstance(pin, Pin) else pin


class I2C:
    log = []

    def __init__(self, bus, scl=None, sda=None, freq=400000, timeout=50000):
        if bus not in (0, 1):
            raise ValueError("I2C(%d) doesn't exist" % bus)
        sda_pin = _pin_number(sda)
        scl_pin = _pin_number(scl)
        if sda_pin % 4 != 2 * bus:
            raise ValueError("bad SDA pin")
        if scl_pin % 4 != 2 * bus + 1:
            raise ValueError("bad SCL pin")
        self.bus = bus
        self.freq = freq
        self.sda = sda_pin
        self.scl = scl_pin

    def scan(self):
        return sorted(i2c_devices)

    def writeto(self, address, data, stop=True):
        if address not in i2c_devices:
            raise OSError(EIO)
        I2C.log.append((address, bytes(data)))
        return len(data)

    def writevto(self, address, vector, stop=True):
        if address not in i2c_devices:
            raise OSError(EIO)
        message = bytearray()
        for part in vector:
            message.extend(part)
        I2C.log.append((address, bytes(message)))
        return len(message)


def bitstream(pin, encoding, timing, buf):
    """A WS2812 write: bytes green, red, blue per LED, recorded as [(r, g, b)]."""
    if encoding != 0 or tuple(timing) != WS2812_TIMING or len(buf) % 3:
        raise ValueError("not a WS2812 strip write")
    if pin.state.mode != OUT:
        raise ValueError("the strip's pin is not an output")
    strip_writes.append([(buf[i + 1], buf[i], buf[i + 2]) for i in range(0, len(buf), 3)])


class PWM:
    history = []

    def __init__(self, pin, freq=None, duty_u16=None):
        self.pin = _pin_number(pin)
        self.frequency = 0
        self.duty = 0
        if freq is not None:
            self.freq(freq)
        if duty_u16 is not None:
            self.duty_u16(duty_u16)

    def freq(self, value=None):
        if value is None:
            return self.frequency
        self.frequency = value
        PWM.history.append((self.pin, "freq", value))
        return None

    def duty_u16(self, value=None):
        if value is None:
            return self.duty
        self.duty = value
        PWM.history.append((self.pin, "duty", value))
        return None

    def deinit(self):
        self.duty = 0
        PWM.history.append((self.pin, "deinit", 0))


class Timer:
    ONE_SHOT = 0
    PERIODIC = 1

    def __init__(self, timer_id=-1, mode=PERIODIC, period=-1, callback=None):
        self.mode = None
        self.period = None
        self.callback = None
        self.active = False
        timers.append(self)
        if callback is not None:
            self.init(mode=mode, period=period, callback=callback)

    def init(self, mode=PERIODIC, period=-1, callback=None):
        self.mode = mode
        self.period = period
        self.callback = callback
        self.active = True

    def deinit(self):
        self.active = False


def fire_timers():
    """Run every active timer's callback once (one-shot timers then stop)."""
    for timer in list(timers):
        if timer.active:
            if timer.mode == Timer.ONE_SHOT:
                timer.active = False
            timer.callback(timer)


class WDT:
    def __init__(self, wdt_id=0, timeout=5000):
        if timeout > 8388:
            raise ValueError("timeout too long")
        watchdog.update({"started": True, "enabled": True, "timeout": timeout})

    def feed(self):
        watchdog["feeds"] += 1


class _Mem32:
    def __setitem__(self, address, value):
        mem32_writes.append((address, value))
        base = address - CLEAR_ALIAS
        if base in WATCHDOG_CTRL and value & ENABLE_BIT:
            watchdog["enabled"] = False

    def __getitem__(self, address):
        raise OSError("the stand-in reads no registers")


mem32 = _Mem32()


def reset():
    raise ResetRequested()


class SoftResetRequested(Exception):
    """machine.soft_reset() was called (the firmware's switch to another boot)."""


def soft_reset():
    raise SoftResetRequested()


reset_all()
