"""make uf2's decisions without the ARM toolchain: what is frozen, the staging folder that
keeps rebuilds small, where the source comes from, the one-line errors, reading UF2 files
and picotool's report, and the frozen-first rule of main.py.

The build itself (and what picotool finds in the result) is tests/uf2/.
"""

import io
import itertools
import os
import sys
import tarfile
import threading
import time

import pytest
from bundlefs import BundleFS

from host_tools import flash, mp_source, uf2_build
from host_tools.boards import load_board
from host_tools.uf2_file import Uf2Error, read_uf2, uf2_bytes

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


# -- what is frozen -------------------------------------------------------------------------------


def test_the_firmware_main_and_the_board_are_frozen_and_nothing_else():
    files = uf2_build.frozen_files(load_board("pico2"))
    assert files["main.py"] == os.path.join(ROOT, "firmware", "main.py")
    assert files["board.py"] == os.path.join(ROOT, "board_defs", "pico2.py")
    assert "pawtrack/__init__.py" in files and "pawtrack/hal/rp2/device.py" in files
    assert all(name in ("main.py", "board.py") or name.startswith("pawtrack/") for name in files)
    # what make flash puts in its bundle is exactly what is frozen
    uploads = flash.build(load_board("pico"))
    bundle = BundleFS([u.local for u in uploads if u.remote == flash.BUNDLE][0])
    flashed = {name for name, is_folder in bundle.names() if not is_folder}
    frozen = set(uf2_build.frozen_files(load_board("pico")))
    assert {n[:-3] + ".mpy" for n in frozen if n.startswith("pawtrack/")} == flashed
    names = uf2_build.frozen_module_names(files)
    assert {"main", "board", "pawtrack", "pawtrack/hal/rp2", "pawtrack/ui/app"} <= names
    assert "pawtrack/__init__" not in names


def test_every_registered_game_is_frozen():
    # A frozen package cannot be listed: the registry names the games, and each is frozen.
    from pawtrack import games

    files = uf2_build.frozen_files(load_board("pico"))
    for game_id, _ in games.GAMES:
        assert "pawtrack/games/%s/__init__.py" % game_id in files
        assert "pawtrack/games/%s/rules.py" % game_id in files


def test_the_manifest_includes_the_boards_own_manifest_when_it_has_one(tmp_path):
    text = uf2_build.manifest_text(str(tmp_path))
    assert 'include("$(PORT_DIR)/boards/manifest.py")' in text
    (tmp_path / "manifest.py").write_text("")
    text = uf2_build.manifest_text(str(tmp_path))
    assert 'include("$(BOARD_DIR)/manifest.py")' in text
    assert 'package("pawtrack")' in text and 'module("board.py")' in text


def test_staging_rewrites_only_changed_files_and_removes_old_ones(tmp_path):
    src = tmp_path / "src"
    src.mkdir()
    (src / "a.py").write_text("A = 1\n")
    (src / "b.py").write_text("B = 1\n")
    staging = tmp_path / "staging"
    files = {"pawtrack/a.py": str(src / "a.py"), "pawtrack/b.py": str(src / "b.py")}
    assert uf2_build.stage(str(staging), files, "m") == (["pawtrack/a.py", "pawtrack/b.py"], [])
    old = time.time() - 1000
    os.utime(staging / "pawtrack" / "a.py", (old, old))
    os.utime(staging / "manifest.py", (old, old))

    (src / "b.py").write_text("B = 2\n")
    (src / "c.py").write_text("C = 1\n")
    files["pawtrack/sub/c.py"] = str(src / "c.py")
    assert uf2_build.stage(str(staging), files, "m") == (["pawtrack/b.py", "pawtrack/sub/c.py"], [])
    assert os.path.getmtime(staging / "pawtrack" / "a.py") == old  # untouched: not recompiled
    assert os.path.getmtime(staging / "manifest.py") == old

    del files["pawtrack/sub/c.py"]
    assert uf2_build.stage(str(staging), files, "m") == ([], ["pawtrack/sub/c.py"])
    assert not (staging / "pawtrack" / "sub").exists()
    assert (staging / "pawtrack" / "b.py").read_text() == "B = 2\n"


# -- the source and the toolchain ----------------------------------------------------------------


def fake_tree(folder, version=(1, 28, 0), libs=("pico-sdk", "micropython-lib")):
    (folder / "py").mkdir(parents=True)
    (folder / "py" / "mpconfig.h").write_text(
        "#define MICROPY_VERSION_MAJOR %d\n#define MICROPY_VERSION_MINOR %d\n"
        "#define MICROPY_VERSION_MICRO %d\n" % version
    )
    for lib in libs:
        (folder / "lib" / lib).mkdir(parents=True)
        (folder / "lib" / lib / "README.md").write_text("")
    boards = folder / "ports" / "rp2" / "boards"
    (boards / "RPI_PICO").mkdir(parents=True)
    (boards / "RPI_PICO_W").mkdir()
    (boards / "RPI_PICO_W" / "mpconfigboard.cmake").write_text(
        'set(PICO_BOARD "pico_w")\nset(MICROPY_PY_LWIP ON)\nset(MICROPY_PY_NETWORK_CYW43 ON)\n'
        "set(MICROPY_BLUETOOTH_BTSTACK ON)\n"
    )
    return folder


def test_a_source_folder_is_checked_and_gets_its_own_cache(tmp_path):
    tree = fake_tree(tmp_path / "mp" / "micropython")
    (tmp_path / "mp" / "picotool").mkdir()
    (tmp_path / "mp" / "picotool" / "CMakeLists.txt").write_text("")
    env = {"MICROPYTHON_SRC": str(tmp_path / "mp"), "PAWTRACK_CACHE": str(tmp_path / "cache")}
    source = mp_source.locate(env, allow_clone=False, shared_archive=None)
    assert source.micropython == str(tree)
    assert source.picotool == str(tmp_path / "mp" / "picotool")
    assert os.path.dirname(source.work) == str(tmp_path / "cache")
    assert os.path.basename(source.work).startswith("src-")


def test_the_wrong_version_or_a_missing_submodule_is_one_line(tmp_path):
    fake_tree(tmp_path / "old", version=(1, 27, 0))
    with pytest.raises(mp_source.SourceError) as caught:
        mp_source.locate({"MICROPYTHON_SRC": str(tmp_path / "old")}, allow_clone=False)
    assert str(caught.value) == (
        "%s is MicroPython 1.27.0; the pawtrack UF2 is built from MicroPython 1.28.0"
        % (tmp_path / "old")
    )
    fake_tree(tmp_path / "bare", libs=())
    with pytest.raises(mp_source.SourceError) as caught:
        mp_source.locate({"MICROPYTHON_SRC": str(tmp_path / "bare")}, allow_clone=False)
    assert str(caught.value) == (
        "%s lacks lib/pico-sdk (run `make -C ports/rp2 submodules` in it)" % (tmp_path / "bare")
    )
    with pytest.raises(mp_source.SourceError, match="no such file or folder"):
        mp_source.locate({"MICROPYTHON_SRC": str(tmp_path / "nowhere")}, allow_clone=False)


def test_no_source_and_no_cloning_says_what_to_set(tmp_path):
    env = {"PAWTRACK_CACHE": str(tmp_path)}
    with pytest.raises(mp_source.SourceError) as caught:
        mp_source.locate(env, allow_clone=False, shared_archive=str(tmp_path / "none.tar.xz"))
    assert str(caught.value) == (
        "no MicroPython 1.28.0 source: set MICROPYTHON_SRC to a checkout or to"
        " micropython-1.28.0-rp2-src.tar.xz"
    )


def test_an_archive_is_unpacked_once_into_a_folder_named_by_its_hash(tmp_path):
    tree = fake_tree(tmp_path / "make" / "micropython")
    archive = tmp_path / "src.tar.xz"
    with tarfile.open(archive, "w:xz") as tar:
        tar.add(tree, arcname="micropython")
    env = {"PAWTRACK_CACHE": str(tmp_path / "cache")}
    said = []
    source = mp_source.locate(env, allow_clone=False, shared_archive=str(archive), say=said.append)
    digest = mp_source.sha256_of(str(archive))
    assert source.work == str(tmp_path / "cache" / ("mp-1.28.0-" + digest[:12]))
    assert source.micropython == os.path.join(source.work, "src", "micropython")
    assert source.origin == "src.tar.xz" and source.picotool is None
    assert len(said) == 1 and said[0].startswith("uf2: unpacking src.tar.xz into ")
    marker = os.path.join(source.micropython, "mine")
    open(marker, "w").close()
    again = mp_source.locate(env, allow_clone=False, shared_archive=str(archive), say=said.append)
    assert again.micropython == source.micropython and os.path.exists(marker)  # not unpacked again
    assert len(said) == 1


def test_a_broken_archive_is_one_line(tmp_path):
    archive = tmp_path / "broken.tar.xz"
    archive.write_bytes(b"\xfd7zXZ\x00" + b"junk" * 10)
    with pytest.raises(mp_source.SourceError, match="^cannot unpack .*broken.tar.xz"):
        mp_source.locate(
            {"MICROPYTHON_SRC": str(archive), "PAWTRACK_CACHE": str(tmp_path / "c")},
            allow_clone=False,
            say=lambda _: None,
        )
    assert not [n for n in os.listdir(tmp_path / "c") for m in os.listdir(tmp_path / "c" / n)
                if m.startswith("src")]  # fmt: skip


def test_a_missing_toolchain_is_one_line_naming_the_debian_packages():
    def which(program):
        return None if program.startswith("arm-none-eabi") else "/usr/bin/" + program

    assert mp_source.toolchain_problem(which) == (
        "missing the ARM C compiler (arm-none-eabi-gcc), the ARM C++ compiler (arm-none-eabi-g++):"
        " install them with `sudo apt-get install gcc-arm-none-eabi libnewlib-arm-none-eabi"
        " libstdc++-arm-none-eabi-newlib` (Debian, Ubuntu)"
    )


def test_the_arm_libraries_the_compilers_need_are_named_when_missing():
    def compiler_without(absent):
        """A run() for `<compiler> -print-file-name=<library>`: a path unless the library
        is absent, in which case gcc prints the bare name back."""

        def run(argv, **kwargs):
            library = argv[1].split("=", 1)[1]

            class Answer:
                stdout = (library if library in absent else sys.executable) + "\n"

            return Answer

        return run

    everything = lambda p: "/usr/bin/" + p  # noqa: E731
    assert mp_source.toolchain_problem(everything, compiler_without(())) is None
    assert mp_source.toolchain_problem(everything, compiler_without(("libc.a",))) == (
        "missing newlib for arm-none-eabi: install them with"
        " `sudo apt-get install libnewlib-arm-none-eabi` (Debian, Ubuntu)"
    )
    assert mp_source.toolchain_problem(everything, compiler_without(("libstdc++.a",))) == (
        "missing the C++ library for arm-none-eabi: install them with"
        " `sudo apt-get install libstdc++-arm-none-eabi-newlib` (Debian, Ubuntu)"
    )


def test_the_build_environment_drops_the_outer_makes_variables():
    env = mp_source.build_env(
        {"PATH": "/bin", "MAKEFLAGS": "-j9 BOARD=pico2", "BOARD": "pico2", "HOME": "/h"},
        ["/tools/bin"],
    )
    assert env == {"PATH": "/tools/bin" + os.pathsep + "/bin", "HOME": "/h"}


def test_a_board_needing_the_radio_libraries_points_at_make_flash(tmp_path):
    tree = fake_tree(tmp_path / "micropython")
    source = mp_source.Source(str(tree), None, str(tmp_path / "work"), "test")
    uf2_build.check_buildable(load_board("pico"), source)  # RPI_PICO: nothing missing
    with pytest.raises(uf2_build.BuildError) as caught:
        uf2_build.check_buildable(load_board("pico_w"), source)
    assert str(caught.value) == (
        "MicroPython's RPI_PICO_W build needs the Wi-Fi/Bluetooth libraries (lib/cyw43-driver,"
        " lib/lwip, lib/btstack), which this MicroPython source lacks: for the Raspberry Pi"
        " Pico W put stock MicroPython on it and use `make flash BOARD=pico_w`"
    )
    with pytest.raises(uf2_build.BuildError, match="has no rp2 board ADAFRUIT_FEATHER_RP2040"):
        uf2_build.check_buildable(load_board("feather_rp2040"), source)


def test_make_uf2_without_the_toolchain_fails_in_one_line(monkeypatch, capsys):
    monkeypatch.setattr(mp_source, "toolchain_problem", lambda: "missing cmake: install it")
    assert uf2_build.main(["--board", "pico"]) == 1
    assert capsys.readouterr().err == "uf2: missing cmake: install it\n"
    assert uf2_build.main(["--board", "nope"]) == 1
    assert capsys.readouterr().err.startswith("uf2: no board named 'nope'")


# -- reading the result ----------------------------------------------------------------------------


def test_a_uf2_file_reads_back_with_its_family_and_range(tmp_path):
    path = tmp_path / "fw.uf2"
    program = [(0x10000000 + 256 * i, bytes([i]) * 256) for i in range(3)]
    path.write_bytes(
        uf2_bytes([(0x10FFFF00, bytes(256))], "absolute") + uf2_bytes(program, "rp2350-arm-s")
    )
    image = read_uf2(str(path))
    assert (image.family, image.chip, image.blocks, image.size) == (
        "rp2350-arm-s",
        "rp2350",
        4,
        2048,
    )
    assert (image.start, image.end, image.flash_bytes) == (0x10000000, 0x10000300, 768)
    assert image.chunks == program


@pytest.mark.parametrize(
    "data, message",
    [
        (b"", "is empty"),
        (b"x" * 700, "is not a UF2 file (size 700 is not a multiple of 512)"),
        (b"x" * 512, "is not a UF2 file (block 0 has no UF2 magic)"),
        (uf2_bytes([(0, bytes(16))], "data"), "holds no program for an RP2040 or RP2350"),
        (uf2_bytes([(0, bytes(16))], "rp2040") + uf2_bytes([(0, bytes(16))], "rp2350-arm-s"),
         "mixes families rp2040, rp2350-arm-s"),
    ],
)  # fmt: skip
def test_a_bad_uf2_is_one_line(tmp_path, data, message):
    path = tmp_path / "bad.uf2"
    path.write_bytes(data)
    with pytest.raises(Uf2Error) as caught:
        read_uf2(str(path))
    assert str(caught.value) == "%s %s" % (path, message)


PICOTOOL_INFO = """File build/pawtrack-pico-0.1.0.uf2 family ID 'rp2040':

Program Information
 name:              MicroPython
 version:           v1.28.0
 features:          thread support
                    USB REPL
 frozen modules:    board, main, pawtrack/games/mouse_chaos/rules,
                    pawtrack, pawtrack/ui, neopixel,
                    _boot, _boot_fat
 binary start:      0x10000000
 binary end:        0x1006d7d8
 embedded drive:    0x100a0000-0x10200000 (1408K): MicroPython

Build Information
 sdk version:       2.2.0
"""


def test_picotools_report_is_read_into_fields():
    fields = uf2_build.parse_info(PICOTOOL_INFO)
    assert fields["frozen modules"] == [
        "board", "main", "pawtrack/games/mouse_chaos/rules", "pawtrack", "pawtrack/ui",
        "neopixel", "_boot", "_boot_fat",
    ]  # fmt: skip
    assert fields["features"] == "thread support USB REPL"
    assert fields["binary end"] == "0x1006d7d8" and fields["sdk version"] == "2.2.0"
    assert uf2_build.embedded_drive(fields) == (0x100A0000, 0x10200000)


# -- which copy wins on the board ----------------------------------------------------------------


def test_main_moves_the_frozen_modules_in_front_of_the_filesystem():
    namespace = {"__name__": "not_main"}
    with open(os.path.join(ROOT, "firmware", "main.py"), encoding="utf-8") as f:
        source = f.read()
    head = source.split("frozen_first()\n")[0]  # up to the call: no imports of the firmware
    exec(compile(head, "main.py", "exec"), namespace)
    path = ["", ".frozen", "/lib"]  # the rp2 port's sys.path (py/runtime.c, ports/rp2/main.c)
    namespace["frozen_first"](path)
    assert path == [".frozen", "", "/lib"]
    path = ["", "/lib"]  # an interpreter without frozen modules: unchanged
    namespace["frozen_first"](path)
    assert path == ["", "/lib"]


def test_make_flash_refuses_a_board_that_runs_the_uf2():
    board = load_board("pico")
    uploads = flash.build(board)
    info = {"impl": "micropython", "version": [1, 28, 0], "mpy": 6 | (4 << 10) | (3 << 8),
            "frozen": {"version": "0.1.0", "board": "pico"}}  # fmt: skip
    with pytest.raises(flash.FlashError) as caught:
        flash.check_runtime(info, uploads, board)
    assert str(caught.value) == (
        "the device runs the pawtrack UF2 (firmware 0.1.0 for pico), whose frozen modules win"
        " over files, so make flash would change nothing: update it with `make install-uf2"
        " BOARD=pico`, or put stock MicroPython on it to use make flash (docs/hardware.md)"
    )
    info["frozen"] = None
    flash.check_runtime(info, uploads, board)


def test_the_unpacking_leaves_nothing_half_done(tmp_path):
    into = tmp_path / "src"
    good = tmp_path / "good.tar"
    with tarfile.open(good, "w") as tar:
        data = b"hello"
        member = tarfile.TarInfo("micropython/x.txt")
        member.size = len(data)
        tar.addfile(member, io.BytesIO(data))
    mp_source.unpack(str(good), str(into))
    assert (into / "micropython" / "x.txt").read_bytes() == b"hello"
    assert sorted(os.listdir(tmp_path)) == ["good.tar", "src"]


def test_each_checkout_builds_in_its_own_folder(tmp_path):
    source = mp_source.Source(str(tmp_path / "mp"), None, str(tmp_path / "cache" / "mp-x"), "x")
    one = uf2_build.checkout_work(source, root=str(tmp_path / "clone-one"))
    two = uf2_build.checkout_work(source, root=str(tmp_path / "clone-two"))
    assert one != two
    assert os.path.dirname(one) == os.path.dirname(two) == source.work
    assert uf2_build.checkout_work(source, root=str(tmp_path / "clone-one")) == one
    here = uf2_build.checkout_work(source)
    assert uf2_build.board_build_dir(source, "RPI_PICO") == os.path.join(here, "build-RPI_PICO")


def test_a_build_that_waits_for_the_lock_says_so_and_for_how_long(tmp_path):
    said = []
    ticks = itertools.count(0, 10)  # each look at the clock: 10 s later
    got_it = threading.Event()

    def other_build():
        with mp_source.folder_lock(
            str(tmp_path), said.append, clock=lambda: next(ticks), sleep=lambda s: time.sleep(0.01)
        ):
            got_it.set()

    with mp_source.folder_lock(str(tmp_path), said.append):
        thread = threading.Thread(target=other_build, daemon=True)
        thread.start()
        deadline = time.monotonic() + 20
        while not any("still waiting" in line for line in said) and time.monotonic() < deadline:
            time.sleep(0.01)
        assert not got_it.is_set()
    thread.join(20)
    assert got_it.is_set()
    assert said[0] == (
        "uf2: waiting for another build that holds %s (it may take minutes)"
        % os.path.join(str(tmp_path), "lock")
    )
    assert said[1] == "uf2: still waiting for the other build (30 s)"
    assert said[-1].startswith("uf2: waited ") and said[-1].endswith(" s for the other build")
    with mp_source.folder_lock(str(tmp_path), said.append):  # free: nothing said
        pass
    assert len([line for line in said if "waited" in line]) == 1
