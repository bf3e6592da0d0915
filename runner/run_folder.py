"""A run's folder: what a run owns and how it resumes.

A run directory holds one experiment (experiment.toml), its part files (games/, cards/, and
turns/ when kept), a manifest of their checksums, and the lock its writer holds. Here: whether
a directory may be written (this experiment's run, or nothing yet; anything else is refused
untouched, symbolic links included), which chunks a stopped run already holds whole (the rest
of the plan is deleted, with the temporary files a stopped run left), writing one chunk's
parts and then the manifest, and the lock that keeps a second writer out.
"""

from __future__ import annotations

import contextlib
import os
import tomllib
from collections.abc import Iterator
from pathlib import Path

from avarium.runner import dataset, manifest, parts, stopped
from avarium.runner.experiment import Experiment, diff_fields
from avarium.runner.manifest import Manifest, PartRecord
from avarium.runner.worker import Chunk, Played
from avarium.simulator import tomlread

EXPERIMENT_FILE = parts.EXPERIMENT_FILE
LOCK_FILE = ".avarium.lock"  # held (flock) while a process writes the run; the OS frees it


class RunError(Exception):
    """A run that cannot start or go on; the message says why and what to do."""


def check_directory(out: Path, experiment: Experiment) -> bool:
    """Whether `out` holds this experiment's run (True: resume it) or nothing yet (False);
    raises RunError, changing nothing, when it holds anything else."""
    if out.is_symlink() and not out.exists():  # mkdir would say "File exists"
        raise RunError(
            f"{out} is a symbolic link to {os.readlink(out)}, which does not exist; nothing was "
            "changed. Create that directory, or choose another run directory (--out)."
        )
    links = dataset.linked_entries(out, (EXPERIMENT_FILE, manifest.MANIFEST, stopped.STOPPED))
    if links:
        raise RunError(
            f"{out} holds symbolic links where the run writes its own files: "
            f"{', '.join(links[:5])}; nothing was changed. A run writes only into files and "
            "folders it made (through a link it would overwrite what the link points to): "
            "replace the links with copies, or choose another run directory (--out)."
        )
    stored_file = out / EXPERIMENT_FILE
    if stored_file.exists():
        differences = _differences(stored_file, experiment)
        if differences:
            shown = "\n".join(f"  {d}" for d in differences[:12])
            more = f"\n  ... and {len(differences) - 12} more" if len(differences) > 12 else ""
            raise RunError(
                f"{out} holds a run of a different experiment; nothing was changed.\n"
                f"Differences (that run's value against this one's):\n{shown}{more}\n"
                "Choose another run directory (--out), or delete that one to start over."
            )
        return True
    if out.exists() and (not out.is_dir() or any(p.name != LOCK_FILE for p in out.iterdir())):
        raise RunError(
            f"{out} exists and holds no run (no {EXPERIMENT_FILE}); nothing was changed. "
            "Choose a new or empty run directory (--out)."
        )
    return False


def _differences(stored_file: Path, experiment: Experiment) -> list[str]:
    """How the experiment a run folder holds differs from this one (empty: the same); raises
    RunError naming the file when it cannot be read."""
    try:
        stored = tomlread.loads(stored_file.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise RunError(f"{stored_file} cannot be read ({exc}); nothing was changed") from None
    return diff_fields(stored, experiment.to_dict(), "")


def set_aside(out: Path, experiment: Experiment) -> Path | None:
    """When `out` holds a run of another experiment, rename it whole to `OUT.before-N` (the
    first N not taken) under its lock and return the new name; otherwise change nothing and
    return None (anything else `check_directory` refuses is still refused there). `make demo`
    asks for this: a demo changed since the last one plays anew and keeps the old run."""
    stored_file = out / EXPERIMENT_FILE
    if out.is_symlink() or not stored_file.is_file() or stored_file.is_symlink():
        return None
    try:
        if not _differences(stored_file, experiment):
            return None
    except RunError:
        return None  # check_directory names the file and why
    n = 1
    while out.with_name(f"{out.name}.before-{n}").exists():
        n += 1
    kept = out.with_name(f"{out.name}.before-{n}")
    with hold_lock(out):  # not while another process writes it
        try:
            out.rename(kept)
        except OSError as exc:
            raise RunError(
                f"{out} holds a run of another experiment and cannot be renamed to {kept} "
                f"({exc.strerror or exc}); nothing was changed"
            ) from None
    return kept


def new_manifest(experiment: Experiment, chunks: list[Chunk]) -> Manifest:
    return Manifest(
        manifest.experiment_id(experiment.to_json()), experiment.total_games, len(chunks)
    )


def _strays(out: Path, chunks: list[Chunk]) -> list[str]:
    """Files in games/ or cards/ that are no part of the plan (temporary files aside)."""
    planned = {dataset.part_name(c.index) for c in chunks}
    return sorted(
        f"{folder}/{path.name}"
        for folder in dataset.FOLDERS
        if (out / folder).is_dir()
        for path in (out / folder).iterdir()
        if path.name not in planned and not path.name.startswith(".")
    )


def _whole(out: Path, c: Chunk, experiment: Experiment, run_id: str) -> bool:
    """Whether every part file of chunk c is a whole Parquet file of this chunk and run (the
    check every reader makes too: parts.part_problem)."""
    v = experiment.variants[c.variant]
    chunk = parts.chunk_text(c.index, c.first, c.stop - 1, v.label)
    rows = {"games": c.games * v.players}
    return all(
        parts.part_problem(dataset.part_path(out, folder, c.index), run_id, chunk, rows.get(folder))
        is None
        for folder in dataset.folders(experiment.record_turns)
    )


def _record(out: Path, name: str, c: Chunk, label: str, rows: int) -> PartRecord:
    path = out / name
    return PartRecord(
        manifest.file_digest(path), path.stat().st_size, rows, c.index, c.first, c.stop - 1, label
    )


def completed(out: Path, chunks: list[Chunk], experiment: Experiment) -> tuple[set[int], Manifest]:
    """Chunks whose part files are whole, belong to this experiment and match the manifest,
    and the manifest of those; every other part file of the plan is deleted, and so are
    temporary files a stopped run left. A run written before manifests gets one, from the
    parts that pass every other check. Raises RunError, changing nothing, for a file that is no
    part of the run or a manifest of another run."""
    strays = _strays(out, chunks)
    if strays:
        shown = ", ".join(strays[:5]) + (f" and {len(strays) - 5} more" if len(strays) > 5 else "")
        raise RunError(
            f"{out} holds files that are no part of this run: {shown}; nothing was changed. "
            "Move them out of the run directory and run the same command again."
        )
    try:
        stored = manifest.read(out)
    except manifest.ManifestError as exc:
        raise RunError(f"{exc}; nothing was changed") from None
    fresh = new_manifest(experiment, chunks)
    if stored is not None and stored.run_id != fresh.run_id:
        raise RunError(
            f"{out / manifest.MANIFEST} belongs to another run (run id {stored.run_id}, this "
            f"one is {fresh.run_id}); nothing was changed"
        )
    dataset.remove_temporary(out)
    done = set()
    for c in chunks:
        v = experiment.variants[c.variant]
        names = [
            f"{folder}/{dataset.part_name(c.index)}"
            for folder in dataset.folders(experiment.record_turns)
        ]
        ok = _whole(out, c, experiment, fresh.run_id)
        if ok and stored is not None:
            ok = all(
                n in stored.parts and manifest.check_part(out, n, stored.parts[n]) is None
                for n in names
            )
            if ok:
                fresh.parts |= {n: stored.parts[n] for n in names}
        elif ok:  # no manifest yet: record the parts that pass every other check
            rows = {"games": c.games * v.players}
            for n in names:
                meta = dataset.part_metadata(out / n)
                fresh.parts[n] = _record(out, n, c, v.label, rows.get(n[:5], meta[1]))
        if ok:
            done.add(c.index)
        else:
            for folder in dataset.FOLDERS:
                dataset.part_path(out, folder, c.index).unlink(missing_ok=True)
    return done, fresh


def write_chunk(out: Path, experiment: Experiment, played: Played, record: Manifest) -> None:
    c = played.chunk
    v = experiment.variants[c.variant]
    meta = dataset.chunk_metadata(
        experiment.to_json(), v.card_set, experiment.version, experiment.seed, c.describe(v.label)
    )
    # cards (and turns) first: a chunk counts as written once its games file exists and every
    # file is whole; then the manifest, which lists the chunk only once all are on disk.
    kept = () if played.turns is None else (("turns", played.turns, dataset.TURNS_SCHEMA),)
    for folder, columns, schema in (
        ("cards", played.cards, dataset.CARDS_SCHEMA),
        *kept,
        ("games", played.games, dataset.GAMES_SCHEMA),
    ):
        table = dataset.to_table(columns, schema)
        sha, size = dataset.write_part(out, folder, c.index, table, meta)
        record.parts[f"{folder}/{dataset.part_name(c.index)}"] = PartRecord(
            sha, size, table.num_rows, c.index, c.first, c.stop - 1, v.label
        )
    manifest.write(out, record)


@contextlib.contextmanager
def hold_lock(out: Path) -> Iterator[None]:
    """Hold the run's lock: one writer per run. The lock is an flock on RUN/.avarium.lock, which
    the operating system releases when its process ends, however it ends: a killed run leaves
    no stale lock behind."""
    from filelock import FileLock, Timeout

    out.mkdir(parents=True, exist_ok=True)
    lock = FileLock(out / LOCK_FILE)
    try:
        lock.acquire(timeout=0)
    except Timeout:
        raise RunError(
            f"{out} is being written by another process (it holds {out / LOCK_FILE}); wait "
            "for it to finish, or choose another run directory (--out)"
        ) from None
    try:
        yield
    finally:
        lock.release()
