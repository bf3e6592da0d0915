"""The expert-iteration loop behind `avarium train`: generation k+1 searches with an evaluation
fitted to the outcomes of generation k's self-play games, and is measured head to head against it.

Generation 0 is the starting profile (`mcts`, today's search bot). For each generation k >= 1,
in order, each step written to the output folder before the next starts, so a killed run
resumes where it stopped and a finished step is never played again:

1. `positions/gen<k>-<n>p.parquet`: for each player count n, `games` self-play games of
   generation k-1 (`mcts.gen<k-1>/<budget>` in every seat), a position noted at the start of
   every turn (workflows/train/selfplay.py), and about 2,000 of the search's decisions
   (`-decisions.npz`); `agreement/gen<k>-<n>p.csv` says, per kind of decision, how often the
   search's own playout heuristic would have chosen as it did (workflows/train/agreement.py);
2. `gen<k>.toml`: a profiles file, the starting file's profiles and generations 1..k, generation
   k being generation k-1's weights with its learned value fitted to those positions
   (workflows/train/fit.py) and a `[gen<k>.provenance]` table saying how;
3. `head_to_head/gen<k>-<n>p.json`: generation k against generation k-1 at the same budget on
   shared deals (workflows/head_to_head.py, as `avarium head-to-head` plays it);
4. `generations.csv`: the generation table, one row per generation and player count;
   `idols.csv` and `skill_trace_<n>p.png`: each Idol's rate at every generation whose self-play
   was played (workflows/train/skill_trace.py).

Every number of the run comes from its seed: generation k's self-play at n players uses the
seed `seed_of(seed, k, n)`, and its head to head `seed_of(seed, k, n) + 1`.
"""

from __future__ import annotations

import hashlib
import json
import math
import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from pathlib import Path

import numpy as np
import pandas as pd
from avarium.reports.pages import chart_footer
from avarium.simulator.cards.model import CardSet
from avarium.simulator.fileio import write_atomically, write_bytes_atomically
from avarium.simulator.game.rules import Rules
from avarium.strategies import bot_spec
from avarium.strategies.profiles import BUNDLED, load, setting_text
from avarium.strategies.weights import NAMES, W_VALUE_MODEL
from avarium.workflows.head_to_head import head_to_head
from avarium.workflows.train.agreement import agreement_table
from avarium.workflows.train.fit import ValueFit, fit_value
from avarium.workflows.train.selfplay import FEATURES, Decisions, play_positions
from avarium.workflows.train.skill_trace import SkillTrace

CHUNK = 50  # self-play games per task: small enough to spread over the workers
# About this many of the search's decisions are kept per generation and player count (every
# stride-th decision with a choice of each game; a game has about CHOICES_PER_GAME of them at
# two players, more at three and four).
DECISIONS = 2000
CHOICES_PER_GAME = 90
FORMAT = 1  # the provenance table's version
START = "mcts"
# A learned value is a log of a chance: a change of 1 (the chance times e) is squashed to 73%
# around the decision's value (value_scale 1; measured level with or above 0.5, 0.25 and 0.1).
LEARNED_VALUE_SCALE = 1.0


@dataclass(frozen=True)
class Plan:
    """What `avarium train` runs (each field as its option)."""

    cards: CardSet
    out: Path
    generations: int = 2
    games: int = 2000  # self-play games per generation and player count
    players: tuple[int, ...] = (2,)
    budget: int = 20  # search iterations per decision, for self-play and head to head
    check_games: int = 500  # head-to-head games per seat
    seed: int = 0
    jobs: int = 1
    profiles: Path | None = None  # the starting profiles (strategies/profiles.toml)
    start: str = START


def seed_of(seed: int, generation: int, players: int) -> int:
    """The seed of a generation's games at a player count, from the run's seed."""
    words = np.random.SeedSequence([seed, generation, players]).generate_state(1, np.uint32)
    return int(words[0]) >> 1  # below 2**31: a seed any command takes


def profile_name(plan: Plan, generation: int) -> str:
    return plan.start if generation == 0 else f"gen{generation}"


def profiles_file(plan: Plan, generation: int) -> Path | None:
    """The profiles file generation k's bot is read from (the starting file for generation 0).
    Each generation has its own file: profiles are cached by path for the life of a process."""
    return plan.profiles if generation == 0 else plan.out / f"gen{generation}.toml"


def bot(plan: Plan, generation: int) -> str:
    name = profile_name(plan, generation)
    return f"mcts.{name}/{plan.budget}" if name != "mcts" else f"mcts/{plan.budget}"


def recipe(plan: Plan) -> dict[str, object]:
    """What fixes a run's games (train.json): a resumed run must have the same, or its
    generations would mix games of two recipes. The number of generations and the workers may
    change (more generations continue the loop; the workers change no game)."""
    start = load(plan.profiles)[plan.start]
    return {
        "format": FORMAT,
        # what the cards and the starting profile are, not where they were read from: an
        # edited file under the same name is another run
        "cards": plan.cards.fingerprint,
        "start_weights": hashlib.sha256(np.asarray(start, "<f8").tobytes()).hexdigest()[:16],
        "games": plan.games,
        "players": list(plan.players),
        "budget": plan.budget,
        "check_games": plan.check_games,
        "seed": plan.seed,
        "profiles": str(plan.profiles) if plan.profiles else None,
        "start": plan.start,
    }


def check_folder(plan: Plan) -> None:
    """Refuse an output folder that holds another run's generations (ValueError naming the
    field that differs), or a file where the folder should be."""
    if plan.out.exists() and not plan.out.is_dir():
        raise ValueError(f"out: {plan.out} is a file, not a folder")
    path = plan.out / "train.json"
    if not path.exists():
        if plan.out.exists() and any(plan.out.iterdir()):
            raise ValueError(
                f"out: {plan.out} is not empty and holds no training run (no train.json): "
                "give a new folder, or the folder of the run to resume"
            )
        return
    try:
        before = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        raise ValueError(f"out: {path} cannot be read as a training run's recipe") from None
    now = recipe(plan)
    for key, value in now.items():
        if before.get(key) != value:
            raise ValueError(
                f"{key}: {plan.out} holds a training run with {key} {before.get(key)!r}, not "
                f"{value!r}; resume it with the same options, or give a new --out folder"
            )


def run(
    plan: Plan,
    say: Callable[[str], None] = lambda line: None,
    on_games: Callable[[str, int, int], None] = lambda step, done, total: None,
) -> pd.DataFrame:
    """Run (or resume) the loop; returns the generation table. `say` gets one line per step;
    `on_games(step, games done, games in the step)` is called as the games of a step that plays
    them (self-play, head to head) are played, first with none done."""
    check_folder(plan)
    plan.out.mkdir(parents=True, exist_ok=True)
    write_atomically(plan.out / "train.json", json.dumps(recipe(plan), indent=1) + "\n")
    (plan.out / "positions").mkdir(exist_ok=True)
    (plan.out / "head_to_head").mkdir(exist_ok=True)
    (plan.out / "agreement").mkdir(exist_ok=True)
    rows: list[dict] = []
    trace = SkillTrace(plan.out, plan.players, footer(plan))
    for k in range(1, plan.generations + 1):
        fits = {}
        agrees = {}
        for n in plan.players:
            table, decisions = _self_play(plan, k, n, say, on_games)
            fits[n] = fit_value(table, n)
            agrees[n] = _agreement(plan, k, n, decisions)
            f = fits[n]
            say(
                f"gen{k} at {n} players: value fitted to {f.games:,} games ({f.positions:,} "
                f"positions); held out: log-loss {f.log_loss:.3f} (even chance "
                f"{f.even_log_loss:.3f}), the favourite won {f.accuracy:.1%}; its playout "
                f"heuristic takes {agrees[n]:.1%} of the search's decisions"
            )
        _write_generation(plan, k, fits)
        for n in plan.players:
            result = _head_to_head(plan, k, n, say, on_games)
            f = fits[n]
            rows.append(
                {
                    "generation": k,
                    "players": n,
                    "bot": bot(plan, k),
                    "against": bot(plan, k - 1),
                    "self_play_games": f.games + f.held_out_games,
                    "positions": f.positions,
                    "log_loss": round(f.log_loss, 4),
                    "even_log_loss": round(f.even_log_loss, 4),
                    "accuracy": round(f.accuracy, 4),
                    "heuristic_agrees": round(agrees[n], 4),
                    "games": result["games"],
                    "share": round(result["share"], 4),
                    "low": round(result["low"], 4),
                    "high": round(result["high"], 4),
                    "fair_share": round(1 / n, 4),
                    "stronger": result["low"] > 1 / n,
                }
            )
        table = pd.DataFrame(rows)
        write_atomically(plan.out / "generations.csv", table.to_csv(index=False))
        write_atomically(plan.out / "profiles.toml", (plan.out / f"gen{k}.toml").read_text())
        trace.write(k)
    return pd.DataFrame(rows)


def footer(plan: Plan) -> Callable[[int, str], str]:
    """The line the run's charts carry, in the format of a report's charts
    (reports/pages.chart_footer): the seed, the cards and their fingerprint, the bots, then the
    chart's games and the day they were played."""
    changes = ", ".join([*plan.cards.sets, *(Path(p).name for p in plan.cards.patches)])
    cards = " with ".join(filter(None, [plan.cards.source, changes]))
    sets = [f"{cards} ({plan.cards.fingerprint[:12]})".strip()]
    bots = [f"{bot(plan, 0)} and its generations"]
    return partial(chart_footer, f"avarium train, seed {plan.seed}", sets, bots)


def _self_play(plan: Plan, k: int, n: int, say: Callable[[str], None], on_games):
    """Generation k-1's self-play games at n players: their positions and a sample of the
    search's decisions, played once and kept."""
    path = plan.out / "positions" / f"gen{k}-{n}p.parquet"
    kept = plan.out / "positions" / f"gen{k}-{n}p-decisions.npz"
    if path.exists() and kept.exists():
        say(f"gen{k} at {n} players: self-play games kept from before ({path.name})")
        return pd.read_parquet(path), Decisions.load(kept)
    from joblib import Parallel, delayed

    seed = seed_of(plan.seed, k, n)
    started = time.perf_counter()
    say(f"gen{k} at {n} players: {plan.games:,} self-play games of {bot(plan, k - 1)}…")
    spans = [(a, min(a + CHUNK, plan.games)) for a in range(0, plan.games, CHUNK)]
    stride = max(1, round(plan.games * CHOICES_PER_GAME / DECISIONS))
    step = f"gen{k} self-play, {n} players"
    on_games(step, 0, plan.games)
    parts = []
    # in order, as each task ends: the same parts as a list would give, counted as they come
    for part in Parallel(n_jobs=plan.jobs, return_as="generator")(
        delayed(play_positions)(
            plan.cards, Rules(), n, bot(plan, k - 1), seed, a, b, profiles_file(plan, k - 1),
            stride,
        )
        for a, b in spans
    ):  # fmt: skip
        parts.append(part)
        on_games(step, spans[len(parts) - 1][1], plan.games)
    table = pd.concat([t for t, _ in parts], ignore_index=True)
    decisions = Decisions.joined([d for _, d in parts])
    write_bytes_atomically(kept, decisions.save())
    write_bytes_atomically(path, table.to_parquet(index=False))  # last: the step is done
    say(f"gen{k} at {n} players: played in {time.perf_counter() - started:.0f} s")
    return table, decisions


def _agreement(plan: Plan, k: int, n: int, decisions: Decisions) -> float:
    """agreement/gen<k>-<n>p.csv: where generation k-1's search departed from its own playout
    heuristic; returns the share of its decisions the heuristic takes too."""
    weights = bot_spec(bot(plan, k - 1), profiles_file(plan, k - 1)).weights
    table = agreement_table(plan.cards, decisions, weights)
    write_atomically(plan.out / "agreement" / f"gen{k}-{n}p.csv", table.to_csv(index=False))
    return float(table["agrees"].iloc[-1])


def _head_to_head(plan: Plan, k: int, n: int, say: Callable[[str], None], on_games) -> dict:
    path = plan.out / "head_to_head" / f"gen{k}-{n}p.json"
    if path.exists():
        return json.loads(path.read_text())
    new, old = bot(plan, k), bot(plan, k - 1)
    say(f"gen{k} at {n} players: {new} against {old}, {plan.check_games:,} games per seat…")
    # the old bot is read from the new generation's file too: it holds every earlier profile
    step = f"gen{k} head to head, {n} players"
    result = head_to_head(
        plan.cards, new, old, n, plan.check_games, seed_of(plan.seed, k, n) + 1,
        profiles_file(plan, k), plan.jobs,
        lambda event: on_games(step, event.games_done, event.games_total),
    ).as_dict()  # fmt: skip
    write_atomically(path, json.dumps(result, indent=1) + "\n")
    verdict = "stronger" if result["low"] > 1 / n else "not shown stronger"
    say(
        f"gen{k} at {n} players: won {result['share']:.1%} ({result['low']:.1%}-"
        f"{result['high']:.1%}) of {result['games']:,} games, fair share {1 / n:.1%}: {verdict}"
    )
    return result


def _write_generation(plan: Plan, k: int, fits: dict[int, ValueFit]) -> None:
    """gen<k>.toml: the starting profiles, generations 1..k-1 as written, and generation k."""
    start_text = (plan.profiles or BUNDLED).read_text(encoding="utf-8-sig")
    earlier = ""
    if k > 1:
        text = (plan.out / f"gen{k - 1}.toml").read_text()
        earlier = text[len(start_text) :]
    parent = load(profiles_file(plan, k - 1))[profile_name(plan, k - 1)]
    weights = dict(zip(NAMES, (float(x) for x in parent), strict=True))
    weights[NAMES[W_VALUE_MODEL]] = 1.0
    weights["value_scale"] = LEARNED_VALUE_SCALE
    provenance: dict[str, object] = {
        "format": FORMAT,
        "generation": k,
        "parent": profile_name(plan, k - 1),
        "seed": plan.seed,
        "budget": plan.budget,
        "features": list(FEATURES),
    }
    for n, f in fits.items():
        for feature, beta in f.coefficients.items():
            weights[f"v{n}_{feature}"] = beta
        provenance[f"games_{n}p"] = f.games + f.held_out_games
        provenance[f"positions_{n}p"] = f.positions
        provenance[f"held_out_log_loss_{n}p"] = round(f.log_loss, 4)
        provenance[f"even_log_loss_{n}p"] = round(f.even_log_loss, 4)
        provenance[f"held_out_accuracy_{n}p"] = round(f.accuracy, 4)
    lines = [
        "",
        f"# Generation {k}: {profile_name(plan, k - 1)}'s search with a value fitted to its "
        "self-play games (avarium train).",
        f"[gen{k}]",
        *(f"{name} = {setting_text(name, w) or _number(w)}" for name, w in weights.items()),
        "",
        f"[gen{k}.provenance]",
        *(f"{key} = {_toml(value)}" for key, value in provenance.items()),
    ]
    write_atomically(plan.out / f"gen{k}.toml", start_text + earlier + "\n".join(lines) + "\n")


def _number(x: float) -> str:
    if not math.isfinite(x):
        raise ValueError(f"a fitted weight is not finite: {x}")
    return str(int(x)) if x == int(x) and abs(x) < 1e15 else repr(x)


def _toml(value: object) -> str:
    if isinstance(value, float):
        return _number(value)
    if isinstance(value, list):
        return "[" + ", ".join(_toml(v) for v in value) + "]"
    if isinstance(value, str):
        return json.dumps(value)
    return str(value)
