"""Build the files of a release into dist/: what `make release` runs.

    python -m host_tools.release [--dist DIR] [--tag vX.Y.Z] [--no-clone]

For the firmware's version V (``VERSION`` in firmware/pawtrack/__init__.py),
dist/ gets:

- ``pawtrack-pico-V.uf2`` and ``pawtrack-pico2-V.uf2``: the one-file firmware
  (MicroPython with pawtrack frozen in), built as `make uf2` builds it, to drag
  onto a Pico (or Pico 2) held in BOOTSEL mode;
- ``pawtrack-circuitpython-pico-V.zip``: exactly the files
  `make flash RUNTIME=circuitpython` puts on a Pico's CIRCUITPY drive (the same
  code path, host_tools.circuitpython.flash.build: the firmware and the
  Adafruit libraries as CircuitPython .mpy files, code.py, boot.py, the board
  file and the pawtrack.manifest that lists them), laid out as on the drive;
- ``pawtrack-V-release-notes.md``: version V's section of CHANGELOG.md, with
  the list of files and how to install them;
- ``SHA256SUMS``: the SHA-256 of every other file, as ``sha256sum -c`` reads it.

Before anything is built, the prerequisites are looked for: the ARM toolchain
and the MicroPython 1.28.0 source (host_tools.mp_source: MICROPYTHON_SRC, or a
clone made with git), CircuitPython's mpy-cross 10.2.1
(host_tools.circuitpython.mpy_cross: CIRCUITPY_MPY_CROSS, or built with git and
a C compiler), and the CHANGELOG section. A missing one stops the release with
one line starting with "release: " that says what to install or set, exit
status 1. dist/ is emptied first, so it holds one release only. The zip's
entries carry a fixed date (SOURCE_DATE_EPOCH when set), so the same tree
gives the same zip.
"""

import argparse
import os
import re
import shutil
import sys
import time
import zipfile

from host_tools import mp_source, uf2_build, uf2_install
from host_tools.boards import BoardError, load_board
from host_tools.circuitpython import flash as circuitpython_flash
from host_tools.circuitpython import libs, mpy_cross

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DIST = os.path.join(ROOT, "dist")
CHANGELOG = os.path.join(ROOT, "CHANGELOG.md")
UF2_BOARDS = ("pico", "pico2")
# Only the Pico has been run on CircuitPython (on the emulated Pico, README "Boards and
# runtimes"); the Feather RP2040 can be flashed from a clone but gets no release file yet.
CIRCUITPY_BOARDS = ("pico",)
SUMS = "SHA256SUMS"
ZIP_DATE = (1980, 1, 1, 0, 0, 0)  # the earliest date a zip entry can carry


class ReleaseError(Exception):
    """Why the release was not made; one line."""


# -- names ----------------------------------------------------------------------------------


def uf2_name(board_name, version):
    """The UF2's name, the same as `make uf2` gives it in build/."""
    return os.path.basename(uf2_build.uf2_path(board_name, version))


def circuitpython_zip_name(board_name, version):
    return "pawtrack-circuitpython-%s-%s.zip" % (board_name, version)


def notes_name(version):
    return "pawtrack-%s-release-notes.md" % version


def release_files(version):
    """Every file name a release puts in dist/, in the order they are made."""
    names = [uf2_name(board, version) for board in UF2_BOARDS]
    names += [circuitpython_zip_name(board, version) for board in CIRCUITPY_BOARDS]
    names.append(notes_name(version))
    names.append(SUMS)
    return names


def describe(name, version):
    """One line saying what a release file is and what to do with it."""
    for board in UF2_BOARDS:
        if name == uf2_name(board, version):
            chip = load_board(board)["chip"]
            drive = [name for name, of in uf2_install.CHIP_OF_BOARD_ID.items() if of == chip][0]
            return "%s: hold BOOTSEL while plugging it in, drag this file onto the %s drive" % (
                load_board(board)["title"],
                drive,
            )
    for board in CIRCUITPY_BOARDS:
        if name == circuitpython_zip_name(board, version):
            return (
                "%s running CircuitPython %s: unzip and copy everything onto the CIRCUITPY drive"
                " (what `make flash RUNTIME=circuitpython` copies)"
                % (load_board(board)["title"], mpy_cross.VERSION)
            )
    if name == notes_name(version):
        return "these notes"
    if name == SUMS:
        return "SHA-256 of each file (`sha256sum -c SHA256SUMS`)"
    raise ValueError(name)


# -- the notes ------------------------------------------------------------------------------

SECTION = re.compile(r"^## \[(?P<version>[^\]]+)\](?P<rest>.*)$", re.M)


def changelog_section(text, version):
    """(heading rest, body) of version's section of a Keep-a-Changelog text."""
    headings = list(SECTION.finditer(text))
    for index, heading in enumerate(headings):
        if heading.group("version") != version:
            continue
        end = headings[index + 1].start() if index + 1 < len(headings) else len(text)
        body = text[heading.end() : end].strip()
        if not body:
            break
        return heading.group("rest").strip(" -"), body
    raise ReleaseError(
        "CHANGELOG.md has no section for %s: add '## [%s] - YYYY-MM-DD' with what changed"
        " (move the Unreleased lines under it)" % (version, version)
    )


def release_notes(version, changelog_text):
    """The release notes: the version's CHANGELOG section, then the files and how to install."""
    date, body = changelog_section(changelog_text, version)
    title = "# pawtrack %s" % version + (" (%s)" % date if date else "")
    lines = [title, "", body, "", "## Files", "", "| file | what it is |", "|---|---|"]
    for name in release_files(version):
        lines.append("| `%s` | %s |" % (name, describe(name, version)))
    lines += [
        "",
        "Settings and saved games stay on the board across an update. A Pico W needs",
        "MicroPython's own firmware and `make flash` from a clone (see the README).",
        "",
    ]
    return "\n".join(lines)


def sha256sums(folder, names):
    """SHA256SUMS text for the files of ``folder`` named, in that order."""
    lines = []
    for name in names:
        lines.append("%s  %s\n" % (mp_source.sha256_of(os.path.join(folder, name)), name))
    return "".join(lines)


# -- the CircuitPython zip ---------------------------------------------------------------------


def circuitpython_entries(board_name, compiled=True):
    """[(path on the drive, bytes)]: what `make flash RUNTIME=circuitpython` writes onto an
    empty CIRCUITPY drive, in the order it writes them (the manifest last)."""
    board = load_board(board_name)
    uploads = circuitpython_flash.build(board, compiled)
    entries = [(upload.remote, upload.data) for upload in uploads]
    entries.append(
        (circuitpython_flash.MANIFEST, circuitpython_flash.manifest_bytes(board, uploads))
    )
    return entries


def zip_date(env=None):
    """The date every zip entry carries: SOURCE_DATE_EPOCH (UTC) when set, else 1980-01-01."""
    env = os.environ if env is None else env
    epoch = env.get("SOURCE_DATE_EPOCH", "")
    if epoch.isdigit():
        return max(ZIP_DATE, time.gmtime(int(epoch))[:6])
    return ZIP_DATE


def write_zip(path, entries, date=ZIP_DATE):
    """A zip of (name, bytes) entries, deflated, every entry dated ``date``."""
    partial = path + ".partial"
    with zipfile.ZipFile(partial, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in entries:
            info = zipfile.ZipInfo(name, date_time=date)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            archive.writestr(info, data)
    os.replace(partial, path)


# -- the whole release ------------------------------------------------------------------------


def check_tag(tag, version):
    if tag and tag != "v" + version:
        raise ReleaseError(
            "the tag %s is not v + the firmware's version %s (VERSION in"
            " firmware/pawtrack/__init__.py): change one of them" % (tag, version)
        )


def check_prerequisites(env=None, allow_clone=True, say=mp_source.say_now):
    """Raise ReleaseError naming the first missing prerequisite; may clone or build
    (the MicroPython source, CircuitPython's mpy-cross) when git and the internet are there."""
    try:
        uf2_build.prepare(env, allow_clone=allow_clone, say=say)
    except (uf2_build.BuildError, mp_source.SourceError) as error:
        raise ReleaseError("the UF2 cannot be built: %s" % error) from None
    environ = os.environ if env is None else env
    try:
        if not environ.get(mpy_cross.ENV):
            try:
                mpy_cross.locate(env, allow_build=False)
            except mpy_cross.MpyCrossError:
                say("release: building CircuitPython's mpy-cross %s (once, a few minutes)"
                    % mpy_cross.VERSION)  # fmt: skip
        mpy_cross.locate(env)
    except mpy_cross.MpyCrossError as error:
        raise ReleaseError("the CircuitPython zip cannot be made: %s" % error) from None


def shown(path):
    """A folder as the person who ran the command knows it: relative when it is below here."""
    relative = os.path.relpath(path, os.getcwd())
    return path if relative.startswith("..") else relative


def make_release(dist=DIST, tag=None, env=None, allow_clone=True, say=mp_source.say_now):
    """Build every release file into ``dist``; returns their paths."""
    start = time.monotonic()
    version = uf2_build.firmware_version()
    check_tag(tag, version)
    with open(CHANGELOG, encoding="utf-8") as f:
        notes = release_notes(version, f.read())
    say("release: pawtrack %s into %s" % (version, shown(dist)))
    say("release: [1/4] looking for the ARM toolchain, MicroPython's source and mpy-cross")
    check_prerequisites(env, allow_clone, say)
    shutil.rmtree(dist, ignore_errors=True)
    os.makedirs(dist)

    say("release: [2/4] the UF2 for %s (a first build takes minutes)" % ", ".join(UF2_BOARDS))
    try:
        built = uf2_build.build(list(UF2_BOARDS), env, allow_clone, say)
    except (uf2_build.BuildError, mp_source.SourceError) as error:
        raise ReleaseError("the UF2 build failed: %s" % error) from None
    for result in built:
        shutil.copyfile(result.path, os.path.join(dist, uf2_name(result.board["name"], version)))

    for board in CIRCUITPY_BOARDS:
        name = circuitpython_zip_name(board, version)
        say("release: [3/4] %s (compiling with CircuitPython's mpy-cross)" % name)
        try:
            entries = circuitpython_entries(board)
        except (libs.LibraryError, mpy_cross.MpyCrossError) as error:
            raise ReleaseError("the CircuitPython zip failed: %s" % error) from None
        write_zip(os.path.join(dist, name), entries, zip_date(env))
        say("release:   %d files, %d bytes on the drive" % (
            len(entries), sum(len(data) for _, data in entries)))  # fmt: skip

    say("release: [4/4] release notes from CHANGELOG.md and %s" % SUMS)
    with open(os.path.join(dist, notes_name(version)), "w", encoding="utf-8") as f:
        f.write(notes)
    names = release_files(version)
    sums = sha256sums(dist, [n for n in names if n != SUMS])
    with open(os.path.join(dist, SUMS), "w", encoding="utf-8") as f:
        f.write(sums)
    paths = [os.path.join(dist, name) for name in names]
    for path in paths:
        say("release:   %-48s %9d bytes" % (os.path.basename(path), os.path.getsize(path)))
    say("release: %d files in %s in %.0f s"
        % (len(paths), shown(dist), time.monotonic() - start))  # fmt: skip
    return paths


def main(argv=None):
    parser = argparse.ArgumentParser(
        description=__doc__.splitlines()[0], formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--dist", default=DIST, help="the folder to fill (default dist/)")
    parser.add_argument(
        "--tag", help="the git tag being released (vX.Y.Z): stop unless it names this version"
    )
    parser.add_argument(
        "--no-clone", action="store_true", help="never clone MicroPython from the internet"
    )
    args = parser.parse_args(argv)
    try:
        make_release(os.path.abspath(args.dist), args.tag, allow_clone=not args.no_clone)
    except (ReleaseError, BoardError) as error:
        print("release: %s" % error, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
