"""What a balance search is asked (BalanceRequest) and what it gives (BalanceResult), and the
errors it raises: light, so that the command line declares its options from them without
loading the search (run.py)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, fields
from pathlib import Path

from avarium.runner.tiers import DEFAULT_TIERS

# The best of the top rung that play the final (search.py): three, so that the truly best is
# likely among them while the final's choice among few flatters little.
FINALISTS = 3
# How far inside the band the objective aims (analysis/balance.py): two points, about two and
# a half standard errors of a rate in the final (docs/balance.md, "The final and the margin").
MARGIN = 0.02
# What a point of every Idol but the worst counts in the objective, against a point of the worst
# (analysis/balance.py). The max alone is flat while an Idol no allowed change moves stays the
# worst, so nothing rewarded fixing the rest. A half keeps the worst first (a point of it is
# worth two of any other) and still pays for a step (0.005 at the default --step-cost) for
# every point another Idol is brought back toward the aim.
OTHERS_WEIGHT = 0.5
MARGIN_MOST = 0.04  # further inside than this leaves a band of 2-player rates too narrow to aim at


class BalanceInputError(ValueError):
    """A request the search cannot take; nothing was played. The message names the field as
    `avarium.balance` takes it (`vary`, `max_early_wins`); the command shows it as its flag
    (FLAGS)."""


class BalanceError(Exception):
    """The search cannot go on (its directory is locked or cannot be written)."""


class BalanceInterrupted(Exception):
    """Stopped by Ctrl-C during the search: every candidate played is kept."""


@dataclass(frozen=True, kw_only=True)
class BalanceRequest:
    """A balance search, as `avarium balance` takes it (docs/balance.md): the numbers that may
    vary (`vary`, each CARD.FIELD=FROM..TO, and/or a `vary_file`), the player counts and the
    search tiers (each one value or a comma list), the budget (games, or minutes as "20m"),
    the checked tiers and their games, the objective's costs, margin and weight on the Idols
    other than the worst, the guards against degenerate play, the finalists, and
    the card set. `command` is how the record and the patch name what wrote them."""

    vary: Sequence[str] = ()
    vary_file: Path | None = None
    players: str = "2"
    budget: str = "200000"
    tier: str = "heuristic.tuned"
    check_tiers: str = ",".join(DEFAULT_TIERS)
    check_games: int | None = None
    field_cost: float = 0.01
    step_cost: float = 0.005
    margin: float = MARGIN
    others_weight: float = OTHERS_WEIGHT
    # The guards against degenerate play (guards.py): the largest share of an Idol's games won
    # by turn 3, and the median game's length in turns as "LO-HI"; None for no guard.
    max_early_wins: float | None = None
    turns: str | None = None
    finalists: int = FINALISTS
    fair_seats: bool = False
    hold_unvaried: bool = True
    always_search: bool = False
    first_rung: int | None = None
    seed: int = 0
    out: Path = Path("runs") / "balance"
    cards: Path | None = None
    sets: Sequence[str] = ()
    patches: Sequence[Path] = ()
    profiles: Path | None = None
    command: str = "avarium.balance"


# Each field's flag on `avarium balance`, for the command to show the fields its messages name:
# the field with dashes (`max_early_wins` is --max-early-wins); sets, patches and cards are the
# card-set options every command shares (runner/fields.py).
FLAGS = {
    f.name: "--" + f.name.replace("_", "-")
    for f in fields(BalanceRequest)
    if f.name not in ("sets", "patches", "cards", "command")
}


@dataclass
class BalanceResult:
    """What the search found and its check showed (`facts`, as balance.json's result and
    `--json` hold them), the before/after table, and whether it resumed an earlier search."""

    facts: dict
    before_after: object  # pandas.DataFrame
    resumed: bool

    def as_dict(self) -> dict:
        from avarium.reports.balance import records_of

        return self.facts | {"before_after": records_of(self.before_after)}

    def lines(self) -> list[str]:
        from avarium.workflows.balance.headline import headline

        return [headline(self.facts)]
