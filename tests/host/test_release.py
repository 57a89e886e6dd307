"""`make release` without the ARM toolchain: the names of the release files, the notes from
CHANGELOG.md, the CircuitPython zip against what `make flash RUNTIME=circuitpython` writes,
SHA256SUMS, and the one-line messages when a prerequisite is missing.

The UF2 build itself is tests/uf2/ (make uf2); here it is replaced by files of known bytes.
"""

import hashlib
import io
import os
import zipfile

import pytest

from host_tools import mp_source, release, uf2_build
from host_tools.boards import load_board
from host_tools.circuitpython import flash as circuitpython_flash
from host_tools.circuitpython import mpy_cross

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PICO_BOOT_OUT = "Adafruit CircuitPython 10.2.1 on 2025-01-01; Raspberry Pi Pico with rp2040\n"


def test_a_release_names_both_uf2s_the_circuitpy_zip_the_notes_and_the_sums():
    assert release.release_files("1.2.3") == [
        "pawtrack-pico-1.2.3.uf2",
        "pawtrack-pico2-1.2.3.uf2",
        "pawtrack-circuitpython-pico-1.2.3.zip",
        "pawtrack-1.2.3-release-notes.md",
        "SHA256SUMS",
    ]
    # the UF2s keep the names `make uf2` gives them in build/
    for board in release.UF2_BOARDS:
        assert release.uf2_name(board, "1.2.3") == os.path.basename(
            uf2_build.uf2_path(board, "1.2.3")
        )
    # every name but the sums carries the version
    assert all("1.2.3" in n for n in release.release_files("1.2.3") if n != release.SUMS)


def test_the_changelog_has_an_unreleased_section_and_the_firmware_version():
    with open(os.path.join(ROOT, "CHANGELOG.md"), encoding="utf-8") as f:
        text = f.read()
    versions = [m.group("version") for m in release.SECTION.finditer(text)]
    version = uf2_build.firmware_version()
    assert versions[0] == "Unreleased"
    assert version in versions
    notes = release.release_notes(version, text)
    assert notes.startswith("# pawtrack %s" % version)
    assert "## [" not in notes  # one section only
    for name in release.release_files(version):
        assert "`%s`" % name in notes
    assert "BOOTSEL" in notes and "CIRCUITPY" in notes
    pico2_line = [line for line in notes.split("\n") if release.uf2_name("pico2", version) in line]
    assert "the RP2350 drive" in pico2_line[0]
    pico_line = [line for line in notes.split("\n") if release.uf2_name("pico", version) in line]
    assert "the RPI-RP2 drive" in pico_line[0]


def test_the_notes_take_only_their_versions_section():
    text = (
        "# Changelog\n\n## [Unreleased]\n\n- next\n\n## [0.2.0] - 2027-01-02\n\n- two\n\n"
        "## [0.1.0] - 2026-11-27\n\n- one\n"
    )
    assert release.changelog_section(text, "0.2.0") == ("2027-01-02", "- two")
    assert release.changelog_section(text, "0.1.0") == ("2026-11-27", "- one")
    notes = release.release_notes("0.2.0", text)
    assert notes.startswith("# pawtrack 0.2.0 (2027-01-02)\n\n- two\n")
    assert "- one" not in notes and "- next" not in notes
    with pytest.raises(release.ReleaseError, match=r"no section for 0\.3\.0: add '## \[0\.3\.0\]"):
        release.changelog_section(text, "0.3.0")
    with pytest.raises(release.ReleaseError):
        release.changelog_section("## [0.3.0] - 2027-01-01\n\n", "0.3.0")  # empty


def test_the_circuitpython_zip_holds_exactly_what_make_flash_writes(tmp_path):
    """Byte for byte, the files `make flash RUNTIME=circuitpython` leaves on an empty drive
    (as .py source here: the same code path without CircuitPython's mpy-cross)."""
    drive = tmp_path / "CIRCUITPY"
    drive.mkdir()
    (drive / "boot_out.txt").write_text(PICO_BOOT_OUT)
    circuitpython_flash.flash("pico", str(drive), say=lambda line: None, compiled=False)
    on_drive = {}
    for path in drive.rglob("*"):
        if path.is_file() and path.name != "boot_out.txt":
            on_drive[path.relative_to(drive).as_posix()] = path.read_bytes()

    entries = release.circuitpython_entries("pico", compiled=False)
    assert dict(entries) == on_drive
    assert len(entries) == len(on_drive)  # no name twice
    assert entries[-1][0] == "pawtrack.manifest"
    assert {"code.py", "boot.py", "pawtrack_board.py", "lib/neopixel.py"} <= set(on_drive)

    path = str(tmp_path / "drive.zip")
    release.write_zip(path, entries)
    with zipfile.ZipFile(path) as archive:
        assert archive.testzip() is None
        assert {info.filename: archive.read(info) for info in archive.infolist()} == on_drive
        assert {info.date_time for info in archive.infolist()} == {release.ZIP_DATE}


def test_the_zip_is_the_same_bytes_every_time(tmp_path):
    entries = [("code.py", b"print(1)\n"), ("lib/a.mpy", b"C\x06")]
    first, second = str(tmp_path / "1.zip"), str(tmp_path / "2.zip")
    release.write_zip(first, entries)
    time_later = release.zip_date({"SOURCE_DATE_EPOCH": "1798761600"})  # 2027-01-01
    assert time_later == (2027, 1, 1, 0, 0, 0)
    assert release.zip_date({}) == release.ZIP_DATE
    release.write_zip(second, entries)
    with open(first, "rb") as a, open(second, "rb") as b:
        assert a.read() == b.read()


def fake_build(tmp_path):
    """A stand-in for uf2_build.build: UF2 files of known bytes in a build folder."""
    made = []

    def build(board_names, env=None, allow_clone=True, say=None):
        built = []
        for name in board_names:
            path = str(tmp_path / "build" / ("pawtrack-%s-x.uf2" % name))
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "wb") as f:
                f.write(b"UF2 of " + name.encode())
            built.append(uf2_build.Built(load_board(name), path, None, 0.0, [], None))
            made.append(name)
        return built

    return build, made


def test_make_release_fills_dist_with_the_named_files_and_their_sums(tmp_path, monkeypatch):
    build, made = fake_build(tmp_path)
    monkeypatch.setattr(uf2_build, "build", build)
    monkeypatch.setattr(release, "check_prerequisites", lambda *a, **k: None)
    monkeypatch.setattr(
        release, "circuitpython_entries", lambda board: [("code.py", b"# " + board.encode())]
    )
    dist = tmp_path / "dist"
    dist.mkdir()
    (dist / "pawtrack-pico-0.0.1.uf2").write_bytes(b"an older release")
    said = []
    version = uf2_build.firmware_version()
    paths = release.make_release(str(dist), tag="v" + version, say=said.append)

    assert made == list(release.UF2_BOARDS)
    assert [os.path.basename(p) for p in paths] == release.release_files(version)
    assert sorted(os.listdir(dist)) == sorted(release.release_files(version))  # old one gone
    assert (dist / release.uf2_name("pico2", version)).read_bytes() == b"UF2 of pico2"
    sums = (dist / "SHA256SUMS").read_text().splitlines()
    assert len(sums) == len(paths) - 1
    for line in sums:
        digest, name = line.split("  ")
        assert hashlib.sha256((dist / name).read_bytes()).hexdigest() == digest
    with zipfile.ZipFile(io.BytesIO((dist / paths[2]).read_bytes())) as archive:
        assert archive.read("code.py") == b"# pico"
    steps = [line for line in said if line.startswith("release: [")]
    assert [s[:14] for s in steps] == ["release: [%d/4]" % n for n in range(1, 5)]


def run_main(argv, capsys):
    code = release.main(argv)
    captured = capsys.readouterr()
    return code, captured.err.strip().splitlines()


def test_a_missing_toolchain_is_one_line_saying_what_to_install(tmp_path, monkeypatch, capsys):
    problem = mp_source.toolchain_problem(which=lambda program: None)
    monkeypatch.setattr(mp_source, "toolchain_problem", lambda *a, **k: problem)
    code, err = run_main(["--dist", str(tmp_path / "dist")], capsys)
    assert code == 1 and len(err) == 1
    assert err[0].startswith("release: the UF2 cannot be built: missing the ARM C compiler")
    assert "sudo apt-get install gcc-arm-none-eabi" in err[0]
    assert not (tmp_path / "dist").exists()  # nothing built, nothing emptied


def test_missing_micropython_source_is_one_line(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(mp_source, "toolchain_problem", lambda *a, **k: None)
    monkeypatch.setenv("MICROPYTHON_SRC", str(tmp_path / "nowhere"))
    code, err = run_main(["--dist", str(tmp_path / "dist")], capsys)
    assert code == 1 and len(err) == 1
    assert err[0] == "release: the UF2 cannot be built: MICROPYTHON_SRC=%s: no such file or" \
        " folder" % (tmp_path / "nowhere")  # fmt: skip


def test_missing_mpy_cross_is_one_line(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(uf2_build, "prepare", lambda *a, **k: None)
    monkeypatch.setenv(mpy_cross.ENV, str(tmp_path / "mpy-cross"))
    code, err = run_main(["--dist", str(tmp_path / "dist")], capsys)
    assert code == 1 and len(err) == 1
    assert err[0].startswith("release: the CircuitPython zip cannot be made: CIRCUITPY_MPY_CROSS=")


def test_a_tag_that_is_not_the_version_stops_at_once(tmp_path, capsys):
    code, err = run_main(["--dist", str(tmp_path / "dist"), "--tag", "v99.0.0"], capsys)
    assert code == 1 and len(err) == 1
    assert err[0].startswith("release: the tag v99.0.0 is not v + the firmware's version")
