"""Game odds by simulation, with the very rules code the device runs.

    python -m host_tools.odds mmm [--games N] [--seed S] [--png out.png]
                                  [--strategies cautious,greedy,odds]

Mmm!: plays N games (per strategy, board side and variant; board level, the
EXAMPLE layouts) and prints the win rate with its 95% Wilson interval and the
distribution of end ratings; ``--png`` also draws them (matplotlib, Agg).
A progress bar goes to stderr. Game i of every configuration uses seed S + i,
so the strategies meet the same dice streams.

Strategies (how the team places and decides):

* ``cautious``: places every die it can from the first roll, then stops.
* ``greedy``: places every die it can and re-rolls while dice remain (and
  food: with the last square taken it stops rather than bust).
* ``odds``: first places the dice that can still help complete an item this
  turn (the first listed, i.e. the item closest to completion), at least one
  per roll. Then it re-rolls the rest iff no item is complete yet and 2 x the
  exact chance to complete one by re-rolling beats the bust chance x the dice
  it would lose (a saved cat step is worth about two squares); otherwise it
  places every die it still can and stops.
"""

import argparse
import math
import sys

import host_tools  # noqa: F401  (puts firmware/ on sys.path)
from pawtrack.games.mmm.chart import RATING_TEXT
from pawtrack.games.mmm.odds import bust_chance, complete_chance
from pawtrack.games.mmm.rules import MmmGame
from pawtrack.rng import Rng

STRATEGIES = ("cautious", "greedy", "odds")
CONFIGS = ((1, "normal"), (1, "line"), (2, "normal"), (2, "line"))
WIN_RATINGS = ("incredible", "extraordinary", "well_done", "phew")
LOSS_RATINGS = ("almost", "nobody_starves", "not_much", "pantry_full")
RATINGS = WIN_RATINGS + LOSS_RATINGS


def _helps(game, action):
    """Could the die of this place action help complete its item this turn?"""
    words = action.split()
    board = game.board
    r, c = int(words[2]), int(words[3])
    item = board.item_of[r * board.cols + c]
    return board.free_left(item, game.pending()) <= len(game.unplaced())


class Player:
    """A team playing one strategy; ``act(game)`` returns its next action (board level)."""

    def __init__(self, strategy):
        self.strategy = strategy
        self.finishing = False  # odds: decided to stop this roll, placing what is left
        self.roll_seen = None

    def act(self, game):
        if game.phase == "roll":
            return "roll"
        actions = game.legal_actions()
        places = [action for action in actions if action.startswith("place ")]
        if self.strategy != "odds":
            if places:
                return places[0]
            food_left = game.board.pieces_left() - len(game.pending())
            if self.strategy == "greedy" and "reroll" in actions and food_left:
                return "reroll"
            return "stop"
        if (game.turn, game.rolls) != self.roll_seen:
            self.roll_seen = (game.turn, game.rolls)
            self.finishing = False
        if places and not self.finishing:
            if not game.placed_this_roll() or _helps(game, places[0]):
                return places[0]
        if not self.finishing and "reroll" in actions and _reroll_pays(game):
            return "reroll"
        self.finishing = True
        return places[0] if places else "stop"


def _reroll_pays(game):
    """Odds rule: re-roll iff 2 x P(complete an item) > P(bust) x dice on the board."""
    chance = complete_chance(game)
    if chance["stop"] == (1, 1) or chance["reroll"] is None:
        return False
    r_num, r_den = chance["reroll"]
    b_num, b_den = bust_chance(game)
    return 2 * r_num * b_den > b_num * len(game.pending()) * r_den


def play(strategy, side, variant, seed):
    """One game; returns its result dict."""
    game = MmmGame({"level": "board", "side": side, "variant": variant, "players": 1}, Rng(seed))
    player = Player(strategy)
    while not game.is_over():
        game.apply(player.act(game))
    return game.result


def wilson(wins, games, z=1.96):
    """95% Wilson score interval (low, high) for a proportion."""
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    denom = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denom
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


class Progress:
    """A one-line progress bar on stderr."""

    def __init__(self, total, stream=None, width=30):
        self.total = max(1, total)
        self.done = 0
        self.stream = stream or sys.stderr
        self.width = width
        self.shown = -1

    def step(self, label):
        self.done += 1
        percent = self.done * 100 // self.total
        if percent != self.shown:
            self.shown = percent
            filled = self.width * self.done // self.total
            bar = "#" * filled + "." * (self.width - filled)
            self.stream.write("\r[%s] %3d%% %s   " % (bar, percent, label))
            if self.done == self.total:
                self.stream.write("\n")
            self.stream.flush()


def simulate(games, seed, strategies=STRATEGIES, progress=None):
    """[{strategy, side, variant, games, wins, low, high, ratings{id: n}}]."""
    rows = []
    for strategy in strategies:
        for side, variant in CONFIGS:
            ratings = {rating: 0 for rating in RATINGS}
            wins = 0
            for index in range(games):
                result = play(strategy, side, variant, seed + index)
                wins += 1 if result["won"] else 0
                ratings[result["rating"]] += 1
                if progress:
                    progress.step("%s side %d %s" % (strategy, side, variant))
            low, high = wilson(wins, games)
            rows.append(
                {
                    "strategy": strategy,
                    "side": side,
                    "variant": variant,
                    "games": games,
                    "wins": wins,
                    "low": low,
                    "high": high,
                    "ratings": ratings,
                }
            )
    return rows


def report(rows, out=None):
    out = out or sys.stdout
    out.write(
        "%-9s %4s %-7s %6s %7s  %-15s %s\n"
        % ("strategy", "side", "variant", "games", "win%", "95% CI", "ratings (won | lost)")
    )
    for row in rows:
        games = row["games"]
        ratings = row["ratings"]
        won = " ".join("%s %d" % (r, ratings[r]) for r in WIN_RATINGS)
        lost = " ".join("%s %d" % (r, ratings[r]) for r in LOSS_RATINGS)
        out.write(
            "%-9s %4d %-7s %6d %6.1f%%  %5.1f%% - %5.1f%%  %s | %s\n"
            % (
                row["strategy"],
                row["side"],
                row["variant"],
                games,
                100.0 * row["wins"] / games,
                100.0 * row["low"],
                100.0 * row["high"],
                won,
                lost,
            )
        )


def draw(rows, path):
    """Win rates with their intervals, and the ratings as stacked shares."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    labels = ["%s\ns%d %s" % (r["strategy"], r["side"], r["variant"]) for r in rows]
    rates = [100.0 * r["wins"] / r["games"] for r in rows]
    below = [rate - 100.0 * r["low"] for rate, r in zip(rates, rows)]
    above = [100.0 * r["high"] - rate for rate, r in zip(rates, rows)]
    figure, (top, bottom) = plt.subplots(2, 1, figsize=(max(8, len(rows) * 0.9), 9))
    positions = range(len(rows))
    top.bar(positions, rates, yerr=[below, above], capsize=4, color="#4c72b0")
    top.set_ylabel("win rate, % (95% Wilson)")
    top.set_title("Mmm! by strategy, board side and variant (%d games each)" % rows[0]["games"])
    top.set_xticks(list(positions))
    top.set_xticklabels(labels, fontsize=7)
    base = [0.0] * len(rows)
    colours = (
        "#1a9850",
        "#66bd63",
        "#a6d96a",
        "#d9ef8b",
        "#fee08b",
        "#fdae61",
        "#f46d43",
        "#d73027",
    )
    for rating, colour in zip(RATINGS, colours):
        shares = [100.0 * r["ratings"][rating] / r["games"] for r in rows]
        bottom.bar(positions, shares, bottom=base, color=colour, label=RATING_TEXT[rating])
        base = [b + s for b, s in zip(base, shares)]
    bottom.set_ylabel("end rating, % of games")
    bottom.set_xticks(list(positions))
    bottom.set_xticklabels(labels, fontsize=7)
    bottom.legend(fontsize=7, ncol=4, loc="upper center", bbox_to_anchor=(0.5, -0.18))
    figure.tight_layout()
    figure.savefig(path, dpi=100)
    plt.close(figure)


def main(argv=None):
    parser = argparse.ArgumentParser(description="Game odds by simulation.")
    sub = parser.add_subparsers(dest="game", required=True)
    mmm = sub.add_parser("mmm", help="Mmm!: win rates and end ratings per strategy")
    mmm.add_argument("--games", type=int, default=1000, help="games per configuration")
    mmm.add_argument("--seed", type=int, default=1, help="seed of the first game")
    mmm.add_argument("--png", help="also draw a chart into this PNG file")
    mmm.add_argument(
        "--strategies",
        default=",".join(STRATEGIES),
        help="comma-separated: " + ", ".join(STRATEGIES),
    )
    args = parser.parse_args(argv)
    strategies = [name for name in args.strategies.split(",") if name]
    for name in strategies:
        if name not in STRATEGIES:
            parser.error("unknown strategy: " + name)
    if args.games < 1:
        parser.error("--games must be at least 1")
    progress = Progress(args.games * len(strategies) * len(CONFIGS))
    rows = simulate(args.games, args.seed, strategies, progress)
    report(rows)
    if args.png:
        draw(rows, args.png)
        print("chart: " + args.png)
    return 0


if __name__ == "__main__":
    sys.exit(main())
