"""Stand-in for ``storage``: ``remount`` is recorded; ``getmount`` says whether code may write."""

from standin_hardware import state


class Mount:
    @property
    def readonly(self):
        return state.readonly


def getmount(path):
    return Mount()


def remount(path, readonly=False, *, disable_concurrent_write_protection=False):
    state.remounts.append((path, readonly))
