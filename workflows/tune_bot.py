"""Fitting a heuristic profile's weights by self-play (`avarium tune-bot`): CMA-ES (the `cma`
package) proposes weights, and each proposal plays the incumbent profile on the same deals.

Fitness is the candidate's share of wins against the incumbent (a draw or a stalled game is no
win): at two players over both seat orders and every ordered pairing of the card set's Idols,
`rounds` games each; at three or four (`players`), the candidate in each seat in turn and the
incumbent in every other, over every ordered seating of the Idols (a fair share is then 1/N,
and a profile tuned at two players has only ever chosen among one enemy: which one it attacks
at a larger table is whatever its weights imply, docs/balance.md). Every candidate of every
generation plays the very same deals (common random numbers: the experiment's variants share
their seeds and seatings game for game, and every generation uses the same seed), so two
candidates differ by their weights, not their luck. One experiment per generation, a variant
per candidate and seat, played in memory by the runner; a candidate's wins are its seat's.

Only the weights the heuristic reads when it scores actions are tuned (TUNED); the others (the
position weights only the lookahead and MCTS read, and every budget) keep the starting
profile's values. Each tuned weight is searched on its own scale (half its starting value, at
least 0.5) within bounds (never below 0), and every candidate is rounded to 4 decimals before
it plays, so the profile written is exactly the one that played (same seed, same candidates).

A tuning killed part-way resumes from its log, as a run resumes from its parts: every row
names the request it belongs to (a hash of the cards, both profiles, rounds, players, seed and
population), the whole generations logged are replayed into CMA-ES without playing them again
(their candidates must be the very ones it proposes now), and play continues with the next. A
file at `log` that is not such a log is refused and kept.
"""

from __future__ import annotations

import csv
import hashlib
import io
import json
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
from avarium.runner import runner
from avarium.runner.experiment import card_fields, check_seed
from avarium.runner.experiment_file import resolve
from avarium.simulator.cards.model import CardSet
from avarium.simulator.fileio import read_regular, write_atomically
from avarium.simulator.safetext import csv_cell
from avarium.strategies.profiles import setting_text
from avarium.strategies.weights import NAMES

# The weights the heuristic reads when it scores actions (strategies/heuristic.py).
TUNED = (
    "merit",
    "hand",
    "board",
    "class_size",
    "wincon",
    "recruit",
    "spend",
    "scheme",
    "exhaust_pay",
    "ability",
    "fight",
    "expel_gain",
    "risk",
    "idol_damage",
    "support",
    "hold_surprise",
    "race",
    "menace",
    "guard",
    "keep_ready",
)
# Upper bounds other than the default (the start plus eight steps): a share stays a share.
UPPER = {"hold_surprise": 1.0}
SIGMA0 = 0.5  # CMA-ES's first step, in units of each weight's scale: half a scale each way
DECIMALS = 4
LOG_COLUMNS = ("generation", "candidate", "score", "wins", "games", "sigma", *TUNED, "request")
MAX_GENERATIONS = 10_000
MAX_POPULATION = 1_000


@dataclass(frozen=True)
class Generation:
    """One generation as it is logged and reported."""

    index: int
    scores: list[float]
    best: float
    sigma: float
    logged: bool = False  # read back from the log of an interrupted tuning, not played now


@dataclass
class TuneResult:
    profile: dict[str, float]  # every weight of the tuned profile, by name
    train_score: float  # the final mean's win share on the training deals
    check_score: float  # its win share on other deals (seed + 1): the honest figure
    games: int  # games played by this call (not those of logged generations it resumed)
    seconds: float
    generations: list[Generation] = field(default_factory=list)
    resumed: int = 0  # whole generations read back from the log


class LogError(ValueError):
    """The file at --log is not the log of an interrupted run of this very tuning; it was kept."""


@dataclass(frozen=True)
class _Logged:
    """One whole generation as the log holds it: its rows' text, and per candidate its
    weights and (wins, games)."""

    rows: list[list[str]]
    vectors: list[np.ndarray]
    played: list[tuple[int, int]]


def request_id(cards: CardSet, base: dict, against: dict, *numbers: int) -> str:
    """What a log row is of: the cards, both profiles' weights and the numbers that decide the
    candidates and their games (rounds, players, seed, population; not the budget, so a
    tuning can also be continued with more generations)."""
    doc = [cards.fingerprint, base, against, list(numbers), LOG_COLUMNS]
    return hashlib.sha256(json.dumps(doc, sort_keys=True).encode()).hexdigest()[:16]


def read_log(log: Path, request: str, population: int) -> list[_Logged]:
    """The whole generations that a run of `request` logged at `log` before it stopped ([]
    when there is no file): a row cut short by the kill, and the rows after it, are dropped.
    LogError for anything else: another tuning's log, a user's file, a link."""
    if not log.exists() and not log.is_symlink():
        return []
    kept = f"{log} is kept"
    if log.is_symlink():
        raise LogError(f"log: {log} is a symbolic link; {kept}: choose another file")
    try:
        rows = list(csv.reader(io.StringIO(read_regular(log).decode("utf-8"))))
    except (OSError, UnicodeDecodeError, csv.Error) as exc:
        raise LogError(f"log: {log} exists and is not a tune-bot log ({exc}); {kept}") from None
    if not rows or tuple(rows[0]) != LOG_COLUMNS:
        raise LogError(
            f"log: {log} exists and is not a tune-bot log (its first line is not the log's "
            f"columns); {kept}: choose another file, or delete that one to write it anew"
        )
    generations: list[_Logged] = []
    current = _Logged([], [], [])
    for row in rows[1:]:
        if len(row) != len(LOG_COLUMNS) or row[0] in ("final", "check"):
            break
        if row[-1] != request:
            raise LogError(
                f"log: {log} is the log of another tuning (other cards, profiles, rounds, "
                f"players, seed or population); {kept}: choose another file"
            )
        try:
            g, i, wins, games = int(row[0]), int(row[1]), int(row[3]), int(row[4])
            vector = np.array([float(x) for x in row[6:-1]])
        except ValueError:
            break
        if (g, i) != (len(generations), len(current.rows)):
            break
        current.rows.append(row)
        current.vectors.append(vector)
        current.played.append((wins, games))
        if len(current.rows) == population:
            generations.append(current)
            current = _Logged([], [], [])
    return generations


def _whole(value: object, name: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ValueError(f"{name}: expected a whole number from {low} to {high:,}, got {value!r}")
    return value


def check_inputs(
    cards: CardSet,
    generations: int,
    population: int,
    rounds: int,
    seed: int,
    start: str,
    against: str,
    name: str,
    table: dict[str, np.ndarray],
    players: int = 2,
) -> None:
    """The command's input, each problem a ValueError naming the field."""
    _whole(generations, "generations", 1, MAX_GENERATIONS)
    _whole(population, "population", 2, MAX_POPULATION)
    _whole(rounds, "rounds", 1, 1_000_000)
    _whole(players, "players", 2, 4)
    check_seed(seed)
    if len(cards.idols) < players:
        raise ValueError(
            f"cards: tuning at {players} players seats {players} different Idols a game; "
            f"{cards.source} has {len(cards.idols)}"
        )
    for field_name, profile in (("start", start), ("against", against)):
        if profile not in table:
            raise ValueError(
                f'{field_name}: no profile "{profile}" (profiles: {", ".join(sorted(table))})'
            )
    if not name.isidentifier():
        raise ValueError(f"name: expected a profile name of letters, digits and _, got {name!r}")
    if name == against:
        raise ValueError(f'name: the tuned profile needs a name other than "{against}"')


def profile_toml(name: str, weights: dict[str, float], comment: str = "") -> str:
    """One profile as a TOML table (every weight, in the order the bots read them)."""
    lines = [f"# {line}" if line else "#" for line in comment.splitlines()]
    lines.append(f"[{name}]")
    for weight, value in weights.items():
        number = float(value)
        text = str(int(number)) if number == int(number) else repr(round(number, DECIMALS))
        lines.append(f"{weight} = {setting_text(weight, number) or text}")
    return "\n".join(lines) + "\n"


class _Codec:
    """Weights to and from CMA-ES's coordinates: x = (weight - start) / scale, bounded so that
    no weight goes below 0 (or above its upper bound)."""

    def __init__(self, start: dict[str, float]) -> None:
        self.start = np.array([start[w] for w in TUNED])
        self.scale = np.maximum(np.abs(self.start) * 0.5, 0.5)
        upper = np.array(
            [UPPER.get(w, s + 8 * c) for w, s, c in zip(TUNED, self.start, self.scale, strict=True)]
        )
        self.lower_x = (0.0 - self.start) / self.scale
        self.upper_x = (upper - self.start) / self.scale

    def weights(self, x: np.ndarray) -> np.ndarray:
        x = np.clip(np.asarray(x, float), self.lower_x, self.upper_x)
        return np.round(self.start + self.scale * x, DECIMALS)


def _play(
    cards: CardSet,
    candidates: list[np.ndarray],
    base: dict[str, float],
    against: str,
    against_weights: dict[str, float],
    rounds: int,
    seed: int,
    jobs: int,
    workdir: Path,
    tag: str,
    players: int = 2,
) -> list[tuple[int, int]]:
    """(wins, games) of each candidate against the incumbent, in every seat, every ordered
    seating of the Idols, on the deals of `seed` (the same for every candidate)."""
    names = [f"candidate{i}" for i in range(len(candidates))]
    text = [profile_toml(against, against_weights)]
    for label, vector in zip(names, candidates, strict=True):
        text.append(profile_toml(label, base | dict(zip(TUNED, vector.tolist(), strict=True))))
    # A file per generation: profiles are read once per path and process (profiles.load).
    path = workdir / f"{tag}.toml"
    path.write_text("\n".join(text), encoding="utf-8")
    incumbent = f"heuristic.{against}"
    variants, seated = [], []  # seated[v]: (candidate, its seat) of variant v
    for i, label in enumerate(names):
        for k in range(players):
            bots = [incumbent] * players
            bots[k] = f"heuristic.{label}"
            variants.append({"label": f"{label} in seat {k + 1}", "bots": bots})
            seated.append((i, k))
    doc = {
        "seed": seed,
        "players": players,
        "seating": "all",
        "games_per_pairing": rounds,
        "profiles": str(path),
        **card_fields(cards),
        "variant": variants,
    }
    experiment = resolve(doc, "tune-bot", Path.cwd())
    wins, games = [0] * len(names), [0] * len(names)
    for p in runner.play_in_memory(experiment, jobs):
        i, k = seated[p.chunk.variant]
        g = p.games.values  # a row per game and seat; a draw or a stalled game is no win
        games[i] += int((g["seat"] == 0).sum())
        wins[i] += int((g["won"].astype(bool) & (g["seat"] == k)).sum())
    return list(zip(wins, games, strict=True))


def tune(
    cards: CardSet,
    table: dict[str, np.ndarray],
    generations: int,
    population: int,
    rounds: int,
    seed: int,
    log: Path,
    start: str = "balanced",
    against: str = "balanced",
    jobs: int = 1,
    on_generation: Callable[[Generation], None] | None = None,
    players: int = 2,
) -> TuneResult:
    """Fit the TUNED weights of profile `start` against profile `against` of `table` (the loaded
    profiles, as strategies.profiles.load gives them), writing every candidate to the CSV `log`
    as its generation ends. Check the input with check_inputs first."""
    import cma

    began = time.perf_counter()
    jobs = runner.check_jobs(jobs)
    base = dict(zip(NAMES, (float(x) for x in table[start]), strict=True))
    against_weights = dict(zip(NAMES, (float(x) for x in table[against]), strict=True))
    codec = _Codec(base)
    options = {
        "popsize": population,
        "seed": seed + 1,  # cma draws a seed from the clock for 0
        "bounds": [codec.lower_x.tolist(), codec.upper_x.tolist()],
        "verbose": -9,
        "verb_log": 0,
        "verb_disp": 0,
        "tolfun": 0.0,  # stop on the budget, not because a generation's scores tie
        "tolflatfitness": generations + 1,
    }
    es = cma.CMAEvolutionStrategy(np.zeros(len(TUNED)), SIGMA0, options)
    result = TuneResult({}, 0.0, 0.0, 0, 0.0)
    request = request_id(cards, base, against_weights, rounds, players, seed, population)
    logged = read_log(log, request, population)
    if len(logged) > generations:
        raise LogError(
            f"generations: {log} already holds {len(logged)} generations of this tuning; "
            f"give --generations {len(logged)} or more to finish it"
        )
    # The log anew with its whole generations only, then appended to as each one ends.
    text = io.StringIO()
    csv.writer(text).writerows([LOG_COLUMNS, *(row for gen in logged for row in gen.rows)])
    write_atomically(log, text.getvalue())
    result.resumed = len(logged)
    with (
        tempfile.TemporaryDirectory(prefix="avarium-tune-") as tmp,
        log.open("a", newline="", encoding="utf-8") as handle,
    ):
        writer = csv.writer(handle)
        for g in range(generations):
            xs = es.ask()
            vectors = [codec.weights(x) for x in xs]
            sigma = float(es.sigma)
            if g < len(logged):  # replayed: the same candidates, their logged games
                if not all(map(np.array_equal, vectors, logged[g].vectors)):
                    raise LogError(
                        f"log: generation {g} in {log} holds other candidates than this "
                        f"command proposes (written by another version of the toolkit?); "
                        f"{log} is kept: choose another file"
                    )
                played = logged[g].played
            else:
                played = _play(
                    cards, vectors, base, against, against_weights, rounds, seed, jobs,
                    Path(tmp), f"generation{g}", players,
                )  # fmt: skip
                result.games += sum(n for _, n in played)
                for i, (vector, (wins, games)) in enumerate(zip(vectors, played, strict=True)):
                    row = [g, i, f"{wins / games:.6f}", wins, games, f"{sigma:.6f}"]
                    row += [f"{v:.{DECIMALS}f}" for v in vector] + [request]
                    writer.writerow([csv_cell(cell) for cell in row])  # numbers: as written
                handle.flush()
            scores = [w / n for w, n in played]
            es.tell(xs, [-s for s in scores])  # CMA-ES minimises
            gen = Generation(g, scores, max(scores), sigma, logged=g < len(logged))
            result.generations.append(gen)
            if on_generation is not None:
                on_generation(gen)
        final = codec.weights(es.result.xfavorite)  # the search's mean, not a lucky sample
        common = (base, against, against_weights, rounds)
        (train,), (check,) = (
            _play(cards, [final], *common, s, jobs, Path(tmp), t, players)
            for s, t in ((seed, "final"), (seed + 1, "check"))
        )
        for label, (wins, games) in (("final", train), ("check", check)):
            row = [label, "mean", f"{wins / games:.6f}", wins, games, f"{float(es.sigma):.6f}"]
            row += [f"{v:.{DECIMALS}f}" for v in final] + [request]
            writer.writerow([csv_cell(cell) for cell in row])
        result.games += train[1] + check[1]
    result.profile = base | dict(zip(TUNED, final.tolist(), strict=True))
    result.train_score = train[0] / train[1]
    result.check_score = check[0] / check[1]
    result.seconds = time.perf_counter() - began
    return result


def write_profiles(
    out: Path, name: str, result: TuneResult, against: str, against_weights: dict, command: str
) -> None:
    """The tuned profile and the incumbent it was tuned against, as a profiles file that
    `--profiles OUT` takes as it is (`heuristic.NAME` against `heuristic.AGAINST`)."""
    comment = (
        f"Tuned by `{command}`:\n"
        f"{result.train_score:.1%} of its games won against {against} on the tuning deals, "
        f"{result.check_score:.1%} on other deals."
    )
    text = profile_toml(name, result.profile, comment)
    text += "\n" + profile_toml(against, against_weights, "The incumbent it was tuned against.")
    write_atomically(out, text)
