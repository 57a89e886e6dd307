"""The MicroPython 1.28.0 source, picotool and the ARM toolchain that `make uf2` builds with.

Where the source comes from, first match wins:

1. ``MICROPYTHON_SRC``: a MicroPython 1.28.0 checkout with its rp2 submodules,
   a folder holding ``micropython/`` (and optionally ``picotool/``), or a
   ``.tar.xz``/``.tar.gz`` archive of such a folder;
2. the offline source archive ``micropython-1.28.0-rp2-src.tar.xz`` in
   ``../shared/micropython/`` beside the checkout, when it is there;
3. a pinned clone made earlier by 4. (kept in the cache);
4. with internet: ``git clone`` of MicroPython v1.28.0 (commit checked) and the
   submodules the rp2 port needs, plus picotool 2.2.0.

Everything built from it lives in a cache folder outside the clone (so a fresh
clone, as CI makes, reuses it): ``$PAWTRACK_CACHE``, else
``$XDG_CACHE_HOME/pawtrack``, else ``~/.cache/pawtrack``. An archive is
unpacked once into ``mp-1.28.0-<first 12 hex of its sha256>/src``; a source
folder gets ``src-<hash of its path>/``. Next to the source: the picotool build
and install (built once, without USB, as pico-sdk needs it to write UF2 files;
mpy-cross is built inside the source tree by MicroPython's own Makefile), a
``logs/`` folder with the output of every build step, and one
``checkout-<hash of its path>/`` folder per clone for that clone's staged files
and board builds (host_tools.uf2_build), so that two clones never see each
other's files. Builds from one source take turns (a lock); one that has to wait
says so, and for how long.

Every failure is a ``SourceError`` with a one-line message.
"""

import contextlib
import hashlib
import os
import re
import shutil
import subprocess
import tarfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
VERSION = "1.28.0"
GIT_TAG = "v1.28.0"
GIT_COMMIT = "e0e9fbb17ed6"  # the commit v1.28.0 names (first 12 hex digits)
PICOTOOL_TAG = "2.2.0"
MICROPYTHON_GIT = "https://github.com/micropython/micropython.git"
PICOTOOL_GIT = "https://github.com/raspberrypi/picotool.git"
ARCHIVE_NAME = "micropython-%s-rp2-src.tar.xz" % VERSION
SHARED_ARCHIVE = os.path.join(os.path.dirname(ROOT), "shared", "micropython", ARCHIVE_NAME)
CLONE_DIR = "git-" + GIT_TAG

# (program, what it is, the Debian package that brings it)
TOOLS = (
    ("arm-none-eabi-gcc", "the ARM C compiler", "gcc-arm-none-eabi"),
    ("arm-none-eabi-g++", "the ARM C++ compiler", "gcc-arm-none-eabi"),
    ("cmake", "cmake", "cmake"),
    ("make", "make", "build-essential"),
    ("cc", "a C compiler for the host", "build-essential"),
    ("c++", "a C++ compiler for the host", "build-essential"),
)
NEWLIB = ("newlib for arm-none-eabi", "libnewlib-arm-none-eabi")
# pico-sdk compiles one C++ file (pico_cxx_options), so the ARM C++ library is needed too;
# Debian ships it apart from the compiler and installs it only as a recommendation.
ARM_LIBRARIES = (
    ("arm-none-eabi-gcc", "libc.a", NEWLIB),
    (
        "arm-none-eabi-g++",
        "libstdc++.a",
        ("the C++ library for arm-none-eabi", "libstdc++-arm-none-eabi-newlib"),
    ),
)
# Environment variables of an outer make that must not reach MicroPython's make.
MAKE_VARIABLES = (
    "MAKEFLAGS", "MFLAGS", "MAKELEVEL", "MAKEOVERRIDES", "BOARD", "BUILD", "FROZEN_MANIFEST",
    "BOARD_VARIANT", "BOARD_DIR", "V", "BUILD_VERBOSE",
)  # fmt: skip


class SourceError(Exception):
    """Why the firmware cannot be built here; one line."""


def say_now(line):
    """Print a progress line at once (the build's output may go to a pipe)."""
    print(line, flush=True)


def cache_root(env=None):
    env = os.environ if env is None else env
    if env.get("PAWTRACK_CACHE"):
        return os.path.abspath(env["PAWTRACK_CACHE"])
    base = env.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(base, "pawtrack")


def jobs():
    return max(1, os.cpu_count() or 1)


def build_env(env=None, extra_path=()):
    """The environment for the build commands: no outer make's variables, tools on PATH."""
    env = dict(os.environ if env is None else env)
    for name in MAKE_VARIABLES:
        env.pop(name, None)
    if extra_path:
        env["PATH"] = os.pathsep.join(list(extra_path) + [env.get("PATH", "")])
    return env


# -- the toolchain -------------------------------------------------------------------------


def missing_tools(which=shutil.which, run=subprocess.run):
    """[(what, Debian package)] of the build tools that are not installed."""
    missing = []
    for program, what, package in TOOLS:
        if not which(program):
            missing.append(("%s (%s)" % (what, program), package))
    for compiler, library, what_and_package in ARM_LIBRARIES:
        if which(compiler):
            found = run(
                [compiler, "-print-file-name=" + library], capture_output=True, text=True
            ).stdout.strip()
            if not os.path.isabs(found) or not os.path.exists(found):
                missing.append(what_and_package)
    return missing


def toolchain_problem(which=shutil.which, run=subprocess.run):
    """None, or the one line that says what to install."""
    missing = missing_tools(which, run)
    if not missing:
        return None
    packages = []
    for _, package in missing:
        if package not in packages:
            packages.append(package)
        if package == "gcc-arm-none-eabi":
            # the compiler is no use without its libraries
            for _, _, (_, library_package) in ARM_LIBRARIES:
                if library_package not in packages:
                    packages.append(library_package)
    return "missing %s: install them with `sudo apt-get install %s` (Debian, Ubuntu)" % (
        ", ".join(what for what, _ in missing),
        " ".join(packages),
    )


# -- where the source is ---------------------------------------------------------------------


class Source:
    """A MicroPython tree, maybe a picotool tree, and the cache folder for their builds."""

    def __init__(self, micropython, picotool, work, origin):
        self.micropython = micropython
        self.picotool = picotool
        self.work = work
        self.origin = origin

    @property
    def port_dir(self):
        return os.path.join(self.micropython, "ports", "rp2")

    def log(self, name):
        folder = os.path.join(self.work, "logs")
        os.makedirs(folder, exist_ok=True)
        return os.path.join(folder, name + ".log")


def sha256_of(path):
    digest = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def source_version(micropython):
    """'1.28.0' from a MicroPython tree's py/mpconfig.h, or None."""
    try:
        with open(os.path.join(micropython, "py", "mpconfig.h"), encoding="utf-8") as f:
            text = f.read()
    except OSError:
        return None
    parts = []
    for name in ("MAJOR", "MINOR", "MICRO"):
        found = re.search(r"#define MICROPY_VERSION_%s \(?(\d+)" % name, text)
        if not found:
            return None
        parts.append(found.group(1))
    return ".".join(parts)


def check_tree(micropython, where):
    """Raise SourceError unless ``micropython`` is a 1.28.0 tree the rp2 port can build from."""
    version = source_version(micropython)
    if version is None:
        raise SourceError("%s is not a MicroPython source tree (no py/mpconfig.h)" % where)
    if version != VERSION:
        raise SourceError(
            "%s is MicroPython %s; the pawtrack UF2 is built from MicroPython %s"
            % (where, version, VERSION)
        )
    for needed in ("lib/pico-sdk/README.md", "lib/micropython-lib/README.md", "ports/rp2"):
        if not os.path.exists(os.path.join(micropython, needed)):
            raise SourceError(
                "%s lacks %s (run `make -C ports/rp2 submodules` in it)"
                % (where, needed.split("/README")[0])
            )


def from_folder(folder, env=None):
    """A Source for a checkout (or a folder with micropython/ and picotool/ in it)."""
    folder = os.path.abspath(folder)
    micropython = folder
    if not os.path.exists(os.path.join(folder, "py")) and os.path.isdir(
        os.path.join(folder, "micropython")
    ):
        micropython = os.path.join(folder, "micropython")
    picotool = None
    for candidate in (os.path.join(folder, "picotool"),
                      os.path.join(os.path.dirname(micropython), "picotool")):  # fmt: skip
        if os.path.exists(os.path.join(candidate, "CMakeLists.txt")):
            picotool = candidate
            break
    check_tree(micropython, folder)
    key = hashlib.sha256(os.path.realpath(folder).encode()).hexdigest()[:12]
    work = os.path.join(cache_root(env), "src-" + key)
    return Source(micropython, picotool, work, folder)


def unpack(archive, into):
    """Unpack an archive into the folder ``into`` (made whole or not at all)."""
    partial = "%s.partial-%d" % (into, os.getpid())
    shutil.rmtree(partial, ignore_errors=True)
    os.makedirs(partial)
    try:
        with tarfile.open(archive) as tar:
            if hasattr(tarfile, "data_filter"):
                tar.extractall(partial, filter="data")
            else:  # Python before 3.11.4 / 3.12
                tar.extractall(partial)  # noqa: S202 - our own pinned archive
    except (OSError, tarfile.TarError, EOFError) as error:
        shutil.rmtree(partial, ignore_errors=True)
        raise SourceError("cannot unpack %s: %s" % (archive, error)) from None
    shutil.rmtree(into, ignore_errors=True)
    os.replace(partial, into)


def from_archive(archive, env=None, say=say_now):
    """A Source unpacked (once) from a source archive into the cache."""
    archive = os.path.abspath(archive)
    digest = sha256_of(archive)
    work = os.path.join(cache_root(env), "mp-%s-%s" % (VERSION, digest[:12]))
    src = os.path.join(work, "src")
    done = os.path.join(work, "src.unpacked")
    if not os.path.exists(done):
        with folder_lock(work, say):  # another build may be unpacking the same archive
            if not os.path.exists(done):
                say("uf2: unpacking %s into %s" % (os.path.basename(archive), src))
                unpack(archive, src)
                with open(done, "w") as f:
                    f.write(digest + "\n")
    source = from_folder(src, env)
    return Source(source.micropython, source.picotool, work, os.path.basename(archive))


def run_logged(argv, log, cwd=None, env=None, what=None):
    """Run a build command with its output appended to ``log``; SourceError on failure."""
    with open(log, "a", encoding="utf-8") as out:
        out.write("$ %s\n" % " ".join(argv))
        out.flush()
        try:
            code = subprocess.run(
                argv, cwd=cwd, env=env, stdout=out, stderr=subprocess.STDOUT
            ).returncode
        except OSError as error:
            raise SourceError("cannot run %s: %s" % (argv[0], error.strerror)) from None
    if code != 0:
        raise SourceError("%s failed (%s): %s" % (what or argv[0], last_error(log), log))
    return code


def last_error(log):
    """The most telling line at the end of a build log."""
    try:
        with open(log, encoding="utf-8", errors="replace") as f:
            lines = [line.strip() for line in f.readlines()[-200:] if line.strip()]
    except OSError:
        return "no log"
    for line in reversed(lines):
        if "error" in line.lower() and not line.startswith("make"):
            return line[:200]
    return lines[-1][:200] if lines else "no output"


def clone(env=None, say=say_now):
    """Clone MicroPython v1.28.0 with the rp2 submodules and picotool 2.2.0 into the cache."""
    if not shutil.which("git"):
        raise SourceError(
            "no MicroPython %s source: set MICROPYTHON_SRC=<checkout or archive>, or install git"
            " so that `make uf2` can clone it" % VERSION
        )
    root = cache_root(env)
    target = os.path.join(root, CLONE_DIR)
    partial = target + ".partial"
    shutil.rmtree(partial, ignore_errors=True)
    os.makedirs(partial)
    log = os.path.join(root, CLONE_DIR + ".log")
    clean = build_env(env)
    micropython = os.path.join(partial, "micropython")
    say("uf2: cloning MicroPython %s and its rp2 submodules (once; log: %s)" % (GIT_TAG, log))
    steps = (
        (["git", "clone", "--depth", "1", "--branch", GIT_TAG, MICROPYTHON_GIT, micropython],
         None, "git clone of MicroPython " + GIT_TAG),
        # RPI_PICO_W's submodules are RPI_PICO's and RPI_PICO2's plus the radio libraries.
        (["make", "-C", "ports/rp2", "BOARD=RPI_PICO_W", "submodules"], micropython,
         "fetching the rp2 submodules"),
        (["git", "clone", "--depth", "1", "--branch", PICOTOOL_TAG, PICOTOOL_GIT,
          os.path.join(partial, "picotool")], None, "git clone of picotool " + PICOTOOL_TAG),
    )  # fmt: skip
    for argv, cwd, what in steps:
        run_logged(argv, log, cwd=cwd, env=clean, what=what)
    head = subprocess.run(
        ["git", "rev-parse", "HEAD"], cwd=micropython, capture_output=True, text=True
    ).stdout.strip()
    if not head.startswith(GIT_COMMIT):
        raise SourceError(
            "the clone of %s is commit %s, not %s: not the pinned release"
            % (GIT_TAG, head[:12], GIT_COMMIT)
        )
    shutil.rmtree(target, ignore_errors=True)
    os.replace(partial, target)
    return target


def locate(env=None, allow_clone=True, shared_archive=SHARED_ARCHIVE, say=say_now):
    """The Source to build from (see the module docstring for the order)."""
    env = os.environ if env is None else env
    given = env.get("MICROPYTHON_SRC")
    if given:
        if os.path.isfile(given):
            return from_archive(given, env, say)
        if os.path.isdir(given):
            return from_folder(given, env)
        raise SourceError("MICROPYTHON_SRC=%s: no such file or folder" % given)
    if shared_archive and os.path.isfile(shared_archive):
        return from_archive(shared_archive, env, say)
    cloned = os.path.join(cache_root(env), CLONE_DIR)
    if os.path.isdir(cloned):
        return from_folder(cloned, env)
    if not allow_clone:
        raise SourceError(
            "no MicroPython %s source: set MICROPYTHON_SRC to a checkout or to %s"
            % (VERSION, ARCHIVE_NAME)
        )
    return from_folder(clone(env, say), env)


# -- the tools built from it -----------------------------------------------------------------


def locked(source, say=say_now):
    """Hold the source's build lock: two builds never share the source's tools at once."""
    return folder_lock(source.work, say)


LOCK_POLL_S = 0.5
LOCK_TELL_EVERY_S = 30


@contextlib.contextmanager
def folder_lock(folder, say=say_now, clock=None, sleep=None):
    """An exclusive lock on ``folder``/lock, held across processes while in the block.

    A build that finds it held by another (another clone's `make uf2`, a test run)
    says so at once, again every LOCK_TELL_EVERY_S, and how long it waited."""
    import time

    clock = clock or time.monotonic
    sleep = sleep or time.sleep
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, "lock")
    with open(path, "w") as handle:
        try:
            import fcntl
        except ImportError:  # not a POSIX system: no lock (the rp2 build needs one anyway)
            yield
            return
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            start = clock()
            say("uf2: waiting for another build that holds %s (it may take minutes)" % path)
            told = start
            while True:
                sleep(LOCK_POLL_S)
                try:
                    fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
                    break
                except BlockingIOError:
                    now = clock()
                    if now - told >= LOCK_TELL_EVERY_S:
                        told = now
                        say("uf2: still waiting for the other build (%d s)" % (now - start))
            say("uf2: waited %d s for the other build" % round(clock() - start))
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def picotool_prefix(source):
    return os.path.join(source.work, "picotool-install")


def picotool_program(source):
    """The picotool to use: the one built from the source's picotool/, else one on PATH."""
    built = os.path.join(picotool_prefix(source), "bin", "picotool")
    if os.path.exists(built):
        return built
    return shutil.which("picotool")


def build_tools(source, env=None, say=say_now):
    """Build mpy-cross and picotool (once); returns the environment for the board build."""
    env = build_env(env)
    mpy_cross = os.path.join(source.micropython, "mpy-cross", "build", "mpy-cross")
    if not os.path.exists(mpy_cross):
        say("uf2: building mpy-cross (once)")
    run_logged(["make", "-C", os.path.join(source.micropython, "mpy-cross"), "-j%d" % jobs()],
               source.log("mpy-cross"), env=env, what="building mpy-cross")  # fmt: skip
    prefix = picotool_prefix(source)
    if source.picotool and not os.path.exists(os.path.join(prefix, "bin", "picotool")):
        say("uf2: building picotool %s (once)" % PICOTOOL_TAG)
        build_dir = os.path.join(source.work, "picotool-build")
        shutil.rmtree(build_dir, ignore_errors=True)
        log = source.log("picotool")
        sdk = os.path.join(source.micropython, "lib", "pico-sdk")
        configure = [
            "cmake", "-S", source.picotool, "-B", build_dir, "-DPICO_SDK_PATH=" + sdk,
            "-DPICOTOOL_NO_LIBUSB=1", "-DCMAKE_INSTALL_PREFIX=" + prefix,
            "-DCMAKE_BUILD_TYPE=Release",
        ]  # fmt: skip
        run_logged(configure, log, env=env, what="configuring picotool")
        run_logged(["cmake", "--build", build_dir, "-j%d" % jobs()], log, env=env,
                   what="building picotool")  # fmt: skip
        run_logged(["cmake", "--install", build_dir], log, env=env, what="installing picotool")
    if os.path.exists(os.path.join(prefix, "bin", "picotool")):
        env = build_env(env, [os.path.join(prefix, "bin")])
        env["picotool_DIR"] = os.path.join(prefix, "lib", "cmake", "picotool")
    return env
