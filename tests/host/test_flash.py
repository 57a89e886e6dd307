"""make flash: its decisions, its one-line errors, and mpremote against pseudo-terminals.

The runs against a MicroPython device use the emulated Pico (see
tests/emu/test_make_flash.py); here: choosing the port, the .mpy and space
checks, the bundle and the copy plan from the manifest, what is (not)
installed, and the real mpremote meeting a port that only echoes.
"""

import os
import pty
import subprocess
import sys
import threading

import bundlefs
import pytest
from bundlefs import BundleFS

from host_tools import flash
from host_tools.boards import load_board
from host_tools.firmware_bundle import bundle_bytes, bundle_modules

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


class Port:
    """What serial.tools.list_ports gives: device, vid, description."""

    def __init__(self, device, vid=None, description="n/a"):
        self.device = device
        self.vid = vid
        self.description = description


@pytest.fixture(scope="module")
def pico_uploads():
    board = load_board("pico")
    return board, flash.build(board)


# -- choosing the port ----------------------------------------------------------------------


def test_the_one_usb_device_is_chosen():
    ports = [Port("/dev/ttyS0"), Port("/dev/ttyACM0", 0x2E8A, "Board in FS mode")]
    assert flash.choose_port("auto", ports) == "/dev/ttyACM0"
    assert flash.choose_port("/dev/ttyUSB9", ports) == "/dev/ttyUSB9"


def test_a_known_vendor_wins_over_other_usb_serial_ports():
    ports = [Port("/dev/ttyUSB0", 0x0403, "FT232R"), Port("/dev/ttyACM0", 0x239A, "Feather")]
    assert flash.choose_port("auto", ports) == "/dev/ttyACM0"


def test_no_device_lists_what_was_seen():
    with pytest.raises(flash.FlashError) as caught:
        flash.choose_port("auto", [Port("/dev/ttyS0"), Port("/dev/ttyS1", None, "16550A")])
    message = str(caught.value)
    assert message.startswith("no device found")
    assert "/dev/ttyS0 (no description), /dev/ttyS1 (16550A)" in message
    with pytest.raises(flash.FlashError, match=r"serial ports seen: none\)"):
        flash.choose_port("auto", [])


def test_two_devices_and_no_port_asks_for_one():
    ports = [Port("/dev/ttyACM0", 0x2E8A), Port("/dev/ttyACM1", 0x2E8A, "Pico")]
    with pytest.raises(flash.FlashError) as caught:
        flash.choose_port("auto", ports)
    assert str(caught.value) == (
        "more than one device: /dev/ttyACM0 (Raspberry Pi), /dev/ttyACM1 (Pico);"
        " pick one with PORT=..."
    )


def run_main(monkeypatch, capsys, ports, *args):
    monkeypatch.setattr(flash, "list_ports", lambda: ports)
    code = flash.main(list(args))
    captured = capsys.readouterr()
    return code, captured.err.strip().splitlines()


def test_command_line_errors_are_one_line(monkeypatch, capsys):
    code, err = run_main(monkeypatch, capsys, [])
    assert code == 1 and len(err) == 1 and err[0].startswith("flash: no device found")
    two = [Port("/dev/ttyACM0", 0x2E8A), Port("/dev/ttyACM1", 0x2E8A)]
    code, err = run_main(monkeypatch, capsys, two)
    assert code == 1 and len(err) == 1 and err[0].startswith("flash: more than one device")
    code, err = run_main(monkeypatch, capsys, two, "--board", "pico9")
    assert code == 2 and err == [
        "flash: no board named 'pico9' (board_defs/ has: feather_rp2040, pico, pico2, pico_w)"
    ]


def test_make_flash_refuses_a_broken_board_file_before_looking_for_a_device(tmp_path):
    broken = tmp_path / "broken.py"
    with open(os.path.join(ROOT, "board_defs", "pico.py"), encoding="utf-8") as f:
        broken.write_text(
            f.read()
            .replace('"name": "pico"', '"name": "broken"')
            .replace('"led_pin": 16', '"led_pin": 99'),
            encoding="utf-8",
        )
    result = subprocess.run(
        ["make", "-s", "flash", "BOARD=" + str(broken)], cwd=ROOT, capture_output=True, text=True
    )
    assert result.returncode != 0
    lines = [line for line in result.stderr.splitlines() if line.startswith("flash:")]
    assert lines == ["flash: %s: led_pin: GPIO 99 is out of range 0-29 for the rp2040" % broken]


# -- what goes onto the device -----------------------------------------------------------------


def test_the_firmware_is_main_compiled_the_board_and_one_bundle_of_mpy(pico_uploads):
    board, uploads = pico_uploads
    remotes = [u.remote for u in uploads]
    assert remotes == [
        "/main.py", "/pawtrack_main.mpy", "/board.mpy", "/bundlefs.mpy", "/pawtrack.bundle"
    ]  # fmt: skip
    # /main.py only loads main.py compiled: MicroPython compiles main.py's source each boot
    with open(uploads[0].local, encoding="utf-8") as f:
        stub = [line for line in f.read().splitlines() if line and not line.startswith("#")]
    assert stub == ["from pawtrack_main import main", "main()"]
    assert uploads[1].local.endswith("main.mpy")
    assert flash.mpy_header(uploads[1].local)[:2] == (6, 0)  # bytecode only
    assert flash.mpy_header(uploads[2].local)[:2] == (6, 0)  # the board: bytecode only
    # bundlefs checks the modules with Thumb code: it loads on the board's arch only
    version, arch, _ = flash.mpy_header(uploads[3].local)
    assert (version, flash.ARCH_NAMES[arch]) == (6, board["mpy_arch"])
    bundle = BundleFS(uploads[4].local)
    assert bundle.stat("/pawtrack/ui/app.mpy")[0] == 0x8000
    assert bundle.stat("pawtrack/hal/rp2")[0] == 0x4000
    names = [entry[0] for entry in bundle.ilistdir("/pawtrack/hal")]
    assert "rp2" in names and "circuitpython" not in names
    with bundle.open("/pawtrack/hal/ssd1306.mpy", "rb") as module:
        assert flash.mpy_header_bytes(module.read(4))[:2] == (6, 0)
    assert flash.needed("pawtrack/hal/rp2/device.mpy", board)
    assert not flash.needed("pawtrack/hal/circuitpython/device.mpy", board)
    assert not flash.needed("bundlefs.mpy", board)


def loader_reads(reader):
    """The module's bytes, asked for the way MicroPython's loader does: pieces of the size
    the reader gives, until it has them all (it never asks past the end)."""
    piece = bytearray(reader.ioctl(bundlefs.GET_BUFFER_SIZE, 0))
    out = bytearray()
    while reader.left:
        count = reader.readinto(piece)
        out += piece[:count]
    return bytes(out)


def test_a_big_module_is_read_in_pieces_and_checked_by_its_last_one(tmp_path):
    big = bytes((i * 31 + 7) & 255 for i in range(bundlefs.WHOLE_READ * 2 + 100))
    path = tmp_path / "pawtrack.bundle"
    path.write_bytes(bundle_bytes([("pawtrack/big.mpy", big)]))
    reader = BundleFS(str(path)).open("pawtrack/big.mpy", "rb")
    assert isinstance(reader, bundlefs.ModuleReader)
    assert loader_reads(reader) == big
    damaged = bytearray(path.read_bytes())
    damaged[-len(big) // 2] ^= 4
    path.write_bytes(bytes(damaged))
    reader = BundleFS(str(path)).open("pawtrack/big.mpy", "rb")
    with pytest.raises(OSError, match="big.mpy in the firmware bundle is damaged"):
        loader_reads(reader)
    assert reader.left == 0  # raised with the last piece, before the loader could run it


def test_the_bundle_reads_back_every_module_and_refuses_damage(pico_uploads, tmp_path):
    board, uploads = pico_uploads
    modules = [("pawtrack/a.mpy", b"M\x06one"), ("pawtrack/ui/b.mpy", b"M\x06two two")]
    path = tmp_path / "pawtrack.bundle"
    path.write_bytes(bundle_bytes(modules))
    assert bundle_modules(path.read_bytes()) == [("pawtrack/a.mpy", 5), ("pawtrack/ui/b.mpy", 9)]
    bundle = BundleFS(str(path))
    for name, data in modules:
        assert bundle.open(name, "rb").read() == data
        assert bundle.stat(name)[6] == len(data)
    assert sorted(bundle.ilistdir("")) == [("pawtrack", 0x4000, 0)]
    assert sorted(bundle.ilistdir("pawtrack")) == [("a.mpy", 0x8000, 0), ("ui", 0x4000, 0)]
    for missing in ("pawtrack/c.mpy", "pawtrack/a", "pawtrack/a.py"):
        with pytest.raises(OSError):
            bundle.stat(missing)
    with pytest.raises(OSError):
        bundle.open("pawtrack/a.mpy", "wb")
    damaged = bytearray(path.read_bytes())
    damaged[-2] ^= 1
    path.write_bytes(bytes(damaged))
    with pytest.raises(OSError, match="damaged: run make flash again"):
        BundleFS(str(path)).open("pawtrack/ui/b.mpy", "rb").read()
    path.write_bytes(b"PAWZ" + bytes(20))
    with pytest.raises(OSError, match="not a pawtrack bundle"):
        BundleFS(str(path))
    # mount() says so for no bundle at all (the frozen firmware), and raises for a bad one.
    assert bundlefs.mount(str(tmp_path / "none.bundle")) is False
    with pytest.raises(OSError, match="not a pawtrack bundle"):
        bundlefs.mount(str(path))


def device_info(uploads, **changes):
    info = {
        "impl": "micropython",
        "version": [1, 24, 1],
        "mpy": 6 | (3 << 8) | (4 << 10),  # v6.3, armv6m: what an RP2040 says
        "platform": "rp2",
        "statvfs": [4096, 4096, 352, 300, 300, 0, 0, 0, 0, 255],
        "manifest": None,
        "files": {},
    }
    info.update(changes)
    return info


def test_runtime_checks(pico_uploads):
    board, uploads = pico_uploads
    flash.check_runtime(device_info(uploads), uploads, board)
    # A MicroPython without native code could not run the bundle's Thumb code.
    with pytest.raises(flash.FlashError, match="/bundlefs.mpy holds armv6m machine code"):
        flash.check_runtime(device_info(uploads, mpy=6 | (3 << 8)), uploads, board)
    cases = [
        ({"impl": "circuitpython", "version": [9, 2, 1]}, "the device runs circuitpython 9.2.1"),
        ({"mpy": 5, "version": [1, 18, 0]}, "MicroPython 1.18.0 loads .mpy v5, these files are v6"),
        ({"mpy": None, "version": [1, 11, 0]}, "MicroPython 1.11.0 is too old"),
        ({"mpy": 6 | (3 << 8) | (7 << 10)}, "the device is armv7emsp but board pico is armv6m"),
    ]
    for changes, expected in cases:
        with pytest.raises(flash.FlashError) as caught:
            flash.check_runtime(device_info(uploads, **changes), uploads, board)
        assert expected in str(caught.value)
    with pytest.raises(flash.FlashError, match="install MicroPython 1.19 or newer"):
        flash.check_runtime(device_info(uploads, mpy=5), uploads, board)


def manifest_for(board, uploads):
    return flash.manifest_json(board, uploads)


def test_plan_copies_only_what_changed_and_removes_what_is_gone(pico_uploads):
    board, uploads = pico_uploads
    fresh = device_info(uploads)
    copy, remove, unchanged = flash.plan(uploads, fresh)
    assert (len(copy), remove, unchanged) == (len(uploads), [], 0)

    on_device = {u.remote: u.size for u in uploads}
    on_device["/lib/pawtrack/old_module.mpy"] = 300  # left by a flash from before the bundle
    on_device["/lib/pawtrack/ui/menu.py"] = 900
    synced = device_info(uploads, manifest=manifest_for(board, uploads), files=on_device)
    copy, remove, unchanged = flash.plan(uploads, synced)
    assert copy == []
    assert remove == ["/lib/pawtrack/old_module.mpy", "/lib/pawtrack/ui/menu.py"]
    assert unchanged == len(uploads)

    on_device["/pawtrack.bundle"] = 3  # truncated by an unplugged earlier flash
    copy, _, _ = flash.plan(uploads, synced)
    assert [u.remote for u in copy] == ["/pawtrack.bundle"]


def test_a_full_flash_is_refused_before_copying(pico_uploads):
    board, uploads = pico_uploads
    roomy = device_info(uploads)
    flash.check_space(uploads, [], roomy)
    full = device_info(uploads, statvfs=[4096, 4096, 352, 10, 10, 0, 0, 0, 0, 255])
    with pytest.raises(flash.FlashError) as caught:
        flash.check_space(uploads, [], full)
    message = str(caught.value)
    assert message.startswith("the flash is full: the firmware needs")
    assert "the device has 32 KiB free" in message
    # Replacing files frees their blocks: an update of one file fits in little room.
    on_device = {u.remote: u.size for u in uploads}
    tight = device_info(uploads, statvfs=[4096, 4096, 352, 6, 6, 0, 0, 0, 0, 255], files=on_device)
    flash.check_space(uploads[:3], [], tight)


def test_prepare_code_forgets_the_manifest_first_and_clears_emptied_folders(pico_uploads):
    board, uploads = pico_uploads
    old = ["/board.py", "/lib/pawtrack/hal/rp2/old.mpy", "/lib/pawtrack/old.mpy"]
    code = flash.prepare_code(uploads, old)
    compile(code, "prepare", "exec")
    removed = code[: code.index("for d in")]
    assert "'/pawtrack.manifest', '/board.py', '/lib/pawtrack/hal/rp2/old.mpy'" in removed
    # the folders those files leave empty go too, the deepest first
    assert removed.index("'/lib/pawtrack/hal/rp2'") < removed.index("'/lib/pawtrack/hal'")
    assert removed.index("'/lib/pawtrack/hal'") < removed.index("'/lib/pawtrack'")
    assert "'/lib'" in removed
    assert "for d in []" in code  # the new files all live in the root folder


# -- the real mpremote and a port that is not MicroPython -----------------------------------------


def echoing_pty():
    """A pseudo-terminal whose far end echoes every byte back with some noise, like a
    board running something that is not MicroPython."""
    main_fd, sub_fd = pty.openpty()
    os.set_blocking(main_fd, True)
    stop = threading.Event()

    def echo():
        while not stop.is_set():
            try:
                data = os.read(main_fd, 256)
            except OSError:
                return
            if data:
                os.write(main_fd, b"?" + data.replace(b"\x03", b"").replace(b"\x01", b""))

    thread = threading.Thread(target=echo, daemon=True)
    thread.start()
    return os.ttyname(sub_fd), main_fd, sub_fd, stop


def test_a_port_that_is_not_micropython_gets_one_line():
    name, main_fd, sub_fd, stop = echoing_pty()
    try:
        result = subprocess.run(
            [sys.executable, "-m", "host_tools.flash", "--port", name],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=120,
        )
    finally:
        stop.set()
        os.close(sub_fd)
        os.close(main_fd)
    assert result.returncode == 1
    err = result.stderr.strip().splitlines()
    assert len(err) == 1, result.stderr
    assert err[0].startswith("flash: %s does not answer as MicroPython (no raw REPL in 2 s;" % name)
    assert "it said '?" in err[0]
    assert "install MicroPython first (docs/hardware.md)" in err[0]


def test_a_port_that_answers_nothing_gets_the_same_one_line():
    # A pseudo-terminal nobody serves: what make flash meets on a serial port with no
    # MicroPython behind it (e.g. PORT=/dev/ttyS0). The check is bounded by design
    # (flash.HANDSHAKE_S plus write timeouts, output dropped before closing).
    main_fd, sub_fd = pty.openpty()
    name = os.ttyname(sub_fd)
    try:
        result = subprocess.run(
            [sys.executable, "-m", "host_tools.flash", "--port", name],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=120,
        )
    finally:
        os.close(sub_fd)
        os.close(main_fd)
    assert result.returncode == 1
    assert result.stderr.strip().splitlines() == [
        "flash: %s does not answer as MicroPython (no raw REPL in 2 s): install MicroPython"
        " first (docs/hardware.md)" % name
    ]


def test_a_port_that_does_not_exist():
    with pytest.raises(flash.FlashError) as caught:
        flash.handshake("/dev/pawtrack-no-such-port")
    assert str(caught.value).startswith("cannot open /dev/pawtrack-no-such-port")


def not_built(board):
    raise AssertionError("the firmware was compiled before the port was checked")


def test_a_wrong_port_is_said_before_compiling(monkeypatch):
    monkeypatch.setattr(flash, "build", not_built)
    with pytest.raises(flash.FlashError) as caught:
        flash.flash("pico", port="/dev/pawtrack-no-such-port", ports=[])
    assert str(caught.value).startswith("cannot open /dev/pawtrack-no-such-port")
    main_fd, sub_fd = pty.openpty()  # a port with no MicroPython behind it
    name = os.ttyname(sub_fd)
    try:
        with pytest.raises(flash.FlashError) as caught:
            flash.flash("pico", port=name, ports=[])
    finally:
        os.close(sub_fd)
        os.close(main_fd)
    assert str(caught.value).startswith("%s does not answer as MicroPython" % name)


def test_the_wait_for_the_raw_repl_can_be_made_longer(monkeypatch):
    monkeypatch.delenv("PAWTRACK_HANDSHAKE_S", raising=False)
    assert flash.handshake_seconds() == flash.HANDSHAKE_S == 2.0
    monkeypatch.setenv("PAWTRACK_HANDSHAKE_S", "10")
    assert flash.handshake_seconds() == 10.0
    monkeypatch.setenv("PAWTRACK_HANDSHAKE_S", "soon")
    assert flash.handshake_seconds() == flash.HANDSHAKE_S


def test_a_module_keeps_the_path_the_pico_imports_it_from_as_its_source_name():
    from host_tools.compile import source_name

    assert source_name("pawtrack/ui/boot.py") == bundlefs.MOUNT_POINT + "/pawtrack/ui/boot.mpy"
    assert source_name("main.py") == "main.py"  # not in the bundle
