"""Whom the table attacks: an Idol whose band test gives different answers under the fitted
targeting and under "attack whoever is closest to winning" is named as depending on the table's
targeting, with both rates (planted rates at two tiers that differ by their targeting alone)."""

from __future__ import annotations

import pandas as pd
import pytest
from avarium.analysis.synthetic import Plan, synthetic_run
from avarium.analysis.tiers.targeting import targeting_verdict
from avarium.analysis.verdicts import Status, Targeting
from avarium.reports.headline import headline
from avarium.reports.pages import build_report
from avarium.reports.tiers.targeting import twins
from avarium.strategies.profiles import BUNDLED as PROFILES

from tests.tiers.test_tier_report import section

INSIDE, OUTSIDE, UNSETTLED = Status.INSIDE, Status.OUTSIDE, Status.UNSETTLED


@pytest.mark.parametrize(
    ("fitted", "leader", "verdict"),
    [
        ((OUTSIDE, "above"), (INSIDE, ""), Targeting.DEPENDS),
        ((INSIDE, ""), (OUTSIDE, "below"), Targeting.DEPENDS),
        ((OUTSIDE, "above"), (OUTSIDE, "below"), Targeting.DEPENDS),
        ((OUTSIDE, "above"), (OUTSIDE, "above"), Targeting.SAME),
        ((INSIDE, ""), (INSIDE, ""), Targeting.SAME),
        ((OUTSIDE, "above"), (UNSETTLED, ""), Targeting.UNDECIDED),
        ((INSIDE, ""), (Status.NOT_ENOUGH, ""), Targeting.UNDECIDED),
    ],
)
def test_an_idol_depends_on_targeting_when_the_two_rules_put_it_on_different_sides_of_the_band(
    fitted, leader, verdict
):
    statuses, sides = zip(fitted, leader, strict=True)
    assert targeting_verdict(list(statuses), list(sides)) == verdict


def targeting_run(tmp_path):
    """Three players at the tuned heuristic and at its leader-targeting copy: Touka far above
    the band when the table attacks by the fitted weights, and every Idol fair when it attacks
    the leader. Both tiers play the same deals, as a tiered run's tiers do."""
    plans = [
        Plan(variant=bot, tier=bot, bot=bot, players={3: 1.0}, strength=strength)
        for bot, strength in (
            ("heuristic.tuned", {"hatsurugi_touka": 1.5}),
            ("heuristic.tuned_leader", {}),
        )
    ]
    run = tmp_path / "targeting"
    return synthetic_run(run, 6_000, plans, seed=3, chunk_games=6_000, shared_deals=True)


def test_the_report_names_the_idols_whose_verdict_depends_on_the_tables_targeting(tmp_path):
    run = targeting_run(tmp_path)
    page = (build_report(run, charts=False) / "index.html").read_text("utf-8")
    tiers = section(page, "skill-tiers")
    assert "Whom the table attacks: each Idol under the fitted and the leader rule" in tiers
    written = pd.read_csv(run / "report" / "tables" / "tier_targeting.csv")
    by_idol = written.set_index("idol_id")
    touka = by_idol.loc["hatsurugi_touka"]
    assert touka["verdict"] == Targeting.DEPENDS
    assert (touka["fitted"], touka["leader"]) == ("heuristic.tuned", "heuristic.tuned_leader")
    assert (touka["status_fitted"], touka["side_fitted"]) == (OUTSIDE, "above")
    assert touka["status_leader"] == INSIDE
    assert set(written["players"]) == {3}
    rates = pd.read_csv(run / "report" / "tables" / "tier_win_rates.csv")
    shown = rates.set_index(["tier", "idol_id"]).loc[("heuristic.tuned", "hatsurugi_touka")]
    assert touka["rate_fitted"] == pytest.approx(shown["rate"])
    # how far the leader rule moves her, paired on the deals both rules played: every one of hers
    assert touka["paired_games"] == touka["games_fitted"] == touka["games_leader"]
    assert touka["change"] == pytest.approx(touka["rate_leader"] - touka["rate_fitted"])
    assert touka["change_lo"] < touka["change"] < touka["change_hi"] < 0
    # the page's row for Touka: the verdict and both rates
    table = tiers[tiers.index("Whom the table attacks: each") :]
    row = table[table.index("Hatsurugi Touka") :]
    row = row[: row.index("</tr>")]
    assert "depends on the table&#x27;s targeting" in row
    assert f"heuristic.tuned: {touka['rate_fitted']:.1%}" in row and "outside above" in row
    assert f"heuristic.tuned_leader: {touka['rate_leader']:.1%}" in row
    move = f"{touka['change'] * 100:+.1f} pts ({touka['change_lo'] * 100:+.1f} to"
    assert move in row and f"{int(touka['paired_games']):,} deals" in row
    # and the summary names her with both rates
    summary = section(page, "summary")
    assert "depends on the table&#x27;s targeting</span>: " in summary
    said = (
        f"Hatsurugi Touka, 3 players (heuristic.tuned {touka['rate_fitted']:.1%}, outside "
        f"above; heuristic.tuned_leader {touka['rate_leader']:.1%}, inside)"
    )
    assert said in summary
    # as the terminal says it after `avarium report`
    told = [line for line in headline(run / "report") if line.startswith(Targeting.DEPENDS)]
    assert len(told) == 1 and said in told[0]


def test_tiers_that_differ_by_more_than_their_targeting_give_no_targeting_verdict(tmp_path):
    plans = [
        Plan(variant=bot, tier=bot, bot=bot, players={3: 1.0})
        for bot in ("heuristic.balanced", "heuristic.tuned_leader")
    ]
    run = synthetic_run(tmp_path / "apart", 1_500, plans, seed=8, chunk_games=1_500)
    page = (build_report(run, charts=False) / "index.html").read_text(encoding="utf-8")
    assert "Whom the table attacks" not in page
    assert not (run / "report" / "tables" / "tier_targeting.csv").exists()


def test_the_pairs_come_from_the_runs_own_profiles_and_none_once_that_file_is_gone(tmp_path):
    """In this profiles file tuned_leader also values Merit otherwise (no pair with tuned, as
    it is in the bundled file), and balanced_leader is balanced with the leader rule."""
    text = PROFILES.read_text(encoding="utf-8")
    head, tail = text.split("[tuned_leader]")
    balanced = text[text.index("[balanced]") :].split("\n\n")[0]
    leader = balanced.replace("[balanced]", "[balanced_leader]") + '\ntargeting = "leader"'
    mine = head + "[tuned_leader]" + tail.replace("merit = 0.8562", "merit = 2") + "\n" + leader
    path = tmp_path / "mine.toml"
    path.write_text(mine + "\n", encoding="utf-8")
    bots = ("heuristic.balanced", "heuristic.balanced_leader", "heuristic.tuned")
    bots += ("heuristic.tuned_leader",)
    experiment = {"variant": [{"tier": bot, "profiles": str(path)} for bot in bots]}
    assert twins(experiment) == (("heuristic.balanced", "heuristic.balanced_leader"),)
    path.unlink()  # a moved profiles file: no pair is guessed from the bundled profiles
    assert twins(experiment) == ()


def test_a_report_without_a_leader_rule_bot_never_loads_the_bots():
    # the bots' import loads every compiled kernel (seconds, and under a memory cap of 800 MB
    # more than there is): a run none of whose tiers attacks by the leader rule has no pair
    import subprocess
    import sys

    code = (
        "import sys\n"
        "from avarium.reports.tiers.targeting import twins\n"
        "tiers = ['heuristic', 'heuristic.tuned', 'mcts/20']\n"
        "assert twins({'variant': [{'tier': t} for t in tiers]}) == ()\n"
        "assert 'avarium.strategies' not in sys.modules and 'numba' not in sys.modules\n"
        "both = ('heuristic.tuned', 'heuristic.tuned_leader')\n"
        "pair = twins({'variant': [{'tier': t} for t in both]})\n"
        "assert pair == (both,), pair\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr[-2000:]
