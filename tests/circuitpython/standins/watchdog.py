"""Stand-in for CircuitPython's ``watchdog`` module: the modes."""


class WatchDogMode:
    RAISE = "raise"
    RESET = "reset"


class WatchDogTimer:
    """``microcontroller.watchdog``: records timeout, mode, feeds and deinit."""

    def __init__(self):
        self.timeout = None
        self.mode = None
        self.feeds = 0

    def feed(self):
        if self.mode is None:
            raise ValueError("WatchDogTimer is not initialized")
        self.feeds += 1

    def deinit(self):
        self.mode = None
