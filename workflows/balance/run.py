"""The balance workflow (`avarium balance`, `avarium.balance(...)`): check the request,
search the allowed changes (search.py), check the starting and recommended sets at every tier
on fresh deals, write the patch, the page, the candidates log and the record (outputs.py) and
say what was found (headline.py)."""

from __future__ import annotations

import contextlib
import math
import time
from dataclasses import dataclass
from pathlib import Path

from avarium.analysis import balance as objective_module
from avarium.reports.output import check_target
from avarium.runner.experiment import ExperimentError
from avarium.runner.experiment_file import resolve
from avarium.runner.tiers import parse_tiers
from avarium.runner.variants import base_doc
from avarium.simulator.cards.errors import CardSetError
from avarium.simulator.constants import MAX_SEED
from avarium.workflows.balance import candidates
from avarium.workflows.balance import folder as balance_dir
from avarium.workflows.balance import search as search_module
from avarium.workflows.balance.conditions import Condition, Conditions, round_size
from avarium.workflows.balance.guards import Guards, guards_of
from avarium.workflows.balance.play import Table
from avarium.workflows.balance.request import (
    MARGIN_MOST,
    BalanceError,
    BalanceInputError,
    BalanceInterrupted,
    BalanceRequest,
    BalanceResult,
)
from avarium.workflows.balance.space import Space, build_space
from avarium.workflows.balance.verdict import status as verdict_of
from avarium.workflows.progress import SILENT, Progress

FIRST_RUNG_PER_IDOL = 60  # games of each Idol at the first rung: enough to drop the clearly bad
# Games of each Idol at the top rung at most: a rate's standard error is then 1 point or less,
# enough to rank candidates whose worst Idols differ by points. Without a cap the top rung grew
# with the budget (68,040 games for 1,000,000), and a search spent most of its games measuring
# a few finalists to a tenth of a point instead of trying more candidates.
TOP_RUNG_PER_IDOL = 2_500
# Games of each Idol in the final (standard error 0.8 points): the final decides the
# recommendation among a few, on fresh deals, so it measures closer than the rungs do; it may
# take up to a quarter of a games budget (search_module.FINAL_SHARE).
FINAL_PER_IDOL = 4_000
# Games a set plays at the first rung (--first-rung) or at each checked tier (--check-games) at
# most: a rung's candidates and the check are runs of a few dozen variants, and a run plays at
# most 2^31 games. Without it a count past that was refused after the search had started, by the
# run's internal field `games`.
MAX_SET_GAMES = 1_000_000


@dataclass
class _Prepared:
    """The request checked: the space, the table(s) the search plays, the starting set, the
    objective, the budget, the rungs, the request as recorded, the base document, and the
    first condition's player count and tier."""

    space: Space
    table: object
    start: object
    objective: object
    guards: Guards
    budget: object
    rungs: tuple
    recorded: dict
    doc: dict
    players: int
    tier: str


def _check_extremes(space: Space, cards) -> None:
    """Load the set with each card axis at its lowest and highest value (the others at their
    start), so that a value the card language refuses is named now, by its vary."""
    from avarium.simulator.cards.loader import load_cards
    from avarium.simulator.cards.numbers import set_expressions

    for axis in space.axes:
        if axis.number is None:
            continue
        for value in (min(axis.values), max(axis.values)):
            try:
                load_cards(cards.path, [*cards.sets, *set_expressions([(axis.number, value)])],
                           cards.patches)  # fmt: skip
            except CardSetError as exc:
                first = next(iter(exc.problems))
                raise BalanceInputError(
                    f'vary "{axis.name}": the value {value} makes the card set invalid: '
                    f"{first.message}"
                ) from None


def _prepare(r: BalanceRequest, jobs: int) -> _Prepared:
    """Everything checked before a game is played: the budget, the tiers, the card set, the
    axes. Raises BalanceInputError, ExperimentError or CardSetError."""
    try:
        games, seconds = balance_dir.parse_budget(r.budget)
    except ValueError as exc:
        raise BalanceInputError(str(exc)) from None
    for flag, count in (("first_rung", r.first_rung), ("check_games", r.check_games)):
        if count is not None and not 1 <= count <= MAX_SET_GAMES:
            raise BalanceInputError(
                f"{flag}: expected a whole number from 1 to {MAX_SET_GAMES:,}, got {count}"
            )
    for flag, cost in (("field_cost", r.field_cost), ("step_cost", r.step_cost)):
        # typer takes inf (it is at least 0), and an infinite cost makes every change lose
        if not math.isfinite(cost):
            raise BalanceInputError(f"{flag}: expected a finite number of at least 0, got {cost}")
    if not 0 <= r.margin <= MARGIN_MOST:  # the command line's own range, for Python callers
        raise BalanceInputError(f"margin: expected 0 to {MARGIN_MOST}, got {r.margin}")
    if not 0 <= r.others_weight <= 1:
        raise BalanceInputError(f"others_weight: expected 0 to 1, got {r.others_weight}")
    try:
        guards = guards_of(r.max_early_wins, r.turns)
    except ValueError as exc:
        raise BalanceInputError(str(exc)) from None
    try:  # checked now, as written; the check run resolves each tier's bot when it plays
        parse_tiers(r.check_tiers)
    except ValueError as exc:
        raise BalanceInputError(f"check_tiers: expected {exc}") from None
    check_tier_specs = [s.strip() for s in r.check_tiers.split(",") if s.strip()]
    conditions = _conditions(r)
    players = conditions[0].players
    from avarium.simulator.cards.loader import load_cards

    cards = load_cards(r.cards, list(r.sets), list(r.patches))
    paths = [str(p) for p in r.patches]
    tables, starts = [], []
    for c in conditions:
        doc_c = base_doc(c.players, c.tier, 1, r.seed, r.cards, list(r.sets), paths, r.profiles)
        tables.append(Table(doc_c, jobs))
        try:
            starts.append(tables[-1].start())
        except ExperimentError as exc:
            if any("bots" in line for line in exc.problems):
                raise _bad_tier(exc, c.tier) from None
            raise
    doc, start = tables[0].base, starts[0]
    # The check's tiers resolved now, so that a bad bot in them stops the search before it
    # starts, not after it.
    tiers = {k: v for k, v in doc.items() if k != "bots"} | {"tiers": check_tier_specs}
    try:
        resolve(tiers | {"games": 1}, "balance check", Path.cwd())
    except ExperimentError as exc:
        raise _bad_check_tiers(exc) from None
    try:
        space = build_space(list(r.vary), r.vary_file, cards, start.bonus)
    except ValueError as exc:  # named by its field, as every message of this request is
        raise BalanceInputError(str(exc)) from None
    several_counts = len({c.players for c in conditions}) > 1
    if several_counts and (r.fair_seats or any(a.seat is not None for a in space.axes)):
        raise BalanceInputError(
            "fair_seats and bonus.K need one `players`: a seat bonus is a rule of one table "
            "size (run `avarium tune-bonus` for each player count)"
        )
    _check_extremes(space, cards)
    idols = {card.id for card in cards.idols}
    held = space.unreached(start.idols, idols) if r.hold_unvaried else ()
    objective = objective_module.Objective(
        players,
        field_cost=r.field_cost,
        step_cost=r.step_cost,
        seats=r.fair_seats,
        margin=r.margin,
        others=r.others_weight,
        conditions=tuple(c.players for c in conditions) if len(conditions) > 1 else (),
        held=held,
        held_ids=tuple(start.idols[i] for i in held),
    )
    table = tables[0] if len(conditions) == 1 else Conditions(conditions, tables, starts)
    pool = len(start.idols)
    first = r.first_rung or -(-FIRST_RUNG_PER_IDOL * pool // players)
    # The rungs count games of the first condition; with several, a candidate's step plays
    # every condition, so the top rung is sized for ten evaluations of all of them.
    scale = table.games(0, 100_000) / 100_000
    # No rung beyond the one that measures every Idol to about a point: a bigger budget buys
    # more candidates, not more decimals (the check measures the winner on fresh deals).
    enough = TOP_RUNG_PER_IDOL * pool / players
    rungs = candidates.rungs_for((games or 200_000) / scale, first, round_size(start), enough)
    final_games = _final_games(r.finalists, rungs, games, scale, round_size(start), enough)
    recorded = {
        "players": players,
        "tier": start.bots[0],
        **(
            {"conditions": [{"tier": c.tier, "players": c.players} for c in conditions]}
            if len(conditions) > 1
            else {}
        ),
        "check_tiers": check_tier_specs,
        # The check has the last word: by default it measures as closely as the final did.
        "check_games": r.check_games or final_games,
        "vary": {a.name: list(a.values) for a in space.axes},
        "objective": objective.describe(),
        "seed": r.seed,
        "cards": start.cards,
        "sets": list(start.sets),
        "patches": list(start.patches),
        "card_set": start.card_set,
        "profiles": start.profiles,
        "budget": {"games": games, "minutes": None if seconds is None else seconds / 60},
        "rungs": list(rungs),
        "per_generation": search_module.PER_GENERATION,
        # Written only when there is a final, so that a search directory written before the
        # final existed resumes with finalists 0 (the same search).
        **({"finalists": r.finalists, "final_games": final_games} if r.finalists else {}),
        **({"always_search": True} if r.always_search else {}),
        # Written only when asked, so that a search directory of before guards resumes.
        **({"guards": guards.describe()} if guards else {}),
    }
    budget = candidates.Budget(games, seconds)
    return _Prepared(space, table, start, objective, guards, budget, rungs, recorded, doc,
                     players, conditions[0].tier)  # fmt: skip


def _final_games(finalists, rungs, games, scale, size, enough) -> int:
    """Games of each finalist in the final: enough to measure every Idol to about 0.8 points
    (FINAL_PER_IDOL; the top rung's 2,500 a point at most), within FINAL_SHARE of a games
    budget, never fewer than the top rung's."""
    if not finalists:
        return rungs[-1]
    want = FINAL_PER_IDOL / TOP_RUNG_PER_IDOL * enough
    if games is not None:
        want = min(want, search_module.FINAL_SHARE * games / scale / finalists)
    return max(rungs[-1], int(want // size) * size)


def _conditions(r: BalanceRequest) -> list[Condition]:
    """Every (tier, player count) the search plays, from `tier` and `players` (each one
    value or a comma list); the first is the one the rungs count games in."""
    tiers = [t.strip() for t in str(r.tier).split(",") if t.strip()]
    if not tiers:
        raise BalanceInputError(f'tier: expected a bot, or a comma list of bots, found "{r.tier}"')
    counts = []
    for part in str(r.players).split(","):
        text = part.strip()
        if text not in {"2", "3", "4"}:
            raise BalanceInputError(
                f'players: expected 2, 3 or 4, or a comma list of them, found "{r.players}"'
            )
        counts.append(int(text))
    if len(set(tiers)) < len(tiers) or len(set(counts)) < len(counts):
        raise BalanceInputError("tier and `players`: each value once")
    return [Condition(t, p) for t in tiers for p in counts]


def _bad_tier(exc: ExperimentError, tier: str) -> BalanceInputError:
    """A search tier the experiment refuses, named by its field (the experiment's own wording
    names its `bots` field, which the user never wrote)."""
    detail = "; ".join(line.split(": ", 1)[-1] for line in exc.problems if "bots" in line)
    return BalanceInputError(f'tier "{tier}": {detail}')


def _bad_check_tiers(exc: ExperimentError) -> BalanceInputError:
    """The check's tiers the experiment refuses, named by the flag the user wrote
    (`--check-tiers`, the request's `check_tiers`), not by the check experiment's `tiers` field."""
    lines = [
        f"check_tiers: {line.split(': ', 1)[-1]}" if "field tiers" in line else line
        for line in exc.problems
    ]
    return BalanceInputError("\n".join(lines))


@contextlib.contextmanager
def _locked(out: Path):
    from filelock import FileLock, Timeout

    lock = FileLock(out / balance_dir.LOCK_FILE)
    try:
        out.mkdir(parents=True, exist_ok=True)
        lock.acquire(timeout=0)
    except Timeout:
        raise BalanceError(
            f"{out} is being searched by another process; wait for it to finish"
        ) from None
    except OSError as exc:  # a read-only or full file system: said before any game is played
        raise BalanceError(f"cannot write {out}: {exc.strerror or exc}") from None
    try:
        yield
    finally:
        lock.release()


def _search(r: BalanceRequest, p: _Prepared, progress: Progress):
    def settled(counts) -> bool:
        if r.always_search:
            return False  # the designer asked for a search whatever the start shows
        found = objective_module.outside(counts, p.objective)
        return not found["idols"] and not found["seats"] and not p.guards.breaches(counts)

    search = search_module.Search(
        p.space,
        p.table,
        p.start.bonus,
        p.guards.scored(p.objective.score),
        settled,
        candidates.Journal(r.out / candidates.JOURNAL),
        p.rungs,
        seed=r.seed,
        finalists=r.finalists,
        final_games=p.recorded.get("final_games"),
    )
    with progress.search(p.budget.games) as bar:
        try:
            return search.run(p.budget, on_progress=bar.best, on_games=bar.games)
        except KeyboardInterrupt:
            raise BalanceInterrupted(
                f"interrupted; every candidate played is kept in {r.out}: run the same "
                "command again to continue"
            ) from None


def _check(r: BalanceRequest, p: _Prepared, result, jobs: int, progress: Progress) -> Path:
    """Play the starting and recommended sets at every checked tier, and each change alone at
    the search's tier, into OUT/check (an ordinary, resumable run)."""
    from avarium.runner import runner
    from avarium.simulator.cards.numbers import set_expressions

    space, start, best = p.space, p.start, result.best
    # Fresh deals: the search chose its best on games 0 to the top rung of its own seed, and
    # rates measured on the games a candidate was chosen on flatter it (the winner's curse).
    check = {k: v for k, v in p.doc.items() if k != "bots"} | {
        "games": p.recorded["check_games"],
        "seed": (r.seed + 1) % (MAX_SEED + 1),
    }
    user_sets = list(p.doc.get("sets", []))
    tiers = p.recorded["check_tiers"]
    # A search over several player counts is checked at each (objective_module.players_label
    # names the variants of the counts after the first).
    counts = list(dict.fromkeys(p.objective.conditions)) or [p.players]
    variants = [{"label": "start", "bots": p.tier}]
    for n in counts:
        label = objective_module.players_label("before", n, p.players)
        variants.append({"label": label, "tiers": tiers, "players": n})
    if best is not result.start:
        sets = set_expressions(space.card_changes(best.values))
        bonus = list(space.bonus(best.values, start.bonus))
        for n in counts:
            label = objective_module.players_label("after", n, p.players)
            variant = {"label": label, "tiers": tiers, "sets": user_sets + sets, "players": n}
            variants.append(variant | ({"bonus": bonus} if n == p.players else {}))
        for i, (axis, value) in enumerate(space.changes(best.values), 1):
            alone = [(axis.number, value)] if axis.number is not None else []
            variants.append(
                {
                    "label": f"alone {i}",
                    "bots": p.tier,
                    "sets": user_sets + set_expressions(alone),
                    "bonus": list(space.bonus([v if a is axis else a.start for a, v in
                                               zip(space.axes, best.values, strict=True)],
                                              start.bonus)),
                }
            )  # fmt: skip
    check["variant"] = variants
    experiment = resolve(check, "balance check", Path.cwd())
    out = r.out / "check"
    with progress.games() as bar:
        runner.run(experiment, out, jobs, on_progress=bar)
    return out


def balance(request: BalanceRequest, jobs: int = 1, progress: Progress = SILENT) -> BalanceResult:
    """Search, check and write (resuming a search in request.out that asked the same). Raises
    BalanceInputError, ExperimentError (the settings make no experiment) or CardSetError for a
    request it cannot take, before any game is played; BalanceDirError for a directory another
    search wrote; OutputError for a report folder it may not replace; BalanceError,
    BalanceInterrupted, RunError and DatasetError while it runs."""
    from avarium.analysis.dataset import load_run
    from avarium.workflows.balance.outputs import write_outputs

    out = request.out
    p = _prepare(request, jobs)
    resuming = balance_dir.check_out(out, p.recorded)
    check_target(out / "report")  # written last: a page it may not replace is said now
    record = {
        "request": p.recorded,
        "command": request.command,
        "objective": p.objective.describe(),
        "budget": p.recorded["budget"],
        "reproducible": p.recorded["budget"]["games"] is not None,
        "status": "searching",
    }
    with _locked(out):
        if not resuming:
            balance_dir.write_record(out, record)
        started = time.monotonic()
        result = _search(request, p, progress)
        seconds = time.monotonic() - started
        status = verdict_of(result, p.objective, p.guards)
        check_out = _check(request, p, result, jobs, progress)
        checked = load_run(check_out, play=None)  # how each tier plays, if tiered
        facts = write_outputs(request, record, p.space, p.start, p.objective, result, status,
                              checked, seconds, p.guards)  # fmt: skip
    return BalanceResult(facts, facts.pop("_before_after"), resuming)
