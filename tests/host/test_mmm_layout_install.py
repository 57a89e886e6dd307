"""`host_tools.mmm_layout --install` into the simulator's flash folder, and its one-line errors.

The simulator run installs a layout in a state folder and then plays by
button presses from power-on with "layout: own". Installing onto a board with
the real mpremote is tested on the emulated Pico (tests/emu/test_layout_install.py).
"""

import os

from host_tools import flash, mmm_layout
from host_tools.sim.simulator import Simulator
from pawtrack.files import OsFiles
from pawtrack.games.mmm import layouts, own_layouts
from pawtrack.games.mmm.board import Board
from pawtrack.games.mmm.layouts import example_layout, parse_grid

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

# Side 1's EXAMPLE grid transposed: valid, and not the example.
OWN_SIDE_1 = """# my board, side 1
side 1
r0: Ca1 Br1 Br1 Ca2 Cu2 Fi3 Cu3
r1: Ca1 Br1 Br1 Ca2 Cu2 Fi3 Cu3
r2: Ca1 Cu1 Fi2 Ca2 Cu2 Br3 Cu3
r3: Ca1 Cu1 Fi2 Br2 Ch3 Br3 Ch4
r4: Fi1 Cu1 Fi2 Br2 Ch3 Br3 Ch4
r5: Fi1 Ch1 Fi2 Br2 Ch3 Ca3 Ch4
r6: Fi1 Ch1 Ch2 Ch2 Ca3 Ca3 Ch4
"""
OWN_SIDE_2 = "Ch1 Ch1 Ch1 Ch1 Ch1\nFi1 Fi1 . Br1 Br1\n"



def tool(capsys, *args):
    """Run the tool; (exit status, its one line of output)."""
    code = mmm_layout.main([str(a) for a in args])
    out = capsys.readouterr().out
    assert out.count("\n") == 1, out
    return code, out.strip()


def write_grid(tmp_path, name, text):
    path = tmp_path / name
    path.write_text(text)
    return path


def forget_own():
    for side in (1, 2):
        layouts.uninstall(side)


# -- the simulator ---------------------------------------------------------------------------


def test_installed_in_the_simulator_folder_it_is_the_board_of_an_own_game(tmp_path, capsys):
    state = tmp_path / "state"
    grid = write_grid(tmp_path, "mine.txt", OWN_SIDE_1)
    code, out = tool(capsys, grid, "--install", "--state", state)
    assert code == 0
    assert out == "installed own layout for side 1 (16 items, 49 squares) in %s" % state
    forget_own()  # what a new simulator process starts with

    sim = Simulator(state_dir=str(state))
    sim.run("ok")  # Mmm!: the options, Start selected
    assert sim.app.screen.text_lines()[-1] == "Own layout: try board"
    sim.run("right ok")  # level: lite -> board
    sim.run("left left left left ok")  # up to "layout: example", to "own"
    assert sim.app.screen.text_lines()[5] == "> layout: own"
    assert sim.app.screen.text_lines()[0] == "  level: board"
    assert sim.app.screen.note() == "Undo: hold BACK"  # board, own, installed: no word
    sim.run("right right right ok")  # Start
    assert sim.screen_name() == "MmmScreen"
    game = sim.app.session.match.game
    assert game.state()["layout"] == "own"
    mine = Board(parse_grid(OWN_SIDE_1), True)
    assert game.board.squares == mine.squares and game.board.names == mine.names
    assert game.board.squares != Board(example_layout(1), True).squares
    forget_own()


def test_state_alone_means_the_folder_make_sim_uses(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr(mmm_layout, "SIM_STATE", str(tmp_path / "sim-state"))
    grid = write_grid(tmp_path, "two.txt", OWN_SIDE_2)
    code, out = tool(capsys, grid, "--side", "2", "--install", "--state")
    assert code == 0 and out.endswith("(3 items, 9 squares) in %s" % (tmp_path / "sim-state"))
    records, notice = own_layouts.read(OsFiles(str(tmp_path / "sim-state")))
    assert notice is None and records == {2: parse_grid(OWN_SIDE_2, 2)}
    forget_own()


def test_one_line_errors(tmp_path, capsys, monkeypatch):
    grid = write_grid(tmp_path, "mine.txt", OWN_SIDE_1)
    assert tool(capsys, grid, "--port", "/dev/ttyACM0") == (
        1,
        "error: --port and --state go with --install",
    )
    assert tool(capsys, grid, "--install", "--port", "x", "--state", tmp_path)[0] == 1
    bad = write_grid(tmp_path, "bad.txt", "side 1\nCa1 Fi1 Ca1\n")
    assert tool(capsys, bad, "--install") == (1, "error: Ca1 is not connected")

    monkeypatch.setattr(flash, "list_ports", lambda: [])
    code, out = tool(capsys, grid, "--install")
    assert code == 1 and out.startswith("error: no device found: plug the board in")

    class Port:
        description = "Pico"
        vid = 0x2E8A

        def __init__(self, device):
            self.device = device

    monkeypatch.setattr(flash, "list_ports", lambda: [Port("/dev/ttyACM0"), Port("/dev/ttyACM1")])
    code, out = tool(capsys, grid, "--install")
    assert code == 1 and out.endswith("pick one with --port PORT")

    blocked = tmp_path / "file"
    blocked.write_text("")
    code, out = tool(capsys, grid, "--install", "--state", blocked)
    assert code == 1 and out.startswith("error: cannot write in %s" % blocked)
