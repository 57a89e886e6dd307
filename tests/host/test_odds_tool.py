"""host_tools.odds: a quick run with few games, the interval maths and the strategies."""

import math

from host_tools import odds


def test_quick_run_prints_every_configuration_and_draws(tmp_path, capsys):
    png = tmp_path / "mmm.png"
    code = odds.main(["mmm", "--games", "3", "--seed", "7", "--png", str(png)])
    captured = capsys.readouterr()
    assert code == 0
    lines = captured.out.strip().split("\n")
    assert lines[0].startswith("strategy")
    assert len(lines) == 1 + len(odds.STRATEGIES) * len(odds.CONFIGS) + 1  # header, rows, chart
    for line in lines[1:-1]:
        words = line.split()
        assert words[0] in odds.STRATEGIES
        assert words[3] == "3"
    assert "100%" in captured.err  # the progress bar finished
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_simulation_is_deterministic_and_counts_add_up():
    rows = odds.simulate(4, 11, ("odds",))
    assert rows == odds.simulate(4, 11, ("odds",))
    for row in rows:
        assert sum(row["ratings"].values()) == 4
        won = sum(row["ratings"][rating] for rating in odds.WIN_RATINGS)
        assert won == row["wins"]
        assert 0.0 <= row["low"] <= row["wins"] / 4 <= row["high"] <= 1.0


def test_wilson_interval():
    low, high = odds.wilson(0, 300)
    assert low == 0.0 and math.isclose(high, 0.01264, abs_tol=1e-4)
    low, high = odds.wilson(50, 100)
    assert math.isclose(low, 0.4038, abs_tol=1e-3) and math.isclose(high, 0.5962, abs_tol=1e-3)


def test_strategies_differ_as_described():
    cautious = odds.play("cautious", 1, "normal", 3)
    assert cautious["turns"] >= 11  # never re-rolls, so rarely keeps the cat
    for strategy in odds.STRATEGIES:
        for variant in ("normal", "line"):
            result = odds.play(strategy, 2, variant, 5)
            assert result["rating"] in odds.RATINGS


def test_unknown_strategy_is_refused(capsys):
    try:
        odds.main(["mmm", "--strategies", "lucky"])
    except SystemExit as error:
        assert error.code == 2
    else:
        raise AssertionError("accepted an unknown strategy")
    assert "unknown strategy" in capsys.readouterr().err
