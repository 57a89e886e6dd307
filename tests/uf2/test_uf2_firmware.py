"""The one-file firmware as `make uf2` builds it, for the Pico and the Pico 2: every
pawtrack module frozen in, the right chip, the program clear of the filesystem, and
rebuilds that redo only what changed (told by what the build did, never by the clock).

Needs the ARM toolchain and the MicroPython 1.28.0 source (see conftest.py); skipped
with the reason otherwise.
"""

import os
import re

import pytest

from host_tools import uf2_build
from host_tools.boards import load_board
from host_tools.uf2_file import read_uf2

BOARDS = ("pico", "pico2")
PORT_MODULES = {"_boot", "rp2", "neopixel", "asyncio", "onewire", "dht", "ds18x20"}


def picotool_fields(built):
    return uf2_build.parse_info(uf2_build.picotool_info(built.source, built.path))


@pytest.mark.parametrize("board_name", BOARDS)
def test_every_pawtrack_module_is_frozen_beside_the_ports_own(firmware_uf2, board_name):
    built = firmware_uf2(board_name)
    board = load_board(board_name)
    fields = picotool_fields(built)
    frozen = set(fields["frozen modules"])
    files = dict(uf2_build.frozen_files(board))
    wanted = uf2_build.frozen_module_names(files)
    assert wanted - frozen == set()
    assert PORT_MODULES - frozen == set()
    assert {n for n in frozen if n.startswith("pawtrack")} == {
        n for n in wanted if n.startswith("pawtrack")
    }  # no other runtime's backend, no stray module
    assert fields["version"] == "v1.28.0" and fields["name"] == "MicroPython"
    assert os.path.basename(built.path) == "pawtrack-%s-%s.uf2" % (
        board_name,
        uf2_build.firmware_version(),
    )


@pytest.mark.parametrize("board_name", BOARDS)
def test_the_program_is_for_the_boards_chip_and_ends_before_the_filesystem(
    firmware_uf2, board_name
):
    built = firmware_uf2(board_name)
    image = read_uf2(built.path)
    assert image.chip == load_board(board_name)["chip"]
    fields = picotool_fields(built)
    drive_start, drive_end = uf2_build.embedded_drive(fields)
    assert image.start == 0x10000000
    assert image.end <= drive_start, "the firmware would overwrite the LittleFS filesystem"
    assert int(fields["binary end"], 16) <= drive_start
    print(
        "%s: UF2 %d bytes, program %d KiB, %d KiB to spare before the %d KiB filesystem"
        % (board_name, image.size, (image.end - image.start) // 1024,
           (drive_start - image.end) // 1024, (drive_end - drive_start) // 1024)
    )  # fmt: skip


def test_a_second_build_with_nothing_changed_rebuilds_nothing(firmware_uf2):
    first = firmware_uf2("pico")
    elf = os.path.join(uf2_build.board_build_dir(first.source, "RPI_PICO"), "firmware.elf")
    linked = os.stat(elf).st_mtime_ns
    with open(first.path, "rb") as f:
        before = f.read()
    again = uf2_build.build(["pico"], allow_clone=False, say=lambda _: None)[0]
    assert again.changed == []
    assert os.stat(elf).st_mtime_ns == linked  # not even relinked
    with open(again.path, "rb") as f:
        assert f.read() == before


def test_a_changed_firmware_file_recompiles_that_file_only(firmware_uf2, monkeypatch, tmp_path):
    built = firmware_uf2("pico")
    real = uf2_build.frozen_files
    changed = tmp_path / "rng.py"
    with open(real(load_board("pico"))["pawtrack/rng.py"], encoding="utf-8") as f:
        changed.write_text(f.read() + "\n# changed by a test\n", encoding="utf-8")

    def with_change(board):
        files = real(board)
        files["pawtrack/rng.py"] = str(changed)
        return files

    log = built.source.log("build-RPI_PICO")
    try:
        monkeypatch.setattr(uf2_build, "frozen_files", with_change)
        result = uf2_build.build(["pico"], allow_clone=False, say=lambda _: None)[0]
        assert result.changed == ["pawtrack/rng.py"]
        with open(log, encoding="utf-8") as f:
            compiled = re.findall(r"^MPY (\S+)$", f.read(), re.M)
        assert compiled == ["pawtrack/rng.py"]
    finally:
        monkeypatch.setattr(uf2_build, "frozen_files", real)
        restored = uf2_build.build(["pico"], allow_clone=False, say=lambda _: None)[0]
    assert restored.changed == ["pawtrack/rng.py"]
