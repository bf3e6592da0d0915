"""The games behind the bundled set's table, kept as counts.

`experiments/versions-2-players.toml` plays 20,000 games a version and tier, about three minutes
of CPU (most of it the search bot's 4,032 games). So the wins and games of every version, tier
and Idol it gave are kept in `bundled_table.json`, and the table's tests read every figure from
them. To show they are still what the config plays, the tests play the first games of every
version and tier again and compare a digest of them with the one kept: game k of a tier is dealt
and seated alike whatever the tier's size, so the first games of a smaller run are the first
games of the full one, and any change of the rules, the bots or the cards changes them.

A change meant to change games plays the config again and writes the counts and digests anew
(the table's tests then say which figures of the docs moved):

    python -m tests.balance.bundled_games
"""

from __future__ import annotations

import hashlib
import json
import re
import sys
import tempfile
from pathlib import Path

import pandas as pd
from avarium.analysis.counts import totals
from avarium.analysis.dataset import load_run
from typer.testing import CliRunner

from avarium.cli.main import app

ROOT = Path(__file__).resolve().parents[2]
CONFIG = ROOT / "experiments" / "versions-2-players.toml"
KEPT = Path(__file__).with_name("bundled_table.json")
# The first games of each tier (by its canonical bot) played again: whole rounds of the 56
# ordered Idol pairings.
FIRST = {"heuristic.balanced": 560, "heuristic.tuned": 560, "mcts/20": 112}


def play(config_text: str, out: Path, jobs: int = 1) -> pd.DataFrame:
    """Play a config (its text) into `out` and return its games."""
    config = out.with_suffix(".toml")
    config.write_text(config_text, encoding="utf-8")
    command = ["simulate", "--config", str(config), "-o", str(out), "-j", str(jobs), "-q"]
    result = CliRunner().invoke(app, command)
    assert result.exit_code == 0, result.output
    return load_run(out).games


def first_games_config() -> str:
    """The config with every tier cut to its first games (FIRST)."""
    text = CONFIG.read_text(encoding="utf-8")
    tiers = ", ".join(f'"{bot}={games}"' for bot, games in FIRST.items())
    text, n = re.subn(r"(?m)^tiers = \[.*\]$", f"tiers = [{tiers}]", text)
    assert n == 1, "the config's tiers line was not found"
    return text


def digests(games: pd.DataFrame) -> dict[str, str]:
    """Per variant (version and tier): a digest of its first games (FIRST, by the tier's bot),
    every column load_run reads but the run-wide game id, in the order the games were dealt."""
    found = {}
    for variant, rows in games.groupby("variant", observed=True, sort=True):
        rows = rows.sort_values(["game_id", "seat"])
        k = rows["game_id"].rank(method="dense").astype(int) - 1
        n = FIRST[str(rows["bot"].iloc[0])]
        kept = rows[k < n].drop(columns="game_id").astype(str)
        text = kept.to_csv(index=False).encode()
        found[str(variant)] = f"{n} games: " + hashlib.sha256(text).hexdigest()[:16]
    return found


def counts(games: pd.DataFrame) -> list[dict]:
    """Wins and games per variant and Idol."""
    table = totals(games, ["variant", "idol"])
    return [
        {"variant": str(r.variant), "idol": str(r.idol), "wins": int(r.wins), "games": int(r.games)}
        for r in table.itertuples()
    ]


def write(first_games: dict[str, str], rows: list[dict]) -> None:
    """The kept file: the digests, then one line per count, so a change reads as a diff."""
    lines = [json.dumps(r, ensure_ascii=False) for r in rows]
    text = (
        '{\n "first_games": '
        + json.dumps(first_games, ensure_ascii=False, indent=2).replace("\n", "\n ")
        + ',\n "counts": [\n  '
        + ",\n  ".join(lines)
        + "\n ]\n}\n"
    )
    KEPT.write_text(text, encoding="utf-8")


def kept() -> dict:
    return json.loads(KEPT.read_text(encoding="utf-8"))


def main() -> int:
    with tempfile.TemporaryDirectory() as folder:
        full = play(CONFIG.read_text(encoding="utf-8"), Path(folder) / "full", jobs=2)
        first = play(first_games_config(), Path(folder) / "first", jobs=2)
    if digests(full) != digests(first):
        print("the full run's first games differ from a run of its first games", file=sys.stderr)
        return 1
    write(digests(full), counts(full))
    print(f"wrote {KEPT.relative_to(ROOT)}: {len(full) // 2} games")
    return 0


if __name__ == "__main__":
    sys.exit(main())
