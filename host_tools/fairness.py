"""Are the device's dice and bags fair? Roll and draw many times and test.

    python -m host_tools.fairness [--rolls N] [--cycles C] [--seed S] [--png out.png]

Every die of ``dice.DICE`` is rolled N times and every bag of the Dice & bag
tool is emptied C times (default N // 10), all through the tool core the device
runs (``pawtrack.dicetool``, hence ``pawtrack.dice.roll`` and
``pawtrack.bag.Bag``). For each die, and for each draw position of each bag
(the k-th token after a shuffle: a fair bag gives every position the bag's
mix), it prints Pearson's chi-square statistic, its degrees of freedom and the
p-value, the chance that a fair die or bag gives a statistic at least this big.
Expect about one test in a hundred below p = 0.01 by chance alone; a p-value
below 0.001 in a repeatable way means something is wrong.

The chi-square survival function is computed here (no SciPy): the regularized
upper incomplete gamma function Q(df/2, x/2), by its series below a + 1 and by
Lentz's continued fraction above (Numerical Recipes, 6.2).

Progress goes to stderr; ``--png`` draws a histogram per die and the per
position frequencies of each bag (matplotlib, Agg backend).
"""

import argparse
import math
import sys

from pawtrack import dice
from pawtrack.dicetool import MAX_DICE, DiceTool
from pawtrack.rng import Rng

EPSILON = 1e-14
TINY = 1e-300
MAX_ITERATIONS = 10000


def _lower_series(a, x):
    """The regularized lower incomplete gamma P(a, x) by its power series."""
    term = 1.0 / a
    total = term
    n = a
    for _ in range(MAX_ITERATIONS):
        n += 1.0
        term *= x / n
        total += term
        if abs(term) < abs(total) * EPSILON:
            break
    return total * math.exp(-x + a * math.log(x) - math.lgamma(a))


def _upper_fraction(a, x):
    """The regularized upper incomplete gamma Q(a, x) by a continued fraction."""
    b = x + 1.0 - a
    c = 1.0 / TINY
    d = 1.0 / b
    h = d
    for i in range(1, MAX_ITERATIONS):
        an = -i * (i - a)
        b += 2.0
        d = an * d + b
        if abs(d) < TINY:
            d = TINY
        c = b + an / c
        if abs(c) < TINY:
            c = TINY
        d = 1.0 / d
        delta = d * c
        h *= delta
        if abs(delta - 1.0) < EPSILON:
            break
    return math.exp(-x + a * math.log(x) - math.lgamma(a)) * h


def chi2_sf(statistic, df):
    """P(X >= statistic) for X chi-square distributed with ``df`` degrees of freedom."""
    if df < 1:
        raise ValueError("df must be at least 1")
    if statistic <= 0:
        return 1.0
    a = df / 2.0
    x = statistic / 2.0
    if x < a + 1.0:
        return max(0.0, 1.0 - _lower_series(a, x))
    return _upper_fraction(a, x)


def chi_square_test(name, labels, observed, weights):
    """Pearson's test of ``observed`` counts against probabilities ``weights`` / sum."""
    total = sum(observed)
    weight_sum = sum(weights)
    expected = [total * w / weight_sum for w in weights]
    statistic = 0.0
    for count, mean in zip(observed, expected):
        statistic += (count - mean) ** 2 / mean
    df = len(observed) - 1
    return {
        "name": name,
        "labels": [str(label) for label in labels],
        "observed": list(observed),
        "expected": expected,
        "statistic": statistic,
        "df": df,
        "p": chi2_sf(statistic, df),
    }


def distinct(tokens):
    """[(token, multiplicity), ...] in first-seen order."""
    result = []
    for token in tokens:
        for entry in result:
            if entry[0] == token:
                entry[1] += 1
                break
        else:
            result.append([token, 1])
    return [(token, count) for token, count in result]


class Progress:
    """A one-line progress bar on stderr."""

    def __init__(self, total, stream=None, width=40):
        self.total = max(1, total)
        self.done = 0
        self.shown = -1
        self.stream = sys.stderr if stream is None else stream
        self.width = width

    def step(self, amount=1):
        self.done += amount
        percent = self.done * 100 // self.total
        if percent != self.shown:
            self.shown = percent
            filled = self.width * self.done // self.total
            self.stream.write("\r[%s%s] %3d%%" % ("#" * filled, " " * (self.width - filled),
                                                  percent))
            self.stream.flush()

    def finish(self):
        self.stream.write("\n")
        self.stream.flush()


def test_die(tool, die_id, faces, rolls, progress=None):
    """Roll ``die_id`` ``rolls`` times through the tool and test the faces."""
    faces_and_weights = distinct(faces)
    labels = [face for face, _ in faces_and_weights]
    counts = [0] * len(labels)
    left = rolls
    while left > 0:
        batch = min(MAX_DICE, left)
        for face in tool.roll(die_id, batch)["faces"]:
            counts[labels.index(face)] += 1
        left -= batch
        if progress is not None:
            progress.step(batch)
    return chi_square_test("die " + die_id, labels, counts, [w for _, w in faces_and_weights])


def test_bag(tool, bag_id, cycles, progress=None):
    """Empty the bag ``cycles`` times through the tool; one test per draw position."""
    bag = tool.bags[bag_id]
    per_cycle = len(bag.tokens) - tool.keep[bag_id]
    tokens_and_weights = distinct(bag.tokens)
    labels = [token for token, _ in tokens_and_weights]
    table = [[0] * len(labels) for _ in range(per_cycle)]
    tool.refill(bag_id)
    for cycle in range(cycles):
        for position in range(per_cycle):
            entry = tool.draw(bag_id)
            if entry["shuffled"] != (position == 0 and cycle > 0):
                raise AssertionError("bag %s: shuffle out of turn at draw %d of cycle %d" % (
                    bag_id, position + 1, cycle + 1))
            table[position][labels.index(entry["token"])] += 1
        if progress is not None:
            progress.step(per_cycle)
    weights = [w for _, w in tokens_and_weights]
    results = []
    for position in range(per_cycle):
        name = "bag %s #%d" % (bag_id, position + 1)
        results.append(chi_square_test(name, labels, table[position], weights))
    return results


def run(rolls, cycles, seed, stream=None, quiet=False):
    """Every test; progress on ``stream`` (stderr by default) unless ``quiet``."""
    tool = DiceTool(Rng(seed))
    work = rolls * len(dice.DICE)
    for bag_id in tool.order:
        work += cycles * (len(tool.bags[bag_id].tokens) - tool.keep[bag_id])
    progress = None if quiet else Progress(work, stream)
    results = []
    for die_id, _label, faces in dice.DICE:
        results.append(test_die(tool, die_id, faces, rolls, progress))
    for bag_id in tool.order:
        results.extend(test_bag(tool, bag_id, cycles, progress))
    if progress is not None:
        progress.finish()
    return results


def report(results):
    lines = ["%-22s %8s %10s %4s %9s" % ("test", "n", "chi2", "df", "p")]
    for result in results:
        lines.append("%-22s %8d %10.3f %4d %9.4f" % (
            result["name"], sum(result["observed"]), result["statistic"], result["df"],
            result["p"]))
    smallest = min(results, key=lambda r: r["p"])
    lines.append("%d tests; smallest p = %.4g (%s); expected by chance about %.1f below 0.01" % (
        len(results), smallest["p"], smallest["name"], len(results) * 0.01))
    return "\n".join(lines)


def draw_png(results, path):
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.ticker import MaxNLocator

    dice_results = [r for r in results if r["name"].startswith("die ")]
    bags = []
    for result in results:
        bag_id = result["name"].split()[1] if result["name"].startswith("bag ") else None
        if bag_id and bag_id not in bags:
            bags.append(bag_id)
    panels = len(dice_results) + len(bags)
    columns = 3
    rows = (panels + columns - 1) // columns
    figure, axes = plt.subplots(rows, columns, figsize=(5 * columns, 3.4 * rows), squeeze=False)
    flat = [axis for row in axes for axis in row]
    for axis, result in zip(flat, dice_results):
        positions = range(len(result["labels"]))
        axis.bar(positions, result["observed"], color="#7aa6c2", label="observed")
        axis.plot(positions, result["expected"], "k_", markersize=18, label="expected")
        axis.set_xticks(list(positions))
        axis.set_xticklabels(result["labels"], fontsize=7, rotation=20)
        axis.set_title("%s  p=%.3f" % (result["name"], result["p"]), fontsize=9)
    for axis, bag_id in zip(flat[len(dice_results):], bags):
        rows_of_bag = [r for r in results if r["name"].startswith("bag %s #" % bag_id)]
        x = range(1, len(rows_of_bag) + 1)
        for i, label in enumerate(rows_of_bag[0]["labels"]):
            share = [r["observed"][i] / sum(r["observed"]) for r in rows_of_bag]
            line = axis.plot(x, share, linewidth=1, label=label)[0]
            fair = rows_of_bag[0]["expected"][i] / sum(rows_of_bag[0]["observed"])
            axis.axhline(fair, color=line.get_color(), linestyle=":", linewidth=0.8)
        smallest = min(r["p"] for r in rows_of_bag)
        axis.set_title("bag %s by draw position  min p=%.3f" % (bag_id, smallest), fontsize=9)
        axis.set_xlabel("draw after shuffle", fontsize=8)
        axis.xaxis.set_major_locator(MaxNLocator(integer=True))
        if len(rows_of_bag[0]["labels"]) <= 8:
            axis.legend(fontsize=6, ncol=2)
    for axis in flat[panels:]:
        axis.axis("off")
    figure.tight_layout()
    figure.savefig(path, dpi=90)
    plt.close(figure)


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m host_tools.fairness", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rolls", type=int, default=60000, help="rolls per die (60000)")
    parser.add_argument("--cycles", type=int, default=None,
                        help="times each bag is emptied (rolls // 10)")
    parser.add_argument("--seed", type=int, default=1, help="RNG seed (1)")
    parser.add_argument("--png", default=None, help="write a histogram PNG here")
    args = parser.parse_args(argv)
    if args.rolls < 1:
        parser.error("--rolls must be at least 1")
    cycles = args.cycles if args.cycles is not None else max(1, args.rolls // 10)
    results = run(args.rolls, cycles, args.seed)
    print(report(results))
    if args.png:
        draw_png(results, args.png)
        print("histogram written to " + args.png)
    return 0


if __name__ == "__main__":
    sys.exit(main())
