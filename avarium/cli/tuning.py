"""`avarium tune-bonus` and `avarium sweep`: one variant per sweep point, played on the same
deals (the variants of a run share their seeds and seatings game for game), then the seat or
Idol win rates at every point, the recommendation, and the run's full report.

A sweep is an ordinary run: its directory holds `experiment.toml`, `games/`, `cards/` and
`report/`, so rerunning the same command resumes it (or just reads it when it is complete), and
`avarium report` and `avarium compare` work on it as on any run.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from avarium.cli.common import (
    Cards,
    Jobs,
    Json,
    Patches,
    Profiles,
    Quiet,
    Seed,
    Sets,
    out_option,
    print_json,
    records,
)
from avarium.cli.errors import fail as _fail
from avarium.cli.errors import say
from avarium.cli.progress import StepBar
from avarium.reports.output import OutputError
from avarium.reports.pages import STEPS, build_report
from avarium.runner.fields import flagged
from avarium.runner.tiers import DEFAULT_TIERS, parse_tiers
from avarium.runner.variants import (
    MAX_POINTS,
    MOST_POINTS,
    base_doc,
    bonus_label,
    bonus_vectors,
    check_games_per_point,
    parse_sweep,
    sweep_points,
)

# The options tune-bonus and sweep share beyond avarium/cli/common.py's.
Strategy = Annotated[
    str | None,
    typer.Option(
        "--bots",
        "--strategy",
        metavar="BOTS",
        help="Bot for every seat, or one per seat, instead of tiers (e.g. heuristic; "
        "--strategy is the same flag).",
    ),
]
_TIERS = (
    "Skill tiers played on the same deals, weakest first, each BOT, BOT=GAMES or "
    f"BOT=P% (default: {','.join(DEFAULT_TIERS)}); "
)
Tiers = Annotated[  # tune-bonus's
    str | None,
    typer.Option(
        metavar="TIERS",
        help=_TIERS + "the recommendation is given per tier and for every tier at once.",
    ),
]
SweepTiers = Annotated[
    str | None,
    typer.Option(
        metavar="TIERS",
        help=_TIERS + "each Idol's win rate at every value is given per tier.",
    ),
]
MaxPoints = Annotated[
    int,
    typer.Option(
        min=1, help=f"Refuse more points than this (up to {MOST_POINTS:,}): a guard against typos."
    ),
]
TuneOut = out_option("Run directory (default runs/tune-<N>p).")
SweepOut = out_option("Run directory (default runs/sweep-<field>).")


def _tier_count(strategy: str | None, tiers: str | None) -> int:
    """The skill tiers every point plays at: one when --bots names the bots instead."""
    if strategy is not None and tiers is None:
        return 1
    try:
        return len(parse_tiers(tiers if tiers is not None else list(DEFAULT_TIERS)))
    except ValueError:
        return 1  # resolving the run names the bad --tiers


def _run(doc: dict, out: Path, jobs: int | None, quiet: bool, as_json: bool) -> dict:
    """Resolve the experiment and play it into out (resuming or reading what is there), with
    the progress bar; what was played, as a dict (said in a line unless --json)."""
    from avarium.cli.simulate import play_experiment
    from avarium.runner.experiment import ExperimentError
    from avarium.runner.experiment_file import resolve

    try:
        experiment = resolve(doc, None, Path.cwd())
    except ExperimentError as exc:
        raise _fail(str(exc), 2) from None
    summary = play_experiment(experiment, out, jobs, quiet=quiet or as_json)
    if as_json:  # the JSON says it, under "run"
        return summary.as_dict()
    if summary.games_played:
        say(f"played {summary.games_played:,} games in {summary.seconds:.0f} s into {out}")
    else:
        say(f"{out} is complete: reading it")
    return summary.as_dict()


def tune_bonus_command(
    players: Annotated[int, typer.Option(help="Players per game, 2 to 4.")] = 2,
    max_bonus: Annotated[
        int, typer.Option(help="The largest starting bonus any seat is given.")
    ] = 4,
    games_per_point: Annotated[
        int, typer.Option(min=100, help="Games at every bonus vector tried.")
    ] = 2_000,
    strategy: Strategy = None,
    tiers: Tiers = None,
    seed: Seed = None,
    out: TuneOut = None,
    jobs: Jobs = None,
    path: Cards = None,
    sets: Sets = None,
    patch: Patches = None,
    profiles: Profiles = None,
    quiet: Quiet = False,
    as_json: Json = False,
    max_points: MaxPoints = MAX_POINTS,
) -> None:
    """Find the starting Reputation bonus per seat that makes the seats fairest.

    Plays every bonus vector (first seat 0, later seats never less than earlier ones) on the
    same deals, prints the seat win rates at each with 95% intervals and recommends the fairest,
    with the probability that it truly is, at each skill tier and then for every tier at once
    (the vector whose worst seat at any tier is nearest fair); writes the run's report (seat
    win rate against bonus). Rerunning resumes the sweep, or reads it when complete. The same
    seed plays the same deals at every point."""
    try:  # checked before anything heavy is imported: a refusal is immediate
        vectors = bonus_vectors(players, max_bonus, max_points)
        check_games_per_point(games_per_point, len(vectors), _tier_count(strategy, tiers))
    except ValueError as exc:
        raise _fail(flagged(str(exc)), 2) from None
    out = out or Path("runs") / f"tune-{players}p"
    seed = 0 if seed is None else seed
    doc = base_doc(players, strategy, games_per_point, seed, path, sets, patch, profiles, tiers)
    doc["variant"] = [{"label": bonus_label(v), "bonus": list(v)} for v in vectors]
    _play_and_tell(
        doc,
        out,
        (jobs, quiet, as_json),
        f"{len(vectors)} bonus vectors x {games_per_point:,} games, {players} players",
        _fairest_seats,
        _fairest_seats_at_every_tier,
        {
            "players": players,
            "points": [bonus_label(v) for v in vectors],
            "games_per_point": games_per_point,
        },
    )


def _fairest_seats(games, names: dict[str, str], tier: str) -> tuple[dict, str]:
    """tune-bonus at one tier: each vector's seat win rates and the recommendation, as JSON
    fields and as the text printed."""
    from avarium.analysis.sweeps import closest_to_fair, seat_winrates_by_variant
    from avarium.reports.tuning import markdown, recommendation, seat_table  # pandas: when used

    seats = seat_winrates_by_variant(games)
    fairness = closest_to_fair(games)
    chosen = fairness[fairness["chosen"]]
    fields = {
        "seats": records(seats),
        "points": records(fairness),
        "recommended": records(chosen)[0],
    }
    text = markdown(seat_table(seats, fairness))
    text += "\n\n" + recommendation(fairness, heading=f"recommended{_tier_note(tier)}")
    return fields, text


def _fairest_seats_at_every_tier(tiers: list) -> tuple[dict, str]:
    """tune-bonus over every tier at once: each vector's worst seat at any tier and the vector
    whose worst is nearest fair, as JSON fields and as the text printed."""
    from avarium.analysis.sweeps import closest_to_fair_at_every_tier
    from avarium.reports.tuning import every_tier_table, markdown, recommendation

    fairness = closest_to_fair_at_every_tier(tiers)
    chosen = fairness[fairness["chosen"]]
    fields = {"points": records(fairness), "recommended": records(chosen)[0]}
    text = markdown(every_tier_table(fairness))
    text += "\n\n" + recommendation(fairness, "worst seat at any tier", "recommended at every tier")
    return fields, text


def _play_and_tell(
    doc: dict, out: Path, how: tuple, heading: str, per_tier, together, head: dict
) -> None:
    """The flow tune-bonus and sweep share: say what is played (`heading`), play or resume the
    run, then per skill tier `per_tier(games, names, tier)` -> (JSON fields, text printed) and,
    when the run has several tiers and `together` is given, `together(every tier's games)` ->
    the same for every tier at once; write the report, and with --json print `head` with the
    run, the tiers, the every-tier result and the page. `how` is (jobs, quiet, as_json)."""
    jobs, quiet, as_json = how
    if not as_json:
        say(heading)
    played = _run(doc, out, jobs, quiet, as_json)
    results = []
    tiers_played, names = _tiers_of(out)
    for tier, games in tiers_played:
        fields, text = per_tier(games, names, tier)
        results.append({"tier": tier or None, **fields})
        if not as_json:
            say(f"\n{_tier_head(tier)}" + text)
    every = {}
    if together is not None and len(tiers_played) > 1:
        fields, text = together([games for _, games in tiers_played])
        every = {"every_tier": fields}
        if not as_json:
            named = ", ".join(tier for tier, _ in tiers_played)
            say(f"\nevery tier at once ({named}: each point's worst seat at any tier):\n" + text)
    page = _report(out, quiet, as_json)
    if as_json:
        print_json(head | {"run": played, "tiers": results, **every, "report": page})


def _tiers_of(out: Path):
    """The run's games split by skill tier (one part when it names no tiers), and its cards'
    display names (card id -> name, from the card sets it played, as its report shows them)."""
    from avarium.analysis.dataset import DatasetError, load_run
    from avarium.analysis.tiers.analyse import by_tier
    from avarium.reports.pages import display_names

    try:
        data = load_run(out)
    except DatasetError as exc:
        raise _fail(str(exc)) from None
    names = display_names(data.provenance.experiment, data.provenance.card_sets)
    return by_tier(data.games, data.provenance.experiment), names


def _tier_head(tier: str) -> str:
    return f"tier {tier}:\n" if tier else ""


def _tier_note(tier: str) -> str:
    return f" at tier {tier}" if tier else ""


def _report(out: Path, quiet: bool, as_json: bool) -> str:
    """Write the run's report, with its steps' bar; where its page is (said unless --json)."""
    try:
        with StepBar(quiet or as_json, STEPS) as bar:
            page = str(build_report(out, on_step=bar) / "index.html")
    except OutputError as exc:  # an --out it may not write: bad input
        raise _fail(str(exc), 2) from None
    if not as_json:
        say(f"report: {page}")
    return page


def sweep_command(
    sweep: Annotated[
        list[str],
        typer.Option(
            "--set",
            metavar="CARD.FIELD=FROM..TO",
            help="A card field to sweep (or FROM..TO..STEP, or a comma list); give one or two.",
        ),
    ],
    players: Annotated[int, typer.Option(help="Players per game, 2 to 4.")] = 2,
    games_per_point: Annotated[
        int, typer.Option(min=100, help="Games at every value tried.")
    ] = 2_000,
    strategy: Strategy = None,
    tiers: SweepTiers = None,
    seed: Seed = None,
    out: SweepOut = None,
    jobs: Jobs = None,
    path: Cards = None,
    patch: Patches = None,
    profiles: Profiles = None,
    quiet: Quiet = False,
    as_json: Json = False,
    max_points: MaxPoints = MAX_POINTS,
) -> None:
    """Sweep one or two card fields: each Idol's win rate at every value.

    Plays every value (or pair of values) on the same deals, prints each Idol's win rate at
    each with 95% intervals and writes the run's report (win rate against the swept value): the
    curve to read a fix from. Rerunning resumes the sweep, or reads it when complete."""
    try:  # checked before anything heavy is imported: a refusal is immediate
        axes = [parse_sweep(s) for s in sweep]
        card_id = _card_ids(path, patch) if len(axes) == 2 else None
        points = sweep_points(axes, max_points, card_id)
        check_games_per_point(games_per_point, len(points), _tier_count(strategy, tiers))
    except ValueError as exc:
        raise _fail(flagged(str(exc)), 2) from None
    out = out or Path("runs") / ("sweep-" + "-".join(t for t, _ in axes))
    seed = 0 if seed is None else seed
    doc = base_doc(players, strategy, games_per_point, seed, path, None, patch, profiles, tiers)
    doc["variant"] = [
        {
            "label": " ".join(f"{t}={v}" for t, v in point),
            "sets": [f"{t}={v}" for t, v in point],
        }
        for point in points
    ]
    _play_and_tell(
        doc,
        out,
        (jobs, quiet, as_json),
        f"{len(points)} points x {games_per_point:,} games, {players} players",
        _idols_per_point,
        None,
        {
            "points": [label["label"] for label in doc["variant"]],
            "games_per_point": games_per_point,
        },
    )


def _idols_per_point(games, names: dict[str, str], tier: str) -> tuple[dict, str]:
    """sweep at one tier: each Idol's win rate per point and the swept Idol's best value, as
    JSON fields and as the text printed (Idols by name)."""
    from avarium.analysis.summary import swept_idol_closest
    from avarium.analysis.sweeps import idol_winrates_by_variant
    from avarium.reports.tuning import display_name, idol_table, markdown, recommendation

    idols = idol_winrates_by_variant(games)
    swept = swept_idol_closest(games)
    text = markdown(idol_table(idols, names))
    for idol, part in swept.groupby("idol") if len(swept) else ():
        heading = f"recommended{_tier_note(tier)}"
        what = display_name(idol, names)
        text += "\n\n" + recommendation(part, what=what, heading=heading)
    return {"idols": records(idols), "closest": records(swept)}, text


def _card_ids(path: Path | None, patch: list[Path] | None):
    """A card name as written to the card's id, so that `raj.merit` and `kumara_raj.merit` are
    seen as one field; None when the set does not load (resolving the sweep then says why)."""
    from avarium.simulator.cards.errors import CardNameError, CardSetError
    from avarium.simulator.cards.loader import load_cards

    try:
        cards = load_cards(path, [], patch or [])
    except CardSetError:
        return None

    def card_id(name: str) -> str:
        try:
            return cards.find(name).id
        except CardNameError:
            return name

    return card_id
