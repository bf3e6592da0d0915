"""The workflows from Python (`import avarium`, docs/python.md): each call checks its
arguments as the rest of the facade does, builds the workflow's request (the object the command
line builds from its flags) and runs the same workflow, so that a call and the command give the
same games and the same figures on the same seed."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from avarium.runner.variants import MAX_POINTS
from avarium.simulator import arguments
from avarium.workflows import sequential as sequential_workflow
from avarium.workflows import sweep as sweep_workflow
from avarium.workflows import until as until_workflow
from avarium.workflows.balance import request as balance_request

CARDS = "a card file or folder, or a bundled set's name"
SETS = 'card overrides such as "kumara_raj.merit=18"'


def _optional_path(name: str, value: object, what: str) -> Path | None:
    return None if value is None else arguments.path(name, value, what)


def _optional_whole(name: str, value: object, low: int) -> int | None:
    return None if value is None else arguments.whole(name, value, low)


def _points(
    players: int = 2,
    games_per_point: int = 2_000,
    bots: str | Sequence[str] | None = None,
    tiers: str | Sequence[str] | None = None,
    seed: int = 0,
    out: str | Path | None = None,
    cards: str | Path | None = None,
    patch: str | Path | Sequence[str | Path] = (),
    profiles: str | Path | None = None,
    max_points: int = MAX_POINTS,
    charts: bool = True,
) -> dict:
    """The fields every sweep point shares, checked (workflows/sweep.py's PointsRequest): the
    keywords `tune_bonus` and `sweep` take beside their own."""
    if tiers is not None and not isinstance(tiers, str):
        tiers = arguments.texts("tiers", tiers, "skill tiers such as heuristic or mcts=5%")
    arguments.of_type("charts", charts, bool, "True or False")
    return {
        "players": arguments.whole("players", players, 2, 4),
        "games_per_point": arguments.whole("games_per_point", games_per_point, 1),
        "bots": None if bots is None else ",".join(arguments.texts("bots", bots, "bot specs")),
        "tiers": tiers,
        "seed": arguments.whole("seed", seed, 0),
        "out": _optional_path("out", out, "a run directory"),
        "cards": _optional_path("cards", cards, CARDS),
        "patches": arguments.paths("patch", patch, "patch files"),
        "profiles": _optional_path("profiles", profiles, "a bot-profiles file"),
        "max_points": arguments.whole("max_points", max_points, 1),
        "charts": charts,
    }


def tune_bonus(
    max_bonus: int = 4,
    set: str | Sequence[str] = (),
    jobs: int = 1,
    levers: str | Sequence[str] = (),
    **points: object,
) -> sweep_workflow.SweepResult:
    """Play every starting-bonus vector up to `max_bonus` on the same deals, with every
    combination of the seat `levers` (`"no-first-draw"`, `"no-first-recruit"`,
    `"last-draws-two"`; docs/rulings.md, ruling 25), and recommend the fairest, as `avarium
    tune-bonus` does (default out: runs/tune-<N>p; played again, it resumes or reads the run).
    `points`: players, games_per_point, bots, tiers, seed, out, cards, patch, profiles,
    max_points, charts (False: the report without charts), as `_points` takes them."""
    request = sweep_workflow.TuneBonusRequest(
        max_bonus=arguments.whole("max_bonus", max_bonus, 0),
        sets=arguments.texts("set", set, SETS),
        levers=arguments.texts("levers", levers, "seat levers such as no-first-draw"),
        **_points(**points),
    )
    return sweep_workflow.tune_bonus(request, arguments.whole("jobs", jobs, 1))


def sweep(sweep: str | Sequence[str], jobs: int = 1, **points: object):
    """Play one or two card fields at every value on the same deals (`"kumara_raj.merit=16..22"`,
    FROM..TO..STEP or a comma list), as `avarium sweep` does (default out:
    runs/sweep-<field>); `points` as tune_bonus's."""
    fields = arguments.texts("sweep", sweep, "card fields such as kumara_raj.merit=16..22")
    request = sweep_workflow.SweepRequest(sweep=fields, **_points(**points))
    return sweep_workflow.sweep(request, arguments.whole("jobs", jobs, 1))


def compare(
    a: str | Path,
    b: str | Path | None = None,
    set: str | Sequence[str] = (),
    patch: str | Path | Sequence[str | Path] = (),
    delta: float = 0.03,
    alpha: float = 0.05,
    beta: float = 0.10,
    max_games: int | None = None,
    seed: int | None = None,
    out: str | Path | None = None,
    jobs: int = 1,
) -> sequential_workflow.CompareResult:
    """Play B against A round by round on the same deals until every Idol is decided changed
    or unchanged by as much as `delta`, as `avarium compare --sequential` does. `a` and `b` are
    experiment files or run directories; without `b`, B is A with `set` and `patch` applied."""
    request = sequential_workflow.CompareRequest(
        a=arguments.path("a", a, "an experiment file or a run directory"),
        b=_optional_path("b", b, "an experiment file or a run directory"),
        out=_optional_path("out", out, "a directory for both runs"),
        sets=arguments.texts("set", set, SETS),
        patches=arguments.paths("patch", patch, "patch files"),
        delta=_number("delta", delta),
        alpha=_number("alpha", alpha),
        beta=_number("beta", beta),
        seed=_optional_whole("seed", seed, 0),
        games=_optional_whole("max_games", max_games, 1),
    )
    return sequential_workflow.compare(request, arguments.whole("jobs", jobs, 1))


def _number(name: str, value: object) -> float:
    """A number (its range is the workflow's to check)."""
    value = arguments.plain(value)
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise TypeError(f"{name}: expected a number, got {value!r:.60}")
    return float(value)


def _turns(value: object) -> str | None:
    """A range of turns, "8-16" or (8, 16), as the request takes it (it checks the range)."""
    value = arguments.plain(value)
    if value is None or isinstance(value, str):
        return value
    pair = arguments.whole_numbers("turns", value, 1, 10_000)
    if len(pair) != 2:
        raise TypeError(f'turns: expected a range such as "8-16" or (8, 16), got {value!r:.60}')
    return f"{pair[0]}-{pair[1]}"


def balance(
    vary: str | Sequence[str] = (),
    vary_file: str | Path | None = None,
    players: int | Sequence[int] = 2,
    budget: int | str = 200_000,
    tier: str | Sequence[str] = "heuristic.tuned",
    check_tiers: str | Sequence[str] | None = None,
    check_games: int | None = None,
    field_cost: float = 0.01,
    step_cost: float = 0.005,
    margin: float = balance_request.MARGIN,
    others_weight: float = balance_request.OTHERS_WEIGHT,
    max_early_wins: float | None = None,
    turns: str | tuple[int, int] | None = None,
    finalists: int = balance_request.FINALISTS,
    fair_seats: bool = False,
    hold_unvaried: bool = True,
    always_search: bool = False,
    first_rung: int | None = None,
    seed: int = 0,
    out: str | Path = Path("runs") / "balance",
    cards: str | Path | None = None,
    set: str | Sequence[str] = (),
    patch: str | Path | Sequence[str | Path] = (),
    profiles: str | Path | None = None,
    jobs: int = 1,
):
    """Search the allowed changes (`vary`, each "CARD.FIELD=FROM..TO") for the fewest, smallest
    that bring every Idol inside the band, check the result at every tier on fresh deals and
    write the patch, the page and the record into `out`, as `avarium balance` does
    (docs/balance.md). `players` and `tier` are one value or a list (every one searched at
    once); `budget` games, or minutes as "20m"; `max_early_wins` (a share) and `turns` ("8-16"
    or (8, 16)) are the guards against degenerate play. Returns a BalanceResult: `facts` (what
    `--json` prints, with `before_after`), `lines()` (what the command says)."""
    from avarium.workflows.balance import run

    counts = [players] if not isinstance(players, Sequence) else list(players)
    defaults = balance_request.BalanceRequest()
    request = balance_request.BalanceRequest(
        vary=arguments.texts("vary", vary, "ranges such as touka.combat=2..5") if vary else [],
        vary_file=_optional_path("vary_file", vary_file, "a TOML file with a [vary] table"),
        players=",".join(str(arguments.whole("players", n, 2, 4)) for n in counts),
        budget=str(budget if isinstance(budget, str) else arguments.whole("budget", budget, 1)),
        tier=",".join(arguments.texts("tier", tier, "bot specs")),
        check_tiers=defaults.check_tiers
        if check_tiers is None
        else ",".join(arguments.texts("check_tiers", check_tiers, "skill tiers")),
        check_games=_optional_whole("check_games", check_games, 1),
        field_cost=_number("field_cost", field_cost),
        step_cost=_number("step_cost", step_cost),
        margin=_number("margin", margin),
        others_weight=_number("others_weight", others_weight),
        max_early_wins=None
        if max_early_wins is None
        else _number("max_early_wins", max_early_wins),
        turns=_turns(turns),
        finalists=arguments.whole("finalists", finalists, 0, 9),
        fair_seats=bool(fair_seats),
        hold_unvaried=bool(hold_unvaried),
        always_search=bool(always_search),
        first_rung=_optional_whole("first_rung", first_rung, 1),
        seed=arguments.whole("seed", seed, 0),
        out=arguments.path("out", out, "a search directory"),
        cards=_optional_path("cards", cards, CARDS),
        sets=arguments.texts("set", set, SETS),
        patches=arguments.paths("patch", patch, "patch files"),
        profiles=_optional_path("profiles", profiles, "a bot-profiles file"),
    )
    return run.balance(request, arguments.whole("jobs", jobs, 1))


def run_until(
    experiment: object,
    out: str | Path,
    precision: float | None = None,
    band: Sequence[float] = (0.45, 0.55),
    jobs: int = 1,
) -> until_workflow.UntilResult:
    """Play `experiment` (an `avarium.Experiment`) into the run directory `out` in rounds until
    every Idol's band verdict is decided, with the two-player `band` (as `avarium simulate
    --until settled`), or, given `precision`, until every Idol's 95% interval is within
    +/-`precision` (as `--precision`); its games are the cap. Played again, it reads the rounds
    already written and reaches the same stop. Returns an UntilResult: `as_dict()` (what
    `--json` prints), `lines()` (what the command says), `until` and `decision`."""
    from avarium.facade import Experiment
    from avarium.runner.experiment import Experiment as Resolved

    arguments.of_type("experiment", experiment, Experiment | Resolved, "an avarium.Experiment")
    out = arguments.path("out", out, "a run directory")
    rule = until_workflow.SETTLED
    if precision is not None:
        precision, rule = until_workflow.check_precision(precision), until_workflow.PRECISION
    low, high = (_number("band", x) for x in _pair("band", band))
    if not 0 <= low < high <= 1:
        raise ValueError(f"band: expected two fractions 0 <= low < high <= 1, got {band!r:.60}")
    jobs = arguments.whole("jobs", jobs, 1)
    done, decision = until_workflow.play_until(
        experiment.resolve() if isinstance(experiment, Experiment) else experiment,
        out,
        rule,
        precision,
        (low, high),
        jobs,
    )
    return until_workflow.UntilResult(done, decision, out)


def _pair(name: str, value: object) -> tuple:
    value = arguments.plain(value)
    if isinstance(value, str) or not isinstance(value, Sequence) or len(value) != 2:
        raise TypeError(f"{name}: expected two numbers such as (0.45, 0.55), got {value!r:.60}")
    return tuple(value)
