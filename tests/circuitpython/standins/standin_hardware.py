"""The state every stand-in shares: pin levels, the I2C devices present, what was sent."""


class Pin:
    """A pin as ``board`` and ``microcontroller.pin`` give it: only a name here."""

    def __init__(self, name):
        self.name = name

    def __repr__(self):
        return "board." + self.name


PINS = {}


def pin(name):
    if name not in PINS:
        PINS[name] = Pin(name)
    return PINS[name]


class State:
    def __init__(self):
        self.levels = {}  # pin name -> level an input reads (True = high); inputs float high
        self.i2c_devices = {0x3C}  # addresses that answer (the panel also brings the pull-ups)
        self.i2c_log = []  # (address, bytes) of every I2C write, in order
        self.pixel_writes = []  # (pin name, bytes) of every neopixel_write
        self.keys = []  # every keypad.Keys made
        self.pwm = []  # every pwmio.PWMOut made
        self.outputs = {}  # pin name -> last value driven by a digitalio output
        self.claimed = set()  # pin names in use
        self.resets = 0
        self.remounts = []  # (path, readonly) given to storage.remount
        self.readonly = False  # what storage.getmount("/").readonly says
        self.cdc_enabled = None  # what usb_cdc.enable was given
        self.ticks = 0  # supervisor.ticks_ms()

    def claim(self, pin):
        if pin.name in self.claimed:
            raise ValueError("%s in use" % pin.name)
        self.claimed.add(pin.name)

    def release(self, pin):
        self.claimed.discard(pin.name)


state = State()


def reset():
    """A fresh board: nothing sent, nothing claimed, the panel at 0x3C."""
    global state
    state.__init__()
