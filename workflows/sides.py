"""The two experiments of a sequential comparison (`compare --sequential`): A from an experiment
file or a run directory (its experiment.toml), B from a second one, or from A with card changes
(--patch, --set) and nothing else, so that both play the same deals, seatings and bots.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path

from avarium.runner import experiment_file
from avarium.runner.experiment import Experiment, ExperimentError
from avarium.runner.runner import EXPERIMENT_FILE
from avarium.simulator.fileio import absolute

CARD_FIELDS = ("sets", "patches")


def experiment_path(path: Path) -> Path:
    """An experiment file as given, or a run directory's resolved experiment."""
    return path / EXPERIMENT_FILE if path.is_dir() else path


def with_changes(doc: dict, sets: Sequence[str], patches: Sequence[Path]) -> dict:
    """The document with --set overrides and patches added to every variant (after those it
    already has), and the card-set fingerprints it recorded dropped: the cards change."""
    added = {"sets": list(sets), "patches": [str(absolute(Path(p))) for p in patches]}
    tables = [v for v in doc.get("variant", []) if isinstance(v, dict)]
    for name, more in added.items():
        if not more:
            continue
        top = doc.get(name, [])
        top = [top] if isinstance(top, str) else list(top)
        for table in tables:
            own = table.get(name, top)
            table[name] = ([own] if isinstance(own, str) else list(own)) + more
        doc[name] = top + more
    for table in [doc, *tables]:
        table.pop("card_set", None)
    return doc


def sides(
    a: Path,
    b: Path | None,
    sets: Sequence[str],
    patches: Sequence[Path],
    overrides: Mapping[str, object],
) -> tuple[Experiment, Experiment]:
    """Experiments A and B, both with the run-wide `overrides` (seed, games: the cap).
    Raises ExperimentError listing every problem."""
    path_a = experiment_path(a)
    exp_a = experiment_file.load(path_a, dict(overrides))
    if b is None:
        if not sets and not patches:
            raise ExperimentError(
                ["patches: a sequential comparison needs RUN_B, or --patch or --set to make B"]
            )
        doc = with_changes(experiment_file.read_document(path_a), sets, patches)
        doc = experiment_file.with_overrides(doc, dict(overrides))
        return exp_a, experiment_file.resolve(doc, f"{path_a} (B)", path_a.parent)
    if sets or patches:
        raise ExperimentError(["patches: give RUN_B or --patch/--set for B, not both"])
    return exp_a, experiment_file.load(experiment_path(b), dict(overrides))
