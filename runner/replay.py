"""Replaying one game of a run: its seats and seeds from the dataset, its variant from the run's
experiment.toml, played again by the engine (deterministic given the seeds) with a transcript."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from avarium.runner import experiment_file
from avarium.runner.runner import EXPERIMENT_FILE

# The transcript's last line (avarium.simulator.game.transcript.footer).
_FOOTER = re.compile(r"Game over on turn (\d+): (?:P(\d+) .* wins|nobody wins) \((.+?)\);")


class ReplayError(Exception):
    """A game that cannot be replayed; the message says why."""


@dataclass(frozen=True)
class Outcome:
    winner: int | None  # seat
    reason: str
    turns: int

    def __str__(self) -> str:
        who = "nobody won" if self.winner is None else f"P{self.winner} won"
        return f"{who} ({self.reason}) on turn {self.turns}"


def outcome_of(transcript: list[str]) -> Outcome | None:
    """The outcome a transcript ends with (None when it does not end with a finished game)."""
    found = _FOOTER.search(transcript[-1]) if transcript else None
    if found is None:
        return None
    winner = None if found.group(2) is None else int(found.group(2))
    return Outcome(winner, found.group(3), int(found.group(1)))


def _verified_parts(run: Path) -> list[Path]:
    """The run's games/ part files, each checked as the report checks them
    (runner/parts.py): a stray, damaged, foreign or duplicated file is refused by name,
    not read (a duplicated part would give a game twice its seats)."""
    from avarium.runner import manifest, parts

    try:
        found = parts.verified(run)
    except manifest.ManifestError as exc:
        raise ReplayError(str(exc)) from None
    return manifest.part_files(run / "games") if found is None else found[1].files["games"]


def replay_game(run: Path, game_id: int) -> tuple[list[str], Outcome, Outcome | None]:
    """The transcript of game `game_id` of the run, its outcome as recorded, and as replayed."""
    import pyarrow.parquet as pq
    from avarium.runner.batch import replay_transcript

    if not (run / EXPERIMENT_FILE).is_file():
        raise ReplayError(f"{run} is not a run directory (it has no {EXPERIMENT_FILE})")
    exp = experiment_file.load(run / EXPERIMENT_FILE)
    try:
        _, variant = exp.variant_of(game_id)
    except LookupError as exc:
        raise ReplayError(str(exc)) from None
    parts = _verified_parts(run)
    if not parts:  # pyarrow's own complaint would be "No match for FieldRef.Name(game_id)"
        raise ReplayError(
            f"{run} has no games written yet (no part files in {run / 'games'}): run the "
            "same `avarium simulate` again to play them"
        )
    try:
        rows = pq.read_table(parts, filters=[("game_id", "==", game_id)]).to_pylist()
    except (OSError, ValueError) as exc:
        raise ReplayError(f"cannot read {run / 'games'}: {exc}") from None
    if not rows:
        raise ReplayError(f"game {game_id} is not written yet: the run is not finished")
    rows.sort(key=lambda r: r["seat"])
    first = rows[0]
    lines = replay_transcript(
        variant.card_data,
        variant.rules,
        [r["idol"] for r in rows],
        [r["bot"] for r in rows],
        first["game_seed"],
        first["bot_seed"],
        [r["bonus"] for r in rows],
        variant.profiles_path,
    )
    winners = [r["seat"] for r in rows if r["won"]]
    recorded = Outcome(winners[0] if winners else None, first["reason"], first["turns"])
    return lines, recorded, outcome_of(lines)
