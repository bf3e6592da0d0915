"""A part file checked against what it should hold: one check for the writer and every reader.

Each part file carries its run's experiment and its chunk (index, game range, variant) in its
Parquet metadata (dataset.chunk_metadata). A file whose bytes match its manifest entry may still
be another run's part, or a copy of another part of this run, with the entry edited to match;
only the metadata tells. `simulate` checks it before resuming a chunk, and the readers (report,
compare, load_run, replay) check it before reading one, through `part_problem` and
`listed_parts` here, so a part the writer would replay is never read as this run's.

A run being written has part files on disk before its manifest lists them (the manifest is
rewritten after both files of a chunk are whole). A reader reads the parts the manifest lists
and leaves out a planned part of this run that it does not list yet (`unlisted`): a part in
flight, or one a stopped `simulate` wrote last. Only a file that is no part of the run is stray.
"""

from __future__ import annotations

import itertools
import json
import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

from avarium.runner import dataset, manifest
from avarium.runner.manifest import MANIFEST, Manifest, ManifestError, PartRecord
from avarium.simulator import tomlread

EXPERIMENT_FILE = "experiment.toml"  # the run's resolved experiment, written by simulate
_PART_NAME = re.compile(r"part-(\d{5})\.parquet")


def chunk_text(index: int, first_game: int, last_game: int, variant: str) -> str:
    """A chunk as its files' `avarium.chunk` metadata records it (worker.Chunk.describe)."""
    chunk = {"index": index, "first_game": first_game, "last_game": last_game, "variant": variant}
    return json.dumps(chunk, sort_keys=True)


def _held(text: str | None) -> str:
    """What a file's `avarium.chunk` says it holds, in words, for a message."""
    try:
        chunk = json.loads(text or "")
        return (
            f"chunk {int(chunk['index'])} (games {int(chunk['first_game'])}-"
            f"{int(chunk['last_game'])} of variant {chunk['variant']!r})"
        )
    except (ValueError, TypeError, KeyError, RecursionError):
        return "no chunk this toolkit writes"


def part_problem(path: Path, run_id: str, chunk: str, rows: int | None) -> str | None:
    """Why the part file at `path` is not the file of `chunk` (chunk_text) of the run whose
    manifest id is `run_id`, with `rows` rows if given (None: it is)."""
    found = dataset.part_metadata(path)
    if found is None:
        return "is not a whole Parquet file (cut short or damaged)"
    meta, count = found
    experiment = meta.get("avarium.experiment")
    if experiment is None or manifest.experiment_id(experiment) != run_id:
        return (
            "belongs to another run: the experiment it was played for is not this run's "
            "(copied in from another run?)"
        )
    held = meta.get("avarium.chunk")
    if held != chunk:
        return f"holds {_held(held)} where this file is {_held(chunk)} (a copy of another part?)"
    if rows is not None and count != rows:
        return f"has {count:,} rows where {rows:,} were written"
    return None


def index_of(name: str) -> int | None:
    """The chunk index a part file's name gives ("games/part-00003.parquet": 3), or None for a
    name this toolkit does not write."""
    found = _PART_NAME.fullmatch(Path(name).name)
    return None if found is None else int(found.group(1))


@dataclass
class Listed:
    """The parts of a run a reader may read, by folder, and the planned parts left out."""

    files: dict[str, list[Path]]
    unlisted: list[Path] = field(default_factory=list)  # written, not yet in the manifest


def _refuse(path: Path, problem: str) -> ManifestError:
    return ManifestError(f"{path}: {problem}; run the same `avarium simulate` again to replay it")


def _check_record(run: Path, name: str, rec: PartRecord, run_id: str) -> bool:
    """Whether the listed part is on disk (a part deleted since is left out: the run reads as
    unfinished, and the next `simulate` replays it); raises ManifestError if it is not that
    part."""
    path = run / name
    index = index_of(name)
    if name.split("/")[0] not in dataset.FOLDERS or index is None:
        raise ManifestError(f"{run / MANIFEST} lists {name}, which is no part file of a run")
    # The name fixes the chunk: an entry edited to another chunk's numbers is found too.
    text = chunk_text(index, rec.first_game, rec.last_game, rec.variant)
    damage = manifest.check_part(run, name, rec)
    if damage == "is missing":
        return False
    problem = part_problem(path, run_id, text, rec.rows)
    if problem and not (damage and problem.startswith("is not a whole")):
        # what it holds says more than its checksum: another run's part, another chunk's copy
        raise ManifestError(f"{path}: {problem}; move it out of the run")
    if damage:
        raise _refuse(path, damage)
    return True


def _no_overlaps(run: Path, record: Manifest) -> None:
    """Refuse two listed parts of a folder that hold the same games."""
    for folder in dataset.FOLDERS:
        ranges = sorted(
            (rec.first_game, rec.last_game, name)
            for name, rec in record.parts.items()
            if name.startswith(folder + "/")
        )
        for (_, end, before), (first, last, name) in itertools.pairwise(ranges):
            if first <= end:
                raise ManifestError(
                    f"{run / name}: holds games {first}-{last}, which {Path(before).name} holds "
                    "too (a copy of another part?); move it out of the run"
                )


# A run being written rewrites its manifest after every chunk: a check that fails while the
# manifest changes under it is made again on the new one, this many times at most.
READ_TRIES = 5


def verified(run: Path) -> tuple[Manifest, Listed] | None:
    """The run's manifest and its parts, checked (listed_parts); None for a run written before
    manifests. Raises ManifestError naming the file at fault, or saying that the run is being
    written when its manifest kept changing while it was checked."""
    for _ in range(READ_TRIES):
        record = manifest.read(run)
        if record is None:
            return None
        try:
            return record, listed_parts(run, record)
        except ManifestError:
            try:
                moved_on = manifest.read(run) != record
            except ManifestError:
                moved_on = True
            if not moved_on:
                raise
    raise ManifestError(
        f"{run}: is being written (its {MANIFEST} changed {READ_TRIES} times while it was "
        "read); read it once `avarium simulate` has finished"
    )


def own_id(run: Path) -> str | None:
    """The run id of the run's experiment.toml (the resolved experiment it was written from,
    which reads back to the same document), or None when it has none that reads."""
    try:
        doc = tomlread.loads((run / EXPERIMENT_FILE).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
        return None
    return manifest.experiment_id(json.dumps(doc, sort_keys=True, separators=(",", ":")))


def listed_parts(run: Path, record: Manifest) -> Listed:
    """The part files the manifest lists, each checked (size, checksum, then its embedded run,
    chunk, game range, variant and rows), and the files on disk it does not list. Raises
    ManifestError naming the first file that is damaged, another run's, a copy of another part,
    or no part of the run; or naming the manifest, when it is not this run's (its
    experiment.toml says another) and so its parts do not match it."""
    try:
        return _listed(run, record)
    except ManifestError:
        own = own_id(run)
        if own is None or own == record.run_id:
            raise
        raise ManifestError(
            f"{run / MANIFEST}: belongs to another run (run id {record.run_id}; this run's "
            f"{EXPERIMENT_FILE} is run id {own}): put this run's manifest back, or delete it "
            "and run the same `avarium simulate` again to rebuild it from the parts"
        ) from None


def _listed(run: Path, record: Manifest) -> Listed:
    files: dict[str, list[Path]] = {folder: [] for folder in dataset.FOLDERS}
    for name, rec in sorted(record.parts.items()):
        if _check_record(run, name, rec, record.run_id):
            files[name.split("/")[0]].append(run / name)
    _no_overlaps(run, record)
    unlisted = []
    for folder in dataset.FOLDERS:
        for path in manifest.part_files(run / folder):
            if f"{folder}/{path.name}" not in record.parts:
                _check_unlisted(path, record)
                unlisted.append(path)
    return Listed(files, unlisted)


def _check_unlisted(path: Path, record: Manifest) -> None:
    """A file on disk the manifest does not list is a planned part of this run (in flight, or
    the last one a stopped run wrote) or is refused as stray, by what it holds."""
    index = index_of(path.name)
    if index is None or index >= record.chunks:
        raise ManifestError(
            f"{path}: not a part of this run (its {MANIFEST} does not list it, and no part of "
            "the run has its name: a stray copy, or a file from another run); move it out of "
            "the run"
        )
    found = dataset.part_metadata(path)
    if found is None:
        return  # not whole: never read, and the next `simulate` replays its chunk
    experiment = found[0].get("avarium.experiment")
    if experiment is None or manifest.experiment_id(experiment) != record.run_id:
        raise ManifestError(
            f"{path}: belongs to another run: the experiment it was played for is not this "
            "run's (copied in from another run?); move it out of the run"
        )
    held = found[0].get("avarium.chunk")
    try:
        if json.loads(held or "")["index"] == index:
            return  # its own chunk, not listed yet
    except (ValueError, TypeError, KeyError, RecursionError):
        pass
    raise ManifestError(
        f"{path}: holds {_held(held)}, not chunk {index} (a copy of another part?); move it out "
        "of the run"
    )
