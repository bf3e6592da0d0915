"""Settled at strong play: an Idol's verdict has stopped moving with the strength of play when
its two strongest tiers are shown within 2.5 points of each other (two one-sided tests at 5%,
Holm over the Idols of a player count), on the deals both played."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from avarium.analysis.tiers.settled import MARGIN, settled_at_strong_play, strength_sentence
from avarium.analysis.tiers.variants import TierVariant, paired_row
from avarium.analysis.verdicts import Strength
from scipy.stats import norm

DEALS = 2000
WEAK = TierVariant("main · heuristic", "heuristic", "main", 0, 0, DEALS)
TUNED = TierVariant("main · heuristic.tuned", "heuristic.tuned", "main", 1, DEALS, DEALS)
SEARCH = TierVariant("main · mcts/20", "mcts/20", "main", 2, 2 * DEALS, DEALS)


def results(both: int, only_a: int, only_b: int) -> tuple[np.ndarray, np.ndarray]:
    """An Idol's results over DEALS deals at tiers a and b: won at both on `both` deals, at a
    only on `only_a`, at b only on `only_b`, lost at both on the rest."""
    wa, wb = np.zeros(DEALS, bool), np.zeros(DEALS, bool)
    wa[:both] = wb[:both] = True
    wa[both : both + only_a] = True
    wb[both + only_a : both + only_a + only_b] = True
    return wa, wb


def games_of(idols: dict[str, tuple[int, int, int]], players: int = 2) -> pd.DataFrame:
    """A games table by hand: each Idol's results at the two strongest tiers (TUNED, SEARCH)
    on the same deals, and a weaker tier that wins everything (which must not count)."""
    rows = []
    for idol, counts in idols.items():
        wa, wb = results(*counts)
        for tier, won in ((WEAK, np.ones(DEALS, bool)), (TUNED, wa), (SEARCH, wb)):
            rows.append(
                pd.DataFrame(
                    {
                        "variant": tier.label,
                        "idol": idol,
                        "players": players,
                        "game_id": tier.first + np.arange(DEALS),
                        "won": won,
                    }
                )
            )
    return pd.concat(rows, ignore_index=True)


def one_sided(both: int, only_a: int, only_b: int) -> tuple[float, float]:
    """The two one-sided p-values computed directly from the 2x2 table of paired results
    (Agresti-Min: 0.5 added to each cell)."""
    m = DEALS + 2.0
    pb, pa = (only_b + 0.5) / m, (only_a + 0.5) / m
    d = pb - pa
    se = np.sqrt((pb + pa - d**2) / m)
    return float(norm.sf((d + MARGIN) / se)), float(norm.cdf((d - MARGIN) / se))


def test_two_tiers_that_agree_closely_are_settled_and_two_that_differ_still_move():
    idols = {"amyba": (900, 40, 45), "hatsurugi_touka": (700, 100, 250)}
    table = settled_at_strong_play([WEAK, TUNED, SEARCH], games_of(idols)).set_index("idol")
    amyba, touka = table.loc["amyba"], table.loc["hatsurugi_touka"]
    # The two strongest tiers, whatever the weakest did.
    assert (amyba["tier_a"], amyba["tier_b"]) == ("heuristic.tuned", "mcts/20")
    assert amyba["strength"] == Strength.SETTLED
    assert touka["strength"] == Strength.MOVING
    assert touka["change"] == pytest.approx(150 / DEALS)
    assert touka["rate_b"] - touka["rate_a"] == pytest.approx(touka["change"])
    # Exact p-values against a direct computation, and Holm over the two Idols by hand.
    p = {idol: max(one_sided(*counts)) for idol, counts in idols.items()}
    for idol, counts in idols.items():
        lower, upper = one_sided(*counts)
        assert table.loc[idol, "p_lower"] == pytest.approx(lower, rel=1e-12)
        assert table.loc[idol, "p_upper"] == pytest.approx(upper, rel=1e-12)
        assert table.loc[idol, "p"] == pytest.approx(max(lower, upper), rel=1e-12)
    low, high = sorted(p.values())
    holm = {
        k: min(1.0, 2 * low) if v == low else min(1.0, max(2 * low, high)) for k, v in p.items()
    }
    assert table["p_holm"].to_dict() == pytest.approx(holm, rel=1e-12)
    # The 90% interval lies inside the margin exactly for the settled one (unadjusted here).
    assert -MARGIN < amyba["lo90"] < amyba["hi90"] < MARGIN
    assert touka["lo90"] > MARGIN
    # Settled first in the table.
    assert list(table.index) == ["amyba", "hatsurugi_touka"]


def test_holm_over_the_idols_turns_a_borderline_settled_into_too_few_games_to_tell():
    borderline = {"syeira_coral": (800, 350, 350)}  # alone: p about 0.029, settled
    alone = settled_at_strong_play([TUNED, SEARCH], games_of(borderline)).iloc[0]
    assert 0.025 < alone["p"] < 0.035 and alone["p_holm"] == alone["p"]
    assert alone["strength"] == Strength.SETTLED
    # With a second Idol that clearly moves, Coral's p is the smaller of two: doubled by Holm.
    family = borderline | {"hatsurugi_touka": (700, 100, 250)}
    table = settled_at_strong_play([TUNED, SEARCH], games_of(family)).set_index("idol")
    coral = table.loc["syeira_coral"]
    assert coral["p"] == pytest.approx(alone["p"], rel=1e-12)
    assert coral["p_holm"] == pytest.approx(2 * alone["p"], rel=1e-12)
    # Not shown within the margin, and not shown apart either (no change at all).
    assert coral["p_change_holm"] > 0.05
    assert coral["strength"] == Strength.UNDECIDED


def test_each_player_count_is_its_own_holm_family():
    two = games_of({"syeira_coral": (800, 350, 350)}, players=2)
    three = games_of({"hatsurugi_touka": (700, 100, 250)}, players=3)
    table = settled_at_strong_play([TUNED, SEARCH], pd.concat([two, three], ignore_index=True))
    coral = table[table["players"] == 2].iloc[0]
    assert coral["p_holm"] == coral["p"] and coral["strength"] == Strength.SETTLED


def test_an_idol_neither_shown_within_the_margin_nor_shown_apart_is_too_few_games_to_tell():
    # Amyba: +1.5 points on many discordant deals, an interval that holds both no change and
    # more than the margin.
    few = {"amyba": (600, 400, 430), "hatsurugi_touka": (700, 100, 250)}
    table = settled_at_strong_play([TUNED, SEARCH], games_of(few)).set_index("idol")
    amyba, touka = table.loc["amyba"], table.loc["hatsurugi_touka"]
    assert amyba["lo90"] < 0 < MARGIN < amyba["hi90"]
    assert amyba["strength"] == Strength.UNDECIDED
    assert touka["strength"] == Strength.MOVING
    # The two-sided p of no change, against a direct computation.
    for idol, (_, only_a, only_b) in few.items():
        m = DEALS + 2.0
        pb, pa = (only_b + 0.5) / m, (only_a + 0.5) / m
        se = np.sqrt((pb + pa - (pb - pa) ** 2) / m)
        direct = 2 * norm.sf(abs(pb - pa) / se)
        assert table.loc[idol, "p_change"] == pytest.approx(direct, rel=1e-12)
    (line,) = strength_sentence(table.reset_index().to_dict("records"))
    assert line.startswith("settled at strong play: 0 of 2 Idols; still moving with skill: ")
    assert "; too few games to tell: amyba (heuristic.tuned " in line


def test_a_run_of_one_tier_per_group_has_nothing_to_settle():
    assert settled_at_strong_play([SEARCH], games_of({"amyba": (900, 40, 45)})).empty


def test_the_sentence_leads_with_the_settled_and_gives_the_figures_of_the_moving():
    idols = {"amyba": (900, 40, 45), "hatsurugi_touka": (700, 100, 250)}
    table = settled_at_strong_play([TUNED, SEARCH], games_of(idols))
    (line,) = strength_sentence(table.to_dict("records"))
    touka = table.set_index("idol").loc["hatsurugi_touka"]
    assert line == (
        "settled at strong play: 1 of 2 Idols (amyba); still moving with skill: hatsurugi_touka "
        f"(heuristic.tuned {touka['rate_a']:.1%} vs mcts/20 {touka['rate_b']:.1%}, +7.5 points, "
        f"90% interval {touka['lo90'] * 100:+.1f} to {touka['hi90'] * 100:+.1f})"
    )


def test_a_paired_row_gives_each_tiers_rate_on_the_deals_both_played():
    weak, strong = (
        TierVariant("w", "heuristic", "main", 0, 0, 4),
        TierVariant("s", "mcts/20", "main", 1, 4, 4),
    )
    wa, wb = np.array([1, 0, 0, 0], bool), np.array([1, 1, 1, 0], bool)
    row = paired_row("main", 2, "amyba", weak, strong, wa, wb)
    assert row == {
        "group": "main", "players": 2, "idol": "amyba", "tier_a": "heuristic",
        "tier_b": "mcts/20", "rate_a": 0.25, "rate_b": 0.75, "paired_games": 4,
    }  # fmt: skip
