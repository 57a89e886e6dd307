"""host_tools.mmm_layout: one line of JSON for a good grid, one error line for a bad one."""

import json

from host_tools import mmm_layout
from pawtrack.games.mmm.layouts import example_grid, example_layout


def run(tmp_path, capsys, text, *args):
    path = tmp_path / "grid.txt"
    path.write_text(text)
    code = mmm_layout.main([str(path), *args])
    out = capsys.readouterr().out
    assert out.count("\n") == 1
    return code, out.strip()


def test_example_grid_prints_the_installable_json(tmp_path, capsys):
    code, out = run(tmp_path, capsys, example_grid(2))
    assert code == 0
    assert json.loads(out) == example_layout(2)


def test_side_option_and_json_input(tmp_path, capsys):
    code, out = run(tmp_path, capsys, "Ch1 Ch1\nFi1 Fi1\n", "--side", "2")
    assert code == 0
    record = json.loads(out)
    assert record["side"] == 2
    code, again = run(tmp_path, capsys, out)
    assert code == 0 and json.loads(again) == record


def test_bad_grid_gives_one_error_line(tmp_path, capsys):
    code, out = run(tmp_path, capsys, "side 1\nCa1 Fi1 Ca1\n")
    assert code == 1
    assert out == "error: Ca1 is not connected"
    code, out = run(tmp_path, capsys, "{broken")
    assert code == 1 and out.startswith("error: not valid JSON")


def test_missing_file(tmp_path, capsys):
    code = mmm_layout.main([str(tmp_path / "nope.txt")])
    assert code == 1
    assert capsys.readouterr().out.startswith("error: cannot read")
