"""The fairness tool: its chi-square maths, a small fixed-seed run, and that bias is caught."""

import math

from host_tools import fairness
from pawtrack import dice
from pawtrack.dicetool import DiceTool
from pawtrack.rng import Rng

TESTS = len(dice.DICE) + 5 + 38 + dice.NUMBERED_BAG_DEFAULT


def test_chi2_sf_matches_tabulated_values():
    # (statistic, df, p) from standard chi-square tables.
    for statistic, df, p in (
        (3.841459, 1, 0.05),
        (6.634897, 1, 0.01),
        (11.070498, 5, 0.05),
        (20.515006, 5, 0.001),
        (16.918978, 9, 0.05),
        (124.342113, 100, 0.05),
        (0.554300, 5, 0.99),
    ):
        assert math.isclose(fairness.chi2_sf(statistic, df), p, rel_tol=1e-4), (statistic, df)


def test_chi2_sf_two_degrees_of_freedom_is_exponential():
    for x in (0.1, 1.0, 2.5, 7.0, 30.0):
        assert math.isclose(fairness.chi2_sf(x, 2), math.exp(-x / 2), rel_tol=1e-10)


def test_chi2_sf_edges():
    assert fairness.chi2_sf(0, 3) == 1.0
    assert fairness.chi2_sf(500, 3) < 1e-100
    values = [fairness.chi2_sf(x / 2, 4) for x in range(1, 60)]
    assert values == sorted(values, reverse=True)


def test_fixed_seed_run_every_die_and_bag_position_looks_fair():
    results = fairness.run(rolls=6000, cycles=600, seed=20261121, quiet=True)
    assert len(results) == TESTS
    for result in results:
        assert result["p"] > 0.001, result["name"]
        assert sum(result["observed"]) in (6000, 600)


class LoadedTool(DiceTool):
    """A tool whose d6 shows a six one time in five instead of one in six."""

    loader = Rng(77)

    def roll(self, die_id, count):
        entry = DiceTool.roll(self, die_id, count)
        for i in range(len(entry["faces"])):
            if self.loader.below(25) == 0:
                entry["faces"][i] = 6
        return entry


def test_a_loaded_die_is_detected():
    result = fairness.test_die(LoadedTool(Rng(5)), "d6", dice.PLAIN_D6, 6000)
    assert result["p"] < 0.001, result
    assert result["observed"][5] == max(result["observed"])
    fair = fairness.test_die(DiceTool(Rng(5)), "d6", dice.PLAIN_D6, 6000)
    assert fair["p"] > 0.001, fair


class StuckRng(Rng):
    """Always picks the first token left: a bag that is never shuffled."""

    def below(self, n):
        return 0


def test_an_unshuffled_bag_is_detected():
    results = fairness.test_bag(DiceTool(StuckRng(1)), "holders", 200)
    assert len(results) == 5
    for result in results:
        assert result["p"] < 0.001, result["name"]


def test_command_line_prints_the_table_and_draws_the_png(tmp_path, capsys):
    out = tmp_path / "fair.png"
    assert fairness.main(["--rolls", "300", "--cycles", "30", "--seed", "3",
                          "--png", str(out)]) == 0
    captured = capsys.readouterr()
    assert "die chop_cat" in captured.out
    assert "bag holders #5" in captured.out
    assert "%d tests" % TESTS in captured.out
    assert "100%" in captured.err
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
