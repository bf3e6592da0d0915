"""Every table of `avarium balance`'s page names whose games it counts, in its caption and in a
footer under it, as a chart's footer does on the report: the search's games or the check's,
the card set by name and fingerprint, the change by what it changed, the bots, the games, the
seed and the day. Pasted into a playtest review, a table keeps only its caption and footer."""

from __future__ import annotations

import html
import json
import re

from typer.testing import CliRunner

from avarium.cli.main import app

cli = CliRunner()


def test_each_table_of_the_balance_page_names_its_games_card_set_change_and_seed(tmp_path):
    out = tmp_path / "search"
    result = cli.invoke(
        app,
        ["balance", "--cards", "prototype-v1", "--vary", "touka.combat=2..4", "--tier",
         "heuristic", "--budget", "3000", "--check-tiers", "heuristic", "--check-games", "400",
         "-j", "1", "-o", str(out), "--json"],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    facts = json.loads(result.stdout)
    assert facts["best"], "the planted Touka is too strong: the search recommends a change"
    change = re.escape(f"hatsurugi_touka.combat 4 -> {facts['changes'][0]['to']}")
    page = html.unescape((out / "report" / "index.html").read_text(encoding="utf-8"))
    captions = {}
    for exhibit in page.split('<div class="exhibit"')[1:]:  # one table each
        caption = re.search(r"<h3>(.*?)</h3>", exhibit).group(1)
        footer = re.search(r'<p class="note footer">(.*?)</p>', exhibit)
        captions[caption.split(" (")[0]] = (caption, footer.group(1) if footer else "")
    assert set(captions) == {
        "The changes recommended",
        "Before and after",
        "Each change alone",
        "Candidates",
    }
    search = rf"the search at heuristic.balanced, 2 players.* · {facts['games']:,} games"
    seed = r"card set prototype-v1 \([0-9a-f]{16}\) · bots: heuristic.balanced · .* · seed 0 ·"
    for name in ("The changes recommended", "Candidates"):
        caption, footer = captions[name]
        assert re.search(search, caption) and re.search(search, footer)
        assert re.search(seed, footer) and "played 20" in footer
    # The check: both sets on 400 fresh deals at the one checked tier, with its own seed.
    caption, footer = captions["Before and after"]
    assert "the starting and the recommended set at heuristic.balanced, 2 players · 800" in caption
    assert re.search(rf"changed: {change} · bots: heuristic.balanced · 800 games · seed 1", footer)
    caption, footer = captions["Each change alone"]
    assert "each change alone and the starting set" in caption and re.search(change, footer)
    # Above the headline: the page's whole population in one line.
    assert re.search(r"Starting set prototype-v1 \([0-9a-f]{16}\)\. The search at heuristic", page)


def check_variant(label: str, **played) -> dict:
    """A variant of a balance check as its experiment records it: two players, the rulebook's
    bonus and rules unless `played` says otherwise."""
    rules = {"max_turns": 300, "school_runs_out": "refill", "damage_split": "choose"}
    return {
        "label": label,
        "players": 2,
        "bonus": [0, 2],
        "cards": "prototype-v1",
        "card_set": "abcd",
        "sets": [],
        "patches": [],
        "rules": rules | played.pop("rules", {}),
    } | played


def check_games(labels: list[str]):
    import pandas as pd

    return pd.DataFrame(
        {"variant": [v for v in labels for _ in (0, 1)], "seat": [0, 1] * len(labels),
         "bot": "heuristic", "players": 2}
    )  # fmt: skip


def test_a_check_footer_names_a_bonus_and_a_rule_the_recommended_set_changed():
    from avarium.reports.balance import check_population

    lever = {"first_turn_draw": "not the first seat"}
    experiment = {
        "seed": 1,
        "variant": [
            check_variant("before · heuristic"),
            check_variant("after · heuristic", bonus=[0, 3], rules=lever),
        ],
    }
    labels = ["before · heuristic", "after · heuristic"]
    who = check_population(experiment, check_games(labels), labels, "2026-12-07", {}, "both")
    footer = who.footer("search")
    assert " · rules: bonus 0,3 (after), first_turn_draw=not the first seat (after) · " in footer


def test_a_check_footer_names_a_starting_bonus_off_the_rulebook_and_no_rule_on_it():
    from avarium.reports.balance import check_population

    both = [check_variant(v, bonus=[0, 1]) for v in ("before · heuristic", "after · heuristic")]
    labels = [t["label"] for t in both]
    who = check_population({"variant": both}, check_games(labels), labels, "2026-12-07", {}, "x")
    assert " · rules: bonus 0,1 · bots:" in who.footer("search")  # both sets play it: no owner
    plain = [check_variant("before · heuristic")]  # the rulebook's bonus 0,2 and rules
    who = check_population({"variant": plain}, check_games(labels[:1]), labels[:1], "", {}, "x")
    assert "rules:" not in who.footer("search")
