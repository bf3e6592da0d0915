"""The bundled set's figures are what its games say: `experiments/versions-2-players.toml` plays
versions 1 and 2 on the deals of stage 4's check (the seed after the search's, 20,000 games per
set and tier, the check's tiers), and every figure of docs/balance.md's table is read back from
those games: each rate and interval to the tenth of a point, and the bold that marks a rate
inside the band; the README's headline table, each tier's range and the Idols inside the band,
likewise. The games' wins are kept in `bundled_table.json`, and the first games of every version
and tier are played again to show they are still the games the config plays (bundled_games.py
says why and how to write them anew)."""

from __future__ import annotations

import re
import shlex
import tomllib
from pathlib import Path

import pandas as pd
import pytest
from avarium.analysis.proportions import rate_table
from avarium.runner.tiers import SEPARATOR
from avarium.simulator.cards.loader import load_cards

from tests.balance.bundled_games import CONFIG, digests, first_games_config, kept, play

ROOT = Path(__file__).resolve().parents[2]
# The table's columns, left to right, as the tiers' canonical bots name them.
COLUMNS = ["heuristic.tuned", "mcts/20", "heuristic.balanced"]
PERCENT = r"(\*\*)?(\d+\.\d)%(\*\*)?"


def test_the_kept_counts_are_the_games_the_config_plays(tmp_path):
    games = play(first_games_config(), tmp_path / "first")
    assert digests(games) == kept()["first_games"]


@pytest.fixture(scope="module")
def rates() -> dict[tuple[str, str, str], tuple[float, ...]]:
    """(version, tier, Idol name) -> (rate, lo, hi) in percent, rounded as the table shows, and
    the rate unrounded (2,748 wins in 5,000 shows as 55.0% and is inside)."""
    table = rate_table(pd.DataFrame(kept()["counts"]))
    names = {c.id: c.name for c in load_cards("prototype-v2").idols}
    found = {}
    for row in table.itertuples():
        version, tier = str(row.variant).split(SEPARATOR)
        figures = tuple(round(100 * x, 1) for x in (row.rate, row.lo, row.hi))
        found[version, tier, names[str(row.idol)]] = (*figures, row.rate)
    return found


def table_rows(path: Path) -> dict[str, list[str]]:
    """Idol name -> the cells of its row in the file's table of versions 1 and 2."""
    text = path.read_text(encoding="utf-8")
    header = next(line for line in text.splitlines() if "v1 -> v2 (95%)" in line)
    block = text.split(header, 1)[1].split("\n\n", 1)[0]
    rows = {}
    for line in block.strip().splitlines()[1:]:  # the line under the header is the rule
        cells = [c.strip() for c in line.strip("|").split("|")]
        rows[cells[0]] = cells[1:]
    return rows


def test_the_config_plays_the_deals_and_tiers_of_stage_4s_check():
    config = tomllib.loads(CONFIG.read_text(encoding="utf-8"))
    doc = (ROOT / "docs" / "balance.md").read_text(encoding="utf-8")
    blocks = doc.split("```sh\n")[1:]
    command = next(b for b in blocks if "-o runs/balance-v2-stage4b" in b.split("```", 1)[0])
    command = command.split("avarium balance --cards prototype-v1", 1)[1].split("```", 1)[0]
    words = shlex.split(command.replace("\\\n", " "))
    option = {w: words[i + 1] for i, w in enumerate(words[:-1]) if w.startswith("--")}
    assert "--seed" not in option  # the search's seed is 0, and its check plays seed 1
    assert config["seed"] == 1 and config["players"] == 2
    assert config["games"] == int(option["--check-games"])
    assert sorted(config["tiers"]) == sorted(option["--check-tiers"].split(","))
    assert [v["cards"] for v in config["variant"]] == ["prototype-v1", "prototype-v2"]


def test_the_readme_headline_ranges_are_what_its_games_say(rates):
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    header = next(line for line in text.splitlines() if "version 2: range" in line)
    block = text.split(header, 1)[1].split("\n\n", 1)[0].strip().splitlines()[1:]
    assert len(block) == len(COLUMNS)
    for line, tier in zip(block, COLUMNS, strict=True):
        cells = [c.strip() for c in line.strip("|").split("|")]
        for version, cell in zip(("version 1", "version 2"), cells[1:3], strict=True):
            shown = [r[0] for (v, t, _), r in rates.items() if (v, t) == (version, tier)]
            assert len(shown) == 8, (version, tier)
            assert cell == f"{min(shown):.1f}%-{max(shown):.1f}%", (tier, version, cell)
        inside = sum(
            0.45 <= r[3] <= 0.55 for (v, t, _), r in rates.items() if (v, t) == ("version 2", tier)
        )
        assert cells[3] == f"{inside} of 8", (tier, cells[3])


@pytest.mark.parametrize("doc", ["docs/balance.md"])
def test_every_figure_of_the_bundled_sets_table_is_what_its_games_say(rates, doc):
    rows = table_rows(ROOT / doc)
    assert len(rows) == 8, doc
    for idol, cells in rows.items():
        for tier, cell in zip(COLUMNS, cells, strict=True):
            figures = re.findall(PERCENT, cell)
            before, after = float(figures[0][1]), float(figures[1][1])
            assert before == rates["version 1", tier, idol][0], (doc, idol, tier)
            assert after == rates["version 2", tier, idol][0], (doc, idol, tier)
            if len(figures) == 4:  # the interval of version 2's rate
                lo, hi = float(figures[2][1]), float(figures[3][1])
                assert (lo, hi) == rates["version 2", tier, idol][1:3], (doc, idol, tier)
            # bold marks version 2's rate inside the band, 45-55%; the plain column is unmarked
            bold = figures[1][0] == "**"
            inside = 0.45 <= rates["version 2", tier, idol][3] <= 0.55
            assert bold == (inside and tier != "heuristic.balanced"), (doc, idol, tier, cell)
