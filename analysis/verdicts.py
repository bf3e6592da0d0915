"""The words a report judges an Idol in, each written once.

`Status` is one Idol's band test at one player count (and tier): analysis/flags.py decides it.
`Verdict` is an Idol's answer across the skill tiers: analysis/tiers/analyse.py decides it.
`Strength` says whether that answer has stopped moving with the strength of play:
analysis/tiers/settled.py decides it. `Targeting` says whether it holds whichever enemy the
table attacks: analysis/tiers/targeting.py decides it. All are
`StrEnum`s, so a table's column holds the very words a designer reads, and every module compares
against a member, never a retyped string (tests/test_one_source_for_each_contract.py keeps it
so)."""

from __future__ import annotations

from enum import StrEnum


class Status(StrEnum):
    """One Idol's band test (Holm over the family, Wilson intervals)."""

    INSIDE = "inside"  # its interval lies within the band
    OUTSIDE = "outside"  # flagged: shown above or below the band
    UNSETTLED = "unsettled"  # neither yet: more games would tell
    NOT_ENOUGH = "not enough games"  # too few games to judge at all


class Verdict(StrEnum):
    """An Idol's answer across the skill tiers (analysis/tiers/analyse.py says how each is
    reached)."""

    INSIDE = "inside the band at every tier"
    TOO_STRONG = "too strong at every tier"
    TOO_WEAK = "too weak at every tier"
    DEPENDS = "depends on skill"
    UNSETTLED = "unsettled"
    NOT_ENOUGH = "not enough games"


#: The verdicts that call for a designer's look.
FLAGGED = (Verdict.TOO_STRONG, Verdict.TOO_WEAK, Verdict.DEPENDS)


class Strength(StrEnum):
    """Whether an Idol's win rate has stopped moving with the strength of play: its two strongest
    tiers shown within the margin of each other, shown apart, or neither because too few games
    were played to tell (analysis/tiers/settled.py)."""

    SETTLED = "settled at strong play"
    MOVING = "still moving with skill"
    UNDECIDED = "too few games to tell"


class Targeting(StrEnum):
    """Whether an Idol's band test gives the same answer when the table attacks by the fitted
    weights and when it attacks the enemy closest to winning (two tiers that differ by their
    targeting rule alone; analysis/tiers/targeting.py)."""

    DEPENDS = "depends on the table's targeting"
    SAME = "the same under either targeting"
    UNDECIDED = "too few games to tell"
