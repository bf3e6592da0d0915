"""Reading card files: a card file, or every card file in a folder, into raw cards (fields not
yet checked).

A path is looked at before it is opened (opening.py), and each file read by its type:
toml_cards.py, csv_cards.py. The loader checks the raw cards (loader.py) and patches edit them
before that (patches.py).
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from avarium.simulator.cards.csv_cards import read_csv
from avarium.simulator.cards.errors import ERROR, Problem
from avarium.simulator.cards.opening import look, not_a_regular_file
from avarium.simulator.cards.raw import RawCard
from avarium.simulator.cards.toml_cards import read_toml

#: The file types a card set is written in; a directory is read for these, the rest left alone.
CARD_SUFFIXES = (".toml", ".csv")


def bundled_path() -> Path:
    """The folder of the default bundled set's card files (simulator/cards/bundled.py)."""
    from avarium.simulator.cards import bundled

    return bundled.folder()


def read_source(path: Path, problems: list[Problem]) -> list[RawCard]:
    """The raw cards of a card file, or of every card file in a directory and its
    subdirectories."""
    info = look(path, problems)
    if info is None:
        return []
    if stat.S_ISDIR(info.st_mode):
        return read_directory(path, info, problems)
    return read_card_file(path, info, problems)


def read_card_file(path: Path, info: os.stat_result, problems: list[Problem]) -> list[RawCard]:
    if not stat.S_ISREG(info.st_mode):
        problems.append(not_a_regular_file(path, info.st_mode))
        return []
    if path.suffix.lower() == ".csv":
        return read_csv(path, problems)
    if path.suffix.lower() == ".toml":
        return read_toml(path, problems)
    problems.append(
        Problem(ERROR, f'unknown file type "{path.suffix}" (expected .toml or .csv)', str(path))
    )
    return []


def read_directory(top: Path, info: os.stat_result, problems: list[Problem]) -> list[RawCard]:
    """Every .toml and .csv file under `top` (see card_files), read in that order."""
    before = len(problems)
    files = card_files(top, info, problems)
    if not files and len(problems) == before:
        problems.append(
            Problem(
                ERROR,
                "the directory holds no .toml or .csv card files (subdirectories included)",
                str(top),
            )
        )
    raws: list[RawCard] = []
    for path, file_info in files:
        raws += read_card_file(path, file_info, problems)
    return raws


def card_files(
    top: Path, info: os.stat_result, problems: list[Problem]
) -> list[tuple[Path, os.stat_result]]:
    """The .toml and .csv files under `top`, subdirectories included, sorted by their path
    below `top` (so the order of the cards, and the fingerprint, never depend on the disk).

    Names starting with "." are skipped (editor backups, .git, the temporary file of an
    unfinished atomic write); other files are left alone (a README, __init__.py). A FIFO,
    device or socket is a problem whatever its name: it is not a card file and is not opened.
    """
    found: list[tuple[Path, os.stat_result]] = []
    _gather(top, problems, found, {(info.st_dev, info.st_ino): top})
    return found


def _gather(
    directory: Path,
    problems: list[Problem],
    found: list[tuple[Path, os.stat_result]],
    seen: dict[tuple[int, int], Path],
) -> None:
    try:
        names = sorted(entry.name for entry in os.scandir(directory))
    except OSError as exc:
        problems.append(
            Problem(ERROR, f"cannot list the directory: {exc.strerror}", str(directory))
        )
        return
    for name in names:
        if name.startswith("."):
            continue
        path = directory / name
        info = look(path, problems)
        if info is None:
            continue
        if stat.S_ISDIR(info.st_mode):
            first = seen.setdefault((info.st_dev, info.st_ino), path)
            if first != path:  # reached again through a symbolic link
                problems.append(_directory_seen_twice(path, first))
                continue
            _gather(path, problems, found, seen)
        elif not stat.S_ISREG(info.st_mode):
            problems.append(not_a_regular_file(path, info.st_mode))
        elif path.suffix.lower() in CARD_SUFFIXES:
            found.append((path, info))


def _directory_seen_twice(path: Path, first: Path) -> Problem:
    return Problem(
        ERROR,
        f"a symbolic link to {first}, which is already read (a link loop, or the same cards "
        "twice); expected each card directory once",
        str(path),
    )
