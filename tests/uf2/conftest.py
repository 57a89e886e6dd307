"""The firmware UF2 built once per test session, for the tests that read or boot it.

``firmware_uf2("pico")`` builds build/pawtrack-pico-<version>.uf2 the way `make uf2`
does (in the user's cache, so later sessions and CI runs on the same machine reuse
the MicroPython build) and returns host_tools.uf2_build's ``Built`` (``.path``,
``.image``, ``.source``). When the ARM toolchain or the MicroPython 1.28.0 source
is missing, the test is skipped with the reason; this tier never clones from the
internet (set MICROPYTHON_SRC to use another source).
"""

import os

import pytest

from host_tools import mp_source, uf2_build

# The emulated Pico runs several times slower than a Pico (about 20-28 million
# instructions a second against 125), so make flash's wait for the raw REPL, two
# seconds for a real board, is longer for it (host_tools.flash.handshake_seconds).
os.environ.setdefault("PAWTRACK_HANDSHAKE_S", "10")

_built = {}
_problem = []


def _prepare():
    if not _problem:
        reason = mp_source.toolchain_problem()
        source = None
        if reason is None:
            try:
                source = mp_source.locate(allow_clone=False)
            except mp_source.SourceError as error:
                reason = str(error)
        _problem.append((reason, source))
    return _problem[0]


@pytest.fixture(scope="session")
def firmware_uf2():
    def build(board_name):
        reason, source = _prepare()
        if reason:
            pytest.skip("no UF2 build here: %s" % reason)
        if board_name not in _built:
            _built[board_name] = uf2_build.build([board_name], allow_clone=False)[0]
        return _built[board_name]

    return build
