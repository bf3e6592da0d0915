"""The sweep and tune-bonus workflows: one variant per point, played on the same deals (the
variants of a run share their seeds and seatings game for game), then per skill tier each
point's win rates and the recommendation, and the run's full report. `avarium sweep`,
`avarium tune-bonus`, `avarium.sweep(...)` and `avarium.tune_bonus(...)` are this module.

A sweep is an ordinary run: its directory holds `experiment.toml`, `games/`, `cards/` and
`report/`, so playing the same request again resumes it (or just reads it when it is complete),
and `avarium report` and `avarium compare` work on it as on any run.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from avarium.runner.tiers import DEFAULT_TIERS, parse_tiers
from avarium.runner.variants import (
    MAX_POINTS,
    base_doc,
    bonus_vectors,
    check_games_per_point,
    check_levers,
    lever_points,
    parse_sweep,
    sweep_points,
)
from avarium.workflows.progress import SILENT, Progress

if TYPE_CHECKING:
    import pandas as pd
    from avarium.runner.runner import Summary

# The one table of a tier's result that holds one row, given as that row in JSON.
RECOMMENDED = "recommended"
TUNE_BONUS, SWEEP = "tune-bonus", "sweep"


@dataclass(frozen=True)
class Plan:
    """A request checked: the experiment document every point plays, where, and what the
    result's JSON opens with (`head`)."""

    kind: str  # TUNE_BONUS or SWEEP
    doc: dict
    out: Path
    points: list[str]
    head: dict
    heading: str  # what is played, in one line
    charts: bool = True  # whether the run's report draws its charts


@dataclass(frozen=True, kw_only=True)
class PointsRequest:
    """What every sweep point shares: `bots` one bot for every seat (or one per seat) instead
    of `tiers` (neither: the default tiers, as `avarium simulate`), the games at every point,
    the seed of the deals (the same at every point), the card set and its patches, the bot
    profiles, a guard on the number of points, and whether the run's report draws its charts
    (`charts=False`: its page and tables only, as `avarium report --no-charts`)."""

    players: int = 2
    games_per_point: int = 2_000
    bots: str | None = None
    tiers: str | Sequence[str] | None = None
    seed: int = 0
    out: Path | None = None
    cards: Path | None = None
    patches: Sequence[Path] = ()
    profiles: Path | None = None
    max_points: int = MAX_POINTS
    charts: bool = True


@dataclass(frozen=True, kw_only=True)
class TuneBonusRequest(PointsRequest):
    """Find the starting Reputation bonus per seat that makes the seats fairest: every bonus
    vector up to `max_bonus` (first seat 0, later seats never less than earlier ones), with
    every combination of the seat `levers` (runner/variants.LEVERS), on the card set with `sets`
    overrides; `out` defaults to runs/tune-<N>p."""

    max_bonus: int = 4
    sets: Sequence[str] = ()
    levers: Sequence[str] = ()

    def plan(self) -> Plan:
        """The checked plan; ValueError (naming the field) before anything heavy is loaded."""
        vectors = bonus_vectors(self.players, self.max_bonus, self.max_points)
        levers = check_levers(self.levers)
        variants = lever_points(vectors, levers, self.max_points)
        tiers = _tier_count(self.bots, self.tiers)
        check_games_per_point(self.games_per_point, len(variants), tiers)
        doc = _doc(self, self.sets)
        doc["variant"] = variants
        points = [v["label"] for v in variants]
        with_levers = f" with {len(variants) // len(vectors)} lever combinations" if levers else ""
        return Plan(
            TUNE_BONUS,
            doc,
            Path(self.out or Path("runs") / f"tune-{self.players}p"),
            points,
            {"players": self.players, "points": points, "games_per_point": self.games_per_point}
            | ({"levers": list(levers)} if levers else {}),
            f"{len(vectors)} bonus vectors{with_levers} x {self.games_per_point:,} games, "
            f"{self.players} players",
            self.charts,
        )


@dataclass(frozen=True, kw_only=True)
class SweepRequest(PointsRequest):
    """Sweep one or two card fields (`["kumara_raj.merit=16..22"]`, or FROM..TO..STEP, or a
    comma list): each Idol's win rate at every value; `out` defaults to runs/sweep-<field>."""

    sweep: Sequence[str]

    def plan(self) -> Plan:
        """The checked plan; ValueError (naming the field) before anything heavy is loaded."""
        axes = [parse_sweep(s) for s in self.sweep]
        card_id = _card_ids(self.cards, self.patches) if len(axes) == 2 else None
        points = sweep_points(axes, self.max_points, card_id)
        tiers = _tier_count(self.bots, self.tiers)
        check_games_per_point(self.games_per_point, len(points), tiers)
        doc = _doc(self, None)
        doc["variant"] = [
            {
                "label": " ".join(f"{t}={v}" for t, v in point),
                "sets": [f"{t}={v}" for t, v in point],
            }
            for point in points
        ]
        labels = [variant["label"] for variant in doc["variant"]]
        return Plan(
            SWEEP,
            doc,
            Path(self.out or Path("runs") / ("sweep-" + "-".join(t for t, _ in axes))),
            labels,
            {"points": labels, "games_per_point": self.games_per_point},
            f"{len(points)} points x {self.games_per_point:,} games, {self.players} players",
            self.charts,
        )


def _doc(request, sets) -> dict:
    return base_doc(
        request.players, request.bots, request.games_per_point, request.seed, request.cards,
        sets, request.patches, request.profiles, request.tiers,
    )  # fmt: skip


def _tier_count(bots: str | None, tiers) -> int:
    """The skill tiers every point plays at: one when `bots` names the bots instead."""
    if bots is not None and tiers is None:
        return 1
    try:
        return len(parse_tiers(tiers if tiers is not None else list(DEFAULT_TIERS)))
    except ValueError:
        return 1  # resolving the run names the bad tiers


@dataclass
class TierResult:
    """One skill tier's result ("" when the run names no tiers; "every" for every tier at
    once): its tables by name and the text the command prints."""

    tier: str
    tables: dict[str, pd.DataFrame]
    text: str

    def fields(self) -> dict:
        from avarium.reports.balance import records_of

        return {
            name: records_of(table)[0] if name == RECOMMENDED else records_of(table)
            for name, table in self.tables.items()
        }


@dataclass
class SweepResult:
    """What a sweep or tune-bonus played (`summary`, the runner's), each tier's result, every
    tier at once (tune-bonus with several tiers), and the report's page."""

    plan: Plan
    summary: Summary
    tiers: list[TierResult]
    report: Path
    every_tier: TierResult | None = None
    names: dict[str, str] = field(default_factory=dict)  # card id -> name
    # a search bot with a learned value for other table sizes only (runner.unlearned_notes)
    notes: list[str] = field(default_factory=list)

    @property
    def out(self) -> Path:
        return self.plan.out

    def as_dict(self) -> dict:
        """The result as `--json` prints it."""
        every = {} if self.every_tier is None else {"every_tier": self.every_tier.fields()}
        tiers = [{"tier": t.tier or None, **t.fields()} for t in self.tiers]
        run = {"run": self.summary.as_dict(), "tiers": tiers}
        return self.plan.head | run | every | {"report": str(self.report)}

    def lines(self) -> list[str]:
        """The result as the command prints it after saying what is played."""
        s = self.summary
        lines = [
            f"played {s.games_played:,} games in {s.seconds:.0f} s into {self.out}"
            if s.games_played
            else f"{self.out} is complete: reading it"
        ]
        lines += [f"\n{_tier_head(t.tier)}" + t.text for t in self.tiers]
        if self.every_tier is not None:
            named = ", ".join(t.tier for t in self.tiers)
            lines.append(
                f"\nevery tier at once ({named}: each point's worst seat at any tier):\n"
                + self.every_tier.text
            )
        return [*lines, f"report: {self.report}"]


def tune_bonus(request: TuneBonusRequest, jobs: int = 1, progress: Progress = SILENT):
    """Play (or resume, or read) a tune-bonus run and recommend the fairest vector per tier and
    for every tier at once. Raises ValueError, ExperimentError, RunError, DatasetError or
    OutputError, each naming what is wrong."""
    return play(request.plan(), jobs, progress)


def sweep(request: SweepRequest, jobs: int = 1, progress: Progress = SILENT) -> SweepResult:
    """Play (or resume, or read) a sweep and give each Idol's win rate at every point per tier,
    with the swept Idol's best value. Raises as tune_bonus."""
    return play(request.plan(), jobs, progress)


def play(plan: Plan, jobs: int = 1, progress: Progress = SILENT) -> SweepResult:
    """The flow both share: play or resume the run, then per skill tier the plan's kind's
    analysis and, for tune-bonus with several tiers, every tier at once; then the report."""
    from avarium.analysis.dataset import load_run
    from avarium.analysis.tiers.analyse import by_tier
    from avarium.reports.pages import build_report, display_names, report_steps
    from avarium.runner import runner
    from avarium.runner.experiment_file import resolve

    per_tier, together = _ANALYSES[plan.kind]
    experiment = resolve(plan.doc, None, Path.cwd())
    with progress.games() as bar:
        summary = runner.run(experiment, plan.out, jobs, on_progress=bar)
    data = load_run(plan.out)
    names = display_names(data.provenance.experiment, data.provenance.card_sets)
    played = by_tier(data.games, data.provenance.experiment)
    tiers = [per_tier(games, names, tier) for tier, games in played]
    every = None
    if together is not None and len(played) > 1:
        every = together([games for _, games in played])
    with progress.steps(report_steps(plan.charts)) as bar:
        page = build_report(plan.out, on_step=bar, charts=plan.charts) / "index.html"
    notes = runner.unlearned_notes(experiment)
    return SweepResult(plan, summary, tiers, page, every, names, notes)


def _fairest_seats(games, names: dict[str, str], tier: str) -> TierResult:
    """tune-bonus at one tier: each vector's seat win rates and the recommendation."""
    from avarium.analysis.levers import lever_effects
    from avarium.analysis.sweeps import closest_to_fair, seat_winrates_by_variant
    from avarium.reports.levers import lever_text
    from avarium.reports.tuning import markdown, recommendation, seat_table

    seats = seat_winrates_by_variant(games)
    fairness = closest_to_fair(games)
    tables = {"seats": seats, "points": fairness, RECOMMENDED: fairness[fairness["chosen"]]}
    text = markdown(seat_table(seats, fairness))
    text += "\n\n" + recommendation(fairness, heading=f"recommended{_tier_note(tier)}")
    effects = lever_effects(games)
    if len(effects):
        tables["levers"] = effects
        text += "\n\n" + lever_text(effects)
    return TierResult(tier, tables, text)


def _fairest_seats_at_every_tier(tiers: list) -> TierResult:
    """tune-bonus over every tier at once: each vector's worst seat at any tier and the vector
    whose worst is nearest fair."""
    from avarium.analysis.sweeps import closest_to_fair_at_every_tier
    from avarium.reports.tuning import every_tier_table, markdown, recommendation

    fairness = closest_to_fair_at_every_tier(tiers)
    tables = {"points": fairness, RECOMMENDED: fairness[fairness["chosen"]]}
    text = markdown(every_tier_table(fairness))
    text += "\n\n" + recommendation(fairness, "worst seat at any tier", "recommended at every tier")
    return TierResult("every", tables, text)


def _idols_per_point(games, names: dict[str, str], tier: str) -> TierResult:
    """sweep at one tier: each Idol's win rate per point and the swept Idol's best value (Idols
    by name in the text)."""
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
    return TierResult(tier, {"idols": idols, "closest": swept}, text)


# Each kind's analysis at one tier and, for tune-bonus, over every tier at once.
_ANALYSES = {
    TUNE_BONUS: (_fairest_seats, _fairest_seats_at_every_tier),
    SWEEP: (_idols_per_point, None),
}


def _tier_head(tier: str) -> str:
    return f"tier {tier}:\n" if tier else ""


def _tier_note(tier: str) -> str:
    return f" at tier {tier}" if tier else ""


def _card_ids(path: Path | None, patches: Sequence[Path]):
    """A card name as written to the card's id, so that `raj.merit` and `kumara_raj.merit` are
    seen as one field; None when the set does not load (resolving the sweep then says why)."""
    from avarium.simulator.cards.errors import CardNameError, CardSetError
    from avarium.simulator.cards.loader import load_cards

    try:
        cards = load_cards(path, [], list(patches))
    except CardSetError:
        return None

    def card_id(name: str) -> str:
        try:
            return cards.find(name).id
        except CardNameError:
            return name

    return card_id
