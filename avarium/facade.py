"""The Python API a notebook imports: `import avarium` (docs/python.md).

Every call here is a short path through the layers below: cards, one game, games in memory, an
experiment played into a run directory, a run read back and reported. Errors name fields, not
command-line flags: `ExperimentError` ("Experiment, field games: expected ..."), `RunError`
("jobs: expected ..."), `CardSetError` (the file, card and field), `DatasetError`.
"""

from __future__ import annotations

import numbers
from collections.abc import Mapping, Sequence  # noqa: F401 (Mapping: the table's annotations)
from dataclasses import dataclass, field, make_dataclass
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING

from avarium.runner import experiment as experiment_module
from avarium.runner import experiment_file, runner
from avarium.runner.field_table import FIELDS
from avarium.simulator import arguments
from avarium.simulator.cards import loader
from avarium.simulator.cards.model import CardSet

if TYPE_CHECKING:
    import pandas as pd

# The bots play_games uses without being asked: random play is a baseline, never a verdict, so
# the heuristic bot. An Experiment names neither bots nor tiers by default and so plays the
# default skill tiers, as `avarium simulate` does (runner/tiers.py).
DEFAULT_BOTS = "heuristic"
WHERE = "Experiment"  # how errors name the source of a field


def load_cards(
    path: str | Path | None = None,
    set: str | Sequence[str] = (),
    patch: str | Path | Sequence[str | Path] = (),
) -> CardSet:
    """A card set: the bundled prototype set (`path` None) or a directory or file of cards,
    with `set` overrides (`"kumara_raj.merit=18"`) and `patch` files applied, every field
    checked. Raises CardSetError listing every problem, each with its file, card and field."""
    if path is not None:
        arguments.path("path", path, "a card file or folder, or a bundled set's name")
    sets = arguments.texts("set", set, 'card overrides such as "kumara_raj.merit=18"')
    patches = arguments.paths("patch", patch, "patch files")
    return loader.load_cards(path, sets, patches)


def _listed(value: object) -> object:
    """A list for a sequence (a tuple, an array), numpy integers as ints; anything else as it
    is, for the experiment's own checks to name."""
    value = arguments.plain(value)
    return list(value) if isinstance(value, Sequence) and not isinstance(value, str) else value


class _Document:
    """What avarium.Experiment does with its fields (made below from the field table)."""

    def document(self) -> dict[str, object]:
        """The experiment as the document an experiment file parses to."""
        plain = arguments.plain  # numpy integers and arrays as an experiment file holds them
        doc: dict[str, object] = {"seed": plain(self.seed), "players": plain(self.players)}
        if self.bots is not None:
            doc["bots"] = _listed(self.bots)
        if self.tiers is not None:
            doc["tiers"] = _listed(self.tiers)
        if not isinstance(self.cards, CardSet) and self.cards is not None:
            arguments.path("cards", self.cards, "a CardSet, a card file or folder, or a name")
        doc |= experiment_module.card_fields(self.cards)
        if self.sets:
            sets = arguments.texts("sets", self.sets, 'card overrides ("kumara_raj.merit=18")')
            doc["sets"] = [*doc.get("sets", []), *sets]
        if self.patches:
            patches = arguments.paths("patches", self.patches, "patch files")
            doc["patches"] = [*doc.get("patches", []), *(str(p) for p in patches)]
        optional = {
            "games": plain(self.games),
            "idols": _listed(self.idols),
            "bonus": _listed(self.bonus),
            "rules": None if self.rules is None else _rules(self.rules),
            "profiles": None
            if self.profiles is None
            else str(arguments.path("profiles", self.profiles, "a bot-profiles file")),
            "seating": self.seating,
            "games_per_pairing": plain(self.games_per_pairing),
            "label": self.label,
            "chunk_size": plain(self.chunk_size),
            "record_turns": self.record_turns or None,  # off: the document of older runs
        }
        doc |= {k: v for k, v in optional.items() if v is not None}
        if self.variants:
            listed = isinstance(self.variants, Sequence) and not isinstance(self.variants, str)
            if not listed:
                got = repr(self.variants)[:60]
                raise TypeError(f"variants: expected a list of dicts of variant fields, got {got}")
            doc["variant"] = [
                plain(arguments.mapping(f"variants[{i}]", v, "variant fields"))
                for i, v in enumerate(self.variants)
            ]
        return doc

    def resolve(self) -> experiment_module.Experiment:
        """Every field checked and every default filled in; raises ExperimentError naming each
        bad field."""
        return experiment_file.resolve(self.document(), WHERE, Path.cwd())


# An Experiment's keywords are the experiment fields the field table gives a Python annotation,
# with its defaults (runner/field_table.py), then `variants`; keywords only, as a file names them.
Experiment = make_dataclass(
    "Experiment",
    [
        *((f.name, f.python, field(default=f.python_default)) for f in FIELDS if f.python),
        ("variants", "Sequence[Mapping[str, object]]", field(default_factory=tuple)),
    ],
    bases=(_Document,),
    namespace={
        "__doc__": """What a run plays, by field name (the fields of an experiment file,
    docs/simulate.md).

    `cards` is a path, or a CardSet from `load_cards` (its overrides and patches come along);
    `tiers` skill tiers played on the same deals, weakest first (`["heuristic", "mcts=5%"]`), or
    `bots` one bot spec for every seat or one per seat (neither: the default tiers);
    `variants` a list of dicts of variant fields, each played on the same deals. Fields left
    None take the experiment file's defaults.""",
    },
    kw_only=True,
)
Experiment.__module__ = __name__  # where its annotations' names (CardSet, Mapping) are found


def _rules(rules: object) -> dict[str, object]:
    """Rules options by name, as an experiment file's [rules] table holds them."""
    given = arguments.mapping("rules", rules, "rules options such as {'max_turns': 200}")
    return arguments.plain(given)


def play_games(
    cards: CardSet | str | Path | None = None,
    bots: str | Sequence[str] | None = None,
    games: int | None = None,
    players: int = 2,
    seed: int = 0,
    jobs: int = 1,
    **fields: object,
) -> pd.DataFrame:
    """Play games in memory and return them as the `games` table of a run (one row per game and
    seat, docs/data-schema.md), nothing written. `bots` defaults to the heuristic unless
    `tiers` is given instead, and `games` to 1,000 unless `games_per_pairing` is. Other
    Experiment fields (idols, bonus, rules, ...) may be given by name. The same seed gives the
    same games as `simulate`."""
    from avarium.analysis.dataset import games_frame
    from avarium.runner.dataset import GAMES_SCHEMA, to_table

    if bots is None and fields.get("tiers") is None:
        bots = DEFAULT_BOTS
    if games is None and fields.get("games_per_pairing") is None:
        games = 1_000
    jobs = arguments.whole("jobs", jobs, 1)
    exp = Experiment(games=games, players=players, bots=bots, cards=cards, seed=seed, **fields)
    played = runner.play_in_memory(exp.resolve(), jobs)
    return games_frame([to_table(p.games, GAMES_SCHEMA) for p in played])


@dataclass
class Run:
    """A run directory: its games and card counts read when first asked for."""

    path: Path
    summary: runner.Summary | None = None  # how it was played, when this process played it

    @cached_property
    def _data(self):
        """The run read once, when first asked for (analysis/dataset.load_run)."""
        from avarium.analysis.dataset import load_run as read

        return read(self.path, every=True)

    @property
    def games(self) -> pd.DataFrame:
        """One row per game and seat (docs/data-schema.md)."""
        return self._data.games

    @property
    def cards(self) -> pd.DataFrame:
        """Per-card offered and taken counts (docs/data-schema.md)."""
        return self._data.cards

    @cached_property
    def turns(self) -> pd.DataFrame:
        """Each seat's Merit and Reputation turn by turn (docs/data-schema.md), in a run played
        with `record_turns`; DatasetError otherwise."""
        from avarium.analysis.dataset import read_turns

        return read_turns(self.path)

    def report(
        self,
        out: str | Path | None = None,
        band: tuple[float, float] | None = None,
        charts: bool = True,
    ):
        """Write the run's report page (default RUN/report) and return its directory; with
        `charts=False`, its page and tables without a chart (`avarium report --no-charts`)."""
        from avarium.reports.pages import build_report

        where = None if out is None else arguments.path("out", out, "a folder for the page")
        limits = None if band is None else _band(band)
        arguments.of_type("charts", charts, bool, "True or False")
        return build_report(self.path, where, limits, charts=charts)


def _band(band: object) -> tuple[float, float]:
    """The target band of win rates: two fractions, the lower first."""
    pair = arguments.plain(band)
    expected = "two win rates from 0 to 1, the lower first, e.g. (0.45, 0.55)"
    if not (
        isinstance(pair, Sequence)
        and len(pair) == 2
        and all(isinstance(x, numbers.Real) and not isinstance(x, bool) for x in pair)
    ):
        raise TypeError(f"band: expected {expected}, got {band!r:.60}")
    low, high = (float(x) for x in pair)
    if not 0 <= low < high <= 1:
        raise ValueError(f"band: expected {expected}, got {band!r:.60}")
    return low, high


def simulate(experiment: Experiment, out: str | Path, jobs: int = 1) -> Run:
    """Play `experiment` into the run directory `out` (resuming what is there) and return it."""
    arguments.of_type(
        "experiment", experiment, Experiment | experiment_module.Experiment, "an avarium.Experiment"
    )
    out = arguments.path("out", out, "a run directory")
    jobs = arguments.whole("jobs", jobs, 1)
    resolved = experiment.resolve() if isinstance(experiment, Experiment) else experiment
    summary = runner.run(resolved, out, jobs)
    return Run(out, summary)


def load_run(path: str | Path) -> Run:
    """A run directory written by `simulate` (or `avarium simulate`)."""
    from avarium.analysis.dataset import DatasetError

    path = arguments.path("path", path, "a run directory")
    if not (path / "games").is_dir():
        raise DatasetError(f"{path}: no run here (expected the output of simulate)")
    return Run(path)


def win_rates(games: pd.DataFrame, include_mirrors: bool = False) -> pd.DataFrame:
    """Per player count and Idol of a games table (`play_games`, `Run.games`): games, wins, win
    rate, its 95% Wilson interval (`lo`, `hi`) and the fair share 1/N, as the report's table.
    Stalled games and draws are games the Idol did not win; mirror games are left out unless
    `include_mirrors`."""
    import pandas as pd

    from avarium.analysis.winrates import idol_winrates

    arguments.of_type("games", games, pd.DataFrame, "a games table (play_games, Run.games)")
    missing = [c for c in ("game_id", "players", "idol", "won") if c not in games]
    if missing:
        raise ValueError(
            f"games: expected a games table (play_games, Run.games), missing {missing}"
        )
    return idol_winrates(games, include_mirrors=bool(include_mirrors))


def ladder(
    bots: Sequence[str] | str | None = None,
    cards: CardSet | str | Path | None = None,
    rounds: int = 5,
    seed: int = 0,
    jobs: int = 1,
    profiles: str | Path | None = None,
):
    """Rank bots head to head, as `avarium ladder` does: every pair plays both seat orders over
    every ordered pairing of Idols, `rounds` games each, on the same deals. Returns the
    workflow's Ranking: `matches` (each bot's win rate against each other, 95% intervals),
    `ratings` (Bradley-Terry, the first bot 0), `first_seat`, `notes`, `played`, `as_dict()`."""
    from avarium.workflows import ladder as ladder_workflow

    if isinstance(bots, str):  # "random,heuristic", as the command line takes them
        bots = [b.strip() for b in bots.split(",")]
    names = (
        ladder_workflow.DEFAULT_BOTS
        if bots is None
        else tuple(arguments.texts("bots", bots, "bot specs"))
    )
    cards = cards if isinstance(cards, CardSet) else load_cards(cards)
    rounds = arguments.whole("rounds", rounds, 1)
    seed = arguments.whole("seed", seed, 0)
    jobs = arguments.whole("jobs", jobs, 1)
    path = None if profiles is None else arguments.path("profiles", profiles, "a profiles file")
    return ladder_workflow.rank(cards, names, rounds=rounds, seed=seed, jobs=jobs, profiles=path)
