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
