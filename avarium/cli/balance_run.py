"""The work of `avarium balance` (avarium/cli/balance.py declares its flags): check the request,
search, check the result at every tier, write and say what was found. Imported when the
command runs, so that registering the command stays light."""

from __future__ import annotations

import contextlib
import math
import time
from pathlib import Path

import typer

from avarium.analysis import balance as objective_module
from avarium.cli.balance_write import BALANCED, CANNOT, NO_CHANGE
from avarium.cli.common import jobs_to_use, load_cards_or_fail, nameable, print_json, records
from avarium.cli.errors import fail, say
from avarium.cli.progress import SearchBar
from avarium.reports.output import OutputError, check_target
from avarium.runner.experiment import ExperimentError
from avarium.runner.experiment_file import resolve
from avarium.runner.fields import flagged
from avarium.runner.tiers import parse_tiers
from avarium.runner.variants import base_doc
from avarium.simulator.cards.errors import CardSetError
from avarium.simulator.constants import MAX_SEED
from avarium.workflows.balance import folder as balance_dir
from avarium.workflows.balance import search as search_module
from avarium.workflows.balance.conditions import Condition, Conditions, round_size
from avarium.workflows.balance.play import Table
from avarium.workflows.balance.space import Space, build_space

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


def _problems(exc: ExperimentError) -> typer.Exit:
    for line in exc.problems:
        say(line, err=True)
    return fail("the search's settings do not make an experiment; nothing was played", 2)


def _check_extremes(space: Space, cards) -> None:
    """Load the set with each card axis at its lowest and highest value (the others at their
    start), so that a value the card language refuses is named now, by its --vary."""
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
                raise fail(
                    f"--vary {axis.name}: the value {value} makes the card set invalid: "
                    f"{first.message}",
                    2,
                ) from None


def _prepare(o: dict):
    """Everything checked before a game is played: the budget, the tiers, the card set, the
    axes; returns (space, table, start variant, objective, budget, rungs, request, base doc)."""
    try:
        games, seconds = balance_dir.parse_budget(o["budget"])
    except ValueError as exc:
        raise fail(str(exc), 2) from None
    for flag, count in (("--first-rung", o["first_rung"]), ("--check-games", o["check_games"])):
        if count is not None and not 1 <= count <= MAX_SET_GAMES:
            raise fail(
                f"{flag}: expected a whole number from 1 to {MAX_SET_GAMES:,}, got {count}", 2
            )
    for flag, cost in (("--field-cost", o["field_cost"]), ("--step-cost", o["step_cost"])):
        # typer takes inf (it is at least 0), and an infinite cost makes every change lose
        if not math.isfinite(cost):
            raise fail(f"{flag}: expected a finite number of at least 0, got {cost}", 2)
    try:  # checked now, as written; the check run resolves each tier's bot when it plays
        parse_tiers(o["check_tiers"])
    except ValueError as exc:
        raise fail(f"--check-tiers: expected {exc}", 2) from None
    check_tier_specs = [s.strip() for s in o["check_tiers"].split(",") if s.strip()]
    conditions = _conditions(o)
    o["players"], o["tier"] = conditions[0].players, conditions[0].tier
    cards = load_cards_or_fail(o["path"], o["sets"], o["patch"])
    paths = [str(p) for p in o["patch"]]
    tables, starts = [], []
    for c in conditions:
        doc_c = base_doc(c.players, c.tier, 1, o["seed"], o["path"], o["sets"], paths,
                         o["profiles"])  # fmt: skip
        tables.append(Table(doc_c, jobs_to_use(o["jobs"])))
        try:
            starts.append(tables[-1].start())
        except ExperimentError as exc:
            if any("bots" in line for line in exc.problems):
                raise _bad_tier(exc, c.tier) from None
            raise _problems(exc) from None
    doc, start = tables[0].base, starts[0]
    try:
        # The check's tiers resolved now, so that a bad bot in them stops the command before
        # the search, not after it.
        tiers = {k: v for k, v in doc.items() if k != "bots"} | {"tiers": check_tier_specs}
        resolve(tiers | {"games": 1}, "balance check", Path.cwd())
    except ExperimentError as exc:
        raise _problems(exc) from None
    try:
        space = build_space(o["vary"], o["vary_file"], cards, start.bonus)
    except ValueError as exc:
        raise fail(flagged(str(exc)), 2) from None
    several_counts = len({c.players for c in conditions}) > 1
    if several_counts and (o["fair_seats"] or any(a.seat is not None for a in space.axes)):
        raise fail(
            "--fair-seats and bonus.K need one --players: a seat bonus is a rule of one table "
            "size (run `avarium tune-bonus` for each player count)",
            2,
        )
    _check_extremes(space, cards)
    idols = {card.id for card in cards.idols}
    held = space.unreached(start.idols, idols) if o["hold_unvaried"] else ()
    objective = objective_module.Objective(
        o["players"],
        field_cost=o["field_cost"],
        step_cost=o["step_cost"],
        seats=o["fair_seats"],
        margin=o["margin"],
        conditions=tuple(c.players for c in conditions) if len(conditions) > 1 else (),
        held=held,
        held_ids=tuple(start.idols[i] for i in held),
    )
    table = tables[0] if len(conditions) == 1 else Conditions(conditions, tables, starts)
    pool = len(start.idols)
    first = o["first_rung"] or -(-FIRST_RUNG_PER_IDOL * pool // o["players"])
    # The rungs count games of the first condition; with several, a candidate's step plays
    # every condition, so the top rung is sized for ten evaluations of all of them.
    scale = table.games(0, 100_000) / 100_000
    # No rung beyond the one that measures every Idol to about a point: a bigger budget buys
    # more candidates, not more decimals (the check measures the winner on fresh deals).
    enough = TOP_RUNG_PER_IDOL * pool / o["players"]
    rungs = search_module.rungs_for((games or 200_000) / scale, first, round_size(start), enough)
    final_games = _final_games(o["finalists"], rungs, games, scale, round_size(start), enough)
    request = {
        "players": o["players"],
        "tier": start.bots[0],
        **(
            {"conditions": [{"tier": c.tier, "players": c.players} for c in conditions]}
            if len(conditions) > 1
            else {}
        ),
        "check_tiers": check_tier_specs,
        # The check has the last word: by default it measures as closely as the final did.
        "check_games": o["check_games"] or final_games,
        "vary": {a.name: list(a.values) for a in space.axes},
        "objective": objective.describe(),
        "seed": o["seed"],
        "cards": start.cards,
        "sets": list(start.sets),
        "patches": list(start.patches),
        "card_set": start.card_set,
        "profiles": start.profiles,
        "budget": {"games": games, "minutes": None if seconds is None else seconds / 60},
        "rungs": list(rungs),
        "per_generation": search_module.PER_GENERATION,
        # Written only when there is a final, so that a search directory written before the
        # final existed resumes with --finalists 0 (the same search).
        **({"finalists": o["finalists"], "final_games": final_games} if o["finalists"] else {}),
        **({"always_search": True} if o["always_search"] else {}),
    }
    budget = search_module.Budget(games, seconds)
    return space, table, start, objective, budget, rungs, request, doc


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


def _conditions(o: dict) -> list[Condition]:
    """Every (tier, player count) the search plays, from --tier and --players (each one
    value or a comma list); the first is the one the rungs count games in."""
    tiers = [t.strip() for t in str(o["tier"]).split(",") if t.strip()]
    if not tiers:
        raise fail(f'--tier: expected a bot, or a comma list of bots, found "{o["tier"]}"', 2)
    counts = []
    for part in str(o["players"]).split(","):
        text = part.strip()
        if text not in {"2", "3", "4"}:
            raise fail(
                f'--players: expected 2, 3 or 4, or a comma list of them, found "{o["players"]}"',
                2,
            )
        counts.append(int(text))
    if len(set(tiers)) < len(tiers) or len(set(counts)) < len(counts):
        raise fail("--tier and --players: each value once", 2)
    return [Condition(t, p) for t in tiers for p in counts]


def _bad_tier(exc: ExperimentError, tier: str) -> typer.Exit:
    """A search tier the experiment refuses, named by its flag (the experiment's own wording
    names its `bots` field, which the user never wrote)."""
    detail = "; ".join(line.split(": ", 1)[-1] for line in exc.problems if "bots" in line)
    return fail(f'--tier "{tier}": {detail}', 2)


@contextlib.contextmanager
def _locked(out: Path):
    from filelock import FileLock, Timeout

    lock = FileLock(out / balance_dir.LOCK_FILE)
    try:
        out.mkdir(parents=True, exist_ok=True)
        lock.acquire(timeout=0)
    except Timeout:
        raise fail(f"{out} is being searched by another process; wait for it to finish") from None
    except OSError as exc:  # a read-only or full file system: said before any game is played
        raise fail(f"cannot write {out}: {exc.strerror or exc}") from None
    try:
        yield
    finally:
        lock.release()


def _search(o, space, table, start, objective, budget, rungs, request):
    def settled(counts) -> bool:
        if o["always_search"]:
            return False  # the designer asked for a search whatever the start shows
        found = objective_module.outside(counts, objective)
        return not found["idols"] and not found["seats"]

    search = search_module.Search(
        space,
        table,
        start.bonus,
        objective.score,
        settled,
        search_module.Journal(o["out"] / search_module.JOURNAL),
        rungs,
        seed=o["seed"],
        finalists=o["finalists"],
        final_games=request.get("final_games"),
    )
    with SearchBar(o["quiet"] or o["as_json"], budget.games) as bar:
        try:
            return search.run(budget, on_progress=bar.best, on_games=bar.games)
        except ExperimentError as exc:
            raise _problems(exc) from None
        except KeyboardInterrupt:
            raise fail(
                f"interrupted; every candidate played is kept in {o['out']}: run the same "
                "command again to continue",
                130,
            ) from None


def _status(result, objective) -> str:
    """No change needed when the start is not shown outside the band (before any search, or,
    with --always-search, when no candidate beat it); balanced when the best candidate is not
    shown outside either (the same flag test, on the final's fresh games, or at the top rung
    without a final); else cannot. An estimate a fraction of a point out on a few hundred
    games is noise, not a verdict."""
    if result.settled:
        return NO_CHANGE
    best = result.best
    judged = best.final if best.final is not None else best.counts
    found = objective_module.outside(judged, objective)
    shown = found["idols"] or found["seats"]
    if best is result.start:  # nothing beat it: as good as it was, on both the search's games
        at_top = objective_module.outside(result.start.counts, objective)
        return CANNOT if shown or at_top["idols"] or at_top["seats"] else NO_CHANGE
    return CANNOT if shown else BALANCED


def _check(o, doc, space, start, result, request, objective) -> Path:
    """Play the starting and recommended sets at every checked tier, and each change alone at
    the search's tier, into OUT/check (an ordinary, resumable run)."""
    from avarium.cli.simulate import play_experiment
    from avarium.simulator.cards.numbers import set_expressions

    best = result.best
    # Fresh deals: the search chose its best on games 0 to the top rung of its own seed, and
    # rates measured on the games a candidate was chosen on flatter it (the winner's curse).
    check = {k: v for k, v in doc.items() if k != "bots"} | {
        "games": request["check_games"],
        "seed": (o["seed"] + 1) % (MAX_SEED + 1),
    }
    user_sets = list(doc.get("sets", []))
    tiers = request["check_tiers"]
    # A search over several player counts is checked at each (objective_module.players_label
    # names the variants of the counts after the first).
    counts = list(dict.fromkeys(objective.conditions)) or [o["players"]]
    variants = [{"label": "start", "bots": o["tier"]}]
    for p in counts:
        label = objective_module.players_label("before", p, o["players"])
        variants.append({"label": label, "tiers": tiers, "players": p})
    if best is not result.start:
        sets = set_expressions(space.card_changes(best.values))
        bonus = list(space.bonus(best.values, start.bonus))
        for p in counts:
            label = objective_module.players_label("after", p, o["players"])
            variant = {"label": label, "tiers": tiers, "sets": user_sets + sets, "players": p}
            variants.append(variant | ({"bonus": bonus} if p == o["players"] else {}))
        for i, (axis, value) in enumerate(space.changes(best.values), 1):
            alone = [(axis.number, value)] if axis.number is not None else []
            variants.append(
                {
                    "label": f"alone {i}",
                    "bots": o["tier"],
                    "sets": user_sets + set_expressions(alone),
                    "bonus": list(space.bonus([v if a is axis else a.start for a, v in
                                               zip(space.axes, best.values, strict=True)],
                                              start.bonus)),
                }
            )  # fmt: skip
    check["variant"] = variants
    try:
        experiment = resolve(check, "balance check", Path.cwd())
    except ExperimentError as exc:
        raise _problems(exc) from None
    out = o["out"] / "check"
    summary = play_experiment(experiment, out, o["jobs"], quiet=o["quiet"] or o["as_json"])
    return out, summary


def run_balance(o: dict) -> None:
    from avarium.analysis.dataset import DatasetError, load_run
    from avarium.cli.balance_write import headline, write_outputs

    out: Path = o["out"]
    nameable("--out", out)
    space, table, start, objective, budget, rungs, request, doc = _prepare(o)
    try:
        resuming = balance_dir.check_out(out, request)
    except balance_dir.BalanceDirError as exc:
        raise fail(str(exc)) from None
    try:  # OUT/report is written last: a page it may not replace is said before the search
        check_target(out / "report")
    except OutputError as exc:
        raise fail(str(exc), 2) from None
    record = {
        "request": request,
        "command": o["command"],
        "objective": objective.describe(),
        "budget": request["budget"],
        "reproducible": request["budget"]["games"] is not None,
        "status": "searching",
    }
    with _locked(out):
        if not resuming:
            balance_dir.write_record(out, record)
        elif not o["as_json"]:
            say(f"resuming the search in {out}")
        started = time.monotonic()
        result = _search(o, space, table, start, objective, budget, rungs, request)
        seconds = time.monotonic() - started
        status = _status(result, objective)
        check_out, _summary = _check(o, doc, space, start, result, request, objective)
        try:
            checked = load_run(check_out, play=None)  # how each tier plays, if tiered
        except DatasetError as exc:
            raise fail(str(exc)) from None
        try:
            facts = write_outputs(
                o, record, space, start, objective, result, status, checked, seconds
            )
        except OutputError as exc:  # files put into OUT/report during the search: kept
            raise fail(str(exc), 2) from None
    if o["as_json"]:
        print_json(facts | {"before_after": records(facts.pop("_before_after"))})
        return
    facts.pop("_before_after")
    say(headline(facts))
