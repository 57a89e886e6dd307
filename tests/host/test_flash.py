"""make flash: its decisions, its one-line errors, and mpremote against pseudo-terminals.

The runs against a MicroPython device use the device stand-in (see
tests/host/test_flash_standin.py); here: choosing the port, the .mpy and space
checks, the copy plan from the manifest, what is (not) installed, and the real
mpremote meeting a port that only echoes.
"""

import os
import pty
import subprocess
import sys
import threading

import pytest

from host_tools import flash
from host_tools.boards import load_board

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


def test_the_firmware_is_the_package_as_mpy_plus_main_and_board(pico_uploads):
    board, uploads = pico_uploads
    remotes = [u.remote for u in uploads]
    assert remotes[:2] == ["/main.py", "/board.py"]
    assert "/lib/pawtrack/ui/app.mpy" in remotes
    assert "/lib/pawtrack/hal/rp2/ssd1306.mpy" in remotes
    assert all(r.startswith("/lib/pawtrack/") and r.endswith(".mpy") for r in remotes[2:])
    assert not any(r.endswith("main.mpy") or "/tests" in r for r in remotes)
    with open(uploads[1].local, encoding="utf-8") as f:
        assert "BOARD = {" in f.read()
    assert flash.needed("pawtrack/hal/rp2/device.mpy", board)
    assert not flash.needed("pawtrack/hal/circuitpython/device.mpy", board)
    for upload in uploads[2:]:
        version, arch, _ = flash.mpy_header(upload.local)
        assert (version, arch) == (6, 0)  # bytecode only: loads on any arch with .mpy v6


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
    flash.check_runtime(device_info(uploads, mpy=6 | (3 << 8)), uploads, board)  # no arch
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
    on_device["/lib/pawtrack/old_module.mpy"] = 300
    on_device["/lib/pawtrack/ui/menu.py"] = 900  # a stray source would shadow menu.mpy
    synced = device_info(uploads, manifest=manifest_for(board, uploads), files=on_device)
    copy, remove, unchanged = flash.plan(uploads, synced)
    assert copy == []
    assert remove == ["/lib/pawtrack/old_module.mpy", "/lib/pawtrack/ui/menu.py"]
    assert unchanged == len(uploads)

    on_device["/lib/pawtrack/rng.mpy"] = 3  # truncated by an unplugged earlier flash
    copy, _, _ = flash.plan(uploads, synced)
    assert [u.remote for u in copy] == ["/lib/pawtrack/rng.mpy"]


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


def test_prepare_code_makes_folders_and_forgets_the_manifest_first(pico_uploads):
    board, uploads = pico_uploads
    code = flash.prepare_code(uploads, ["/lib/pawtrack/old.mpy"])
    compile(code, "prepare", "exec")
    assert "'/pawtrack.manifest', '/lib/pawtrack/old.mpy'" in code
    folders = code[code.index("for d in") :]
    assert folders.index("'/lib'") < folders.index("'/lib/pawtrack'")
    assert folders.index("'/lib/pawtrack'") < folders.index("'/lib/pawtrack/hal/rp2'")


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
