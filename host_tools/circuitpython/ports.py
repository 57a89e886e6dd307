"""Which USB serial port of a CircuitPython board carries the protocol (the data port).

pawtrack's boot.py gives a CircuitPython board two USB serial ports: the REPL
console and the data port the protocol uses. CircuitPython names their USB
interfaces "CircuitPython CDC control" and "CircuitPython CDC2 control"; Linux
shows that name (pyserial's ``interface``), so the data port is the one whose
name has "CDC2". Where the name is not shown (macOS, Windows), a board with two
ports has its data port second (the higher USB interface number, which sorts
last). ``host_tools.client --port circuitpython`` uses ``find_data_port``.
"""

DATA_MARK = "CDC2"


class PortError(Exception):
    """No data port, or more than one; the message is one line."""


def find_data_port(ports):
    """The device path of the one CircuitPython data port among pyserial's port list."""
    usb = [p for p in ports if p.vid is not None]
    named = [p for p in usb if DATA_MARK in (p.interface or "")]
    if len(named) > 1:
        raise PortError(
            "more than one CircuitPython data port: %s; pick one with --port"
            % ", ".join(p.device for p in named)
        )
    if named:
        return named[0].device
    boards = {}
    for port in usb:
        boards.setdefault((port.vid, port.pid, port.serial_number), []).append(port)
    pairs = [sorted(ps, key=lambda p: (p.location or "", p.device)) for ps in boards.values()]
    pairs = [ps for ps in pairs if len(ps) == 2]
    if len(pairs) == 1:
        return pairs[0][1].device
    if not pairs:
        seen = ", ".join(p.device for p in ports) or "none"
        raise PortError(
            "no CircuitPython data port: is pawtrack's boot.py on the board, and was it reset "
            "since? (serial ports seen: %s)" % seen
        )
    raise PortError(
        "more than one CircuitPython board: %s; pick a data port with --port"
        % ", ".join(ps[1].device for ps in pairs)
    )


def data_port():
    from serial.tools import list_ports

    return find_data_port(list(list_ports.comports()))
