"""The bot ladder: every pair of bots plays both seat orders over every ordered pairing of
Idols on the same deals, so the table says which bot is stronger and by how much.

Win rates carry 95% Wilson intervals; the strength rating is a Bradley-Terry model with a
first-seat term, fitted by statsmodels on the aggregated results (a logit of "the first bot
won" on the difference of the two bots' strengths plus the seat advantage). A stalled game or
a draw counts as a game neither bot won, and is reported.
"""

from __future__ import annotations

import itertools
import time
import warnings
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pandas as pd
from avarium.simulator.api import Rules
from avarium.simulator.cards.model import CardSet
from avarium.simulator.engine.layout import R_STALLED
from avarium.simulator.run.batch import play_chunk
from joblib import Parallel, delayed
from statsmodels.tools.sm_exceptions import PerfectSeparationWarning

DEFAULT_BOTS = (
    "random",
    "heuristic.balanced",
    "heuristic.aggressive",
    "heuristic.economic",
    "heuristic.scheming",
    "lookahead",
)


@dataclass(frozen=True)
class LadderResult:
    matches: pd.DataFrame  # one row per (bot, opponent): games, wins, rate, low, high
    ratings: pd.DataFrame  # one row per bot: rating, low, high (random = 0 when present)
    seat_advantage: tuple[float, float, float]  # log-odds for the first seat, with its interval
    stalled: int
    games: int
    longest_game: int  # turns
    seconds: float


def _deals(seed: int, pair: int, n: int) -> tuple[np.ndarray, np.ndarray]:
    state = np.random.SeedSequence(seed, spawn_key=(pair,)).generate_state(2 * n, np.uint32)
    return state[:n], state[n:]


def _play(cards, rules, idols, first, second, deals, bots_seed, profiles):
    r = play_chunk(cards, rules, 2, idols, [first, second], deals, bots_seed, rules.seat_bonus(2),
                   profiles)  # fmt: skip
    return r.game[:, 0], r.game[:, 1], r.game[:, 2]


def run(
    cards: CardSet,
    bots: tuple[str, ...] = DEFAULT_BOTS,
    rounds: int = 5,
    seed: int = 0,
    jobs: int = 1,
    rules: Rules | None = None,
    profiles: Path | None = None,
) -> LadderResult:
    """Play the ladder: `rounds` games per ordered Idol pairing and seat order for each pair."""
    from avarium.strategies import canonical

    rules = rules or Rules()
    labels = [canonical(b, profiles) for b in bots]
    if len(set(labels)) != len(labels):
        raise ValueError("the ladder needs different bots, got " + ", ".join(labels))
    idol_defs = [cards.index[c.id] for c in cards.idols]
    pairings = np.array(list(itertools.permutations(idol_defs, 2)) * rounds, np.int32)
    n = len(pairings)
    tasks = []
    for k, (a, b) in enumerate(itertools.combinations(range(len(bots)), 2)):
        deals, bot_seeds = _deals(seed, k, n)
        tasks.append((a, b, deals, bot_seeds))  # a first, then b first, on the same deals
    t0 = time.perf_counter()
    work = [
        delayed(_play)(cards, rules, pairings, bots[x], bots[y], deals, bseeds, profiles)
        for a, b, deals, bseeds in tasks
        for x, y in ((a, b), (b, a))
    ]
    results = Parallel(n_jobs=jobs)(work)
    seconds = time.perf_counter() - t0
    rows = []
    stalled = 0
    longest = 0
    for i, (winner, reason, turns) in enumerate(results):
        a, b = tasks[i // 2][:2]
        first, second = (a, b) if i % 2 == 0 else (b, a)
        stalled += int(np.sum(reason == R_STALLED))
        longest = max(longest, int(turns.max()))
        rows.append(
            {
                "first": labels[first],
                "second": labels[second],
                "games": len(winner),
                "first_wins": int(np.sum(winner == 0)),
                "second_wins": int(np.sum(winner == 1)),
            }
        )
    games = pd.DataFrame(rows)
    return LadderResult(
        matches=match_table(games),
        ratings=bradley_terry(games, labels),
        seat_advantage=seat_term(games, labels),
        stalled=stalled,
        games=int(games["games"].sum()),
        longest_game=longest,
        seconds=seconds,
    )


def match_table(games: pd.DataFrame) -> pd.DataFrame:
    """Each bot's win rate against each opponent over both seat orders, with Wilson 95%."""
    from statsmodels.stats.proportion import proportion_confint

    a = games.rename(columns={"first": "bot", "second": "opponent", "first_wins": "wins"})
    b = games.rename(columns={"second": "bot", "first": "opponent", "second_wins": "wins"})
    both = pd.concat([a[["bot", "opponent", "games", "wins"]], b[["bot", "opponent", "games",
                                                                 "wins"]]])  # fmt: skip
    table = both.groupby(["bot", "opponent"], as_index=False)[["games", "wins"]].sum()
    low, high = proportion_confint(table["wins"], table["games"], alpha=0.05, method="wilson")
    table["rate"] = table["wins"] / table["games"]
    table["low"] = low
    table["high"] = high
    return table


def _design(games: pd.DataFrame, labels: list[str]) -> tuple[np.ndarray, np.ndarray]:
    """One row per (first, second) cell: +1 for the first bot, -1 for the second, the seat
    column; the reference bot (the first label) is dropped so the model is identified."""
    index = {b: i for i, b in enumerate(labels)}
    x = np.zeros((len(games), len(labels)))
    for r, (f, s) in enumerate(zip(games["first"], games["second"], strict=True)):
        x[r, index[f]] += 1.0
        x[r, index[s]] -= 1.0
    x = np.column_stack([x[:, 1:], np.ones(len(games))])
    decided = games["first_wins"] + games["second_wins"]
    y = np.column_stack([games["first_wins"], decided - games["first_wins"]])
    return x, y


def _fit(games: pd.DataFrame, labels: list[str]):
    import statsmodels.api as sm

    x, y = _design(games, labels)
    with warnings.catch_warnings():
        # a bot that never loses (or never wins) a pairing has an unbounded rating; its
        # interval then says so by being very wide, which is the honest answer
        warnings.simplefilter("ignore", PerfectSeparationWarning)
        return sm.GLM(y, x, family=sm.families.Binomial()).fit()


def bradley_terry(games: pd.DataFrame, labels: list[str]) -> pd.DataFrame:
    """Strength of each bot on the log-odds scale (the first bot = 0), with 95% intervals:
    a bot rated d above another beats it with probability 1 / (1 + exp(-d)) from an even seat."""
    fit = _fit(games, labels)
    ci = np.asarray(fit.conf_int(0.05))
    params = np.asarray(fit.params)
    rows = [{"bot": labels[0], "rating": 0.0, "low": 0.0, "high": 0.0}]
    for i, bot in enumerate(labels[1:]):
        rows.append({"bot": bot, "rating": params[i], "low": ci[i, 0], "high": ci[i, 1]})
    return pd.DataFrame(rows).sort_values("rating", ascending=False, ignore_index=True)


def seat_term(games: pd.DataFrame, labels: list[str]) -> tuple[float, float, float]:
    fit = _fit(games, labels)
    ci = np.asarray(fit.conf_int(0.05))
    return float(fit.params[-1]), float(ci[-1, 0]), float(ci[-1, 1])


def render(result: LadderResult) -> str:
    """The ladder as Markdown tables: win rates with intervals, then ratings."""
    m = result.matches
    bots = list(result.ratings["bot"])
    head = "| bot \\ opponent | " + " | ".join(bots) + " |"
    lines = [head, "|---" * (len(bots) + 1) + "|"]
    for bot in bots:
        cells = []
        for opp in bots:
            row = m[(m["bot"] == bot) & (m["opponent"] == opp)]
            if row.empty:
                cells.append("-")
            else:
                r = row.iloc[0]
                cells.append(f"{r.rate:.1%} ({r.low:.1%}-{r.high:.1%})")
        lines.append(f"| {bot} | " + " | ".join(cells) + " |")
    lines += ["", "| bot | rating (Bradley-Terry, log-odds) | 95% interval |", "|---|---|---|"]
    for r in result.ratings.itertuples():
        lines.append(f"| {r.bot} | {r.rating:+.2f} | {r.low:+.2f} to {r.high:+.2f} |")
    adv, lo, hi = result.seat_advantage
    lines += [
        "",
        f"First seat: {adv:+.2f} log-odds (95% {lo:+.2f} to {hi:+.2f}). "
        f"{result.games} games, {result.stalled} stalled (hit a safety cap), longest "
        f"{result.longest_game} turns, {result.seconds:.0f} s.",
    ]
    return "\n".join(lines)
