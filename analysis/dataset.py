"""Reading a run directory (docs/data-schema.md): only the columns the analyses need, checked.

Every problem becomes a DatasetError whose message names the file and what was expected, so the
command line can print it on one line.
"""

from __future__ import annotations

import json
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

import pandas as pd
import pyarrow as pa
from avarium.analysis.columns import (
    DatasetError,
    normalise,
    part_schema,
    read_checked,
    to_pandas,
)
from avarium.analysis.tiers.play import MEASURES
from avarium.analysis.tiers.variants import tier_variants
from avarium.runner import manifest, parts, stopped
from avarium.runner.manifest import part_files
from avarium.simulator import schema, tomlread

# Columns the analyses read, with the kind of Arrow type each must have (simulator/schema.py).
# Reading only these (and string columns as dictionaries) keeps a 10-million-row run to a few
# hundred MB.
GAMES_COLUMNS: dict[str, str] = schema.analysed(schema.GAMES)
CARDS_COLUMNS: dict[str, str] = schema.analysed(schema.CARDS)
TURNS_COLUMNS: dict[str, str] = schema.analysed(schema.TURNS)
# Every column of games/ (docs/data-schema.md): what the Python API hands a notebook, which
# may want any of them; the analyses read GAMES_COLUMNS only, to keep a large run's memory down.
EVERY_GAMES_COLUMN: dict[str, str] = {c.name: c.kind for c in schema.GAMES}
# How each seat played: the measures of analysis/tiers/play.py the analyses do not read anyway.
# Only a tiered report reads them, so a run is read without them unless asked (they would add
# a twentieth to a large report's memory).
PLAY_COLUMNS: dict[str, str] = {
    c.name: c.kind for c in schema.GAMES if c.name in MEASURES and c.name not in GAMES_COLUMNS
}


@dataclass
class Provenance:
    """Where a run came from: what the Parquet metadata and experiment.toml say about it."""

    run: Path
    card_sets: list[str] = field(default_factory=list)
    versions: list[str] = field(default_factory=list)
    seeds: list[str] = field(default_factory=list)
    experiment: dict = field(default_factory=dict)
    experiment_toml: str = ""
    files: int = 0
    # Games the run planned (from its manifest, else its experiment; None if neither says) and
    # games found; the report says so when a run is unfinished.
    games_planned: int | None = None
    games_present: int = 0
    verified: bool = False  # every part file matched the checksum recorded when it was written
    # Each variant's card-set fingerprints (from its chunks' metadata; "" when a chunk does not
    # say its variant). A sweep's variants differ on purpose; one variant with two sets is a run
    # that mixes two games.
    card_sets_by_variant: dict[str, list[str]] = field(default_factory=dict)
    # The stop record of a run played in rounds until a rule held (`simulate --precision`,
    # `--until settled`, a side of `compare --sequential`): runner/stopped.py; None otherwise.
    stop: dict | None = None

    @property
    def mixed_card_sets(self) -> list[str]:
        """The variants whose chunks were played with different card sets."""
        return [v for v, sets in self.card_sets_by_variant.items() if len(sets) > 1]

    @property
    def incomplete(self) -> bool:
        return self.games_planned is not None and self.games_present < self.games_planned

    @property
    def name(self) -> str:
        """The experiment's name if it gives one, else the run directory's name."""
        for key in ("name", "experiment"):
            value = self.experiment.get(key)
            if isinstance(value, str) and value:
                return value
        return self.run.name


@dataclass
class Run:
    """A run's games (long format, categorical strings), its card counts and its provenance."""

    path: Path
    games: pd.DataFrame
    cards: pd.DataFrame
    provenance: Provenance
    variants: list[str]


@dataclass
class RunFiles:
    """A run's part files after verification, and what the verification could establish."""

    games: list[Path]
    cards: list[Path]
    planned: int | None  # games the manifest plans (None: a run written before manifests)
    verified: bool
    unlisted: int = 0  # this run's part files the manifest does not list yet (being written)
    turns: list[Path] = field(default_factory=list)  # turns/, in a run that keeps it


def verify(run: Path) -> RunFiles:
    """The run's part files, each checked against the run's manifest and against what it holds
    (runner/parts.py: the check `simulate` makes before resuming a chunk).

    A file that is damaged, holds another run's games or another part's, or is no part of the
    run is refused by name. The files are those the manifest lists: a part of this run that it
    does not list yet (a run being written, or stopped) is left out and counted, so the run
    reads as unfinished. A run written before manifests is read as it is, unverified, unless
    two of its files hold the same games."""
    run = Path(run)
    try:
        found = parts.verified(run)
    except manifest.ManifestError as exc:
        raise DatasetError(str(exc)) from None
    if found is None:
        games, cards = part_files(run / "games"), part_files(run / "cards")
        _no_overlaps(games)
        return RunFiles(games, cards, None, False, turns=part_files(run / "turns"))
    record, listed = found
    games, cards = listed.files["games"], listed.files["cards"]
    return RunFiles(games, cards, record.games, True, len(listed.unlisted), listed.files["turns"])


def _no_overlaps(files: list[Path]) -> None:
    """Refuse two part files that hold the same games (by the game range each records)."""
    seen: list[tuple[int, int, Path]] = []
    for path in files:
        meta = part_schema(path).metadata or {}
        try:
            chunk = json.loads(meta.get(b"avarium.chunk", b"{}"))
            first = int(chunk.get("first_game", chunk.get("first")))
            last = int(chunk.get("last_game", chunk.get("last")))
        except (TypeError, ValueError, json.JSONDecodeError):
            continue
        for a, b, other in seen:
            if first <= b and a <= last:
                raise DatasetError(
                    f"{path}: holds games {first}-{last}, which {other.name} holds too (a copy?); "
                    "move one of them out of the run"
                )
        seen.append((first, last, path))


def read_games(
    run: Path,
    seeds: bool = True,
    files: list[Path] | None = None,
    play: bool = False,
    every: bool = False,
) -> pd.DataFrame:
    """games/ as one DataFrame: the analysed columns only (`every`: every column), strings as
    categoricals.

    `seeds` False leaves out game_seed, which only the comparison of two runs needs; `files`
    are the run's verified part files (default: all of games/); `play` adds PLAY_COLUMNS."""
    folder = Path(run) / "games"
    files = part_files(folder) if files is None else files
    if not files:
        raise DatasetError(f"{folder}: no games data (expected part-*.parquet files)")
    columns = EVERY_GAMES_COLUMN if every else GAMES_COLUMNS
    wanted = {k: v for k, v in columns.items() if seeds or k != "game_seed"}
    return to_pandas(read_checked(files, wanted | (PLAY_COLUMNS if play and not every else {})))


def games_frame(tables: list[pa.Table]) -> pd.DataFrame:
    """Chunks' games tables held in memory (the Python API's play_games) as the DataFrame
    read_games(every=True) gives for the same chunks written to a run: every column."""
    columns = EVERY_GAMES_COLUMN
    if not tables:
        return pd.DataFrame({c: pd.Series(dtype=_empty_dtype(k)) for c, k in columns.items()})
    normalised = [normalise(t.select(list(columns)), columns) for t in tables]
    return to_pandas(pa.concat_tables(normalised).unify_dictionaries())


def read_cards(run: Path, files: list[Path] | None = None) -> pd.DataFrame:
    """cards/ as one DataFrame (empty, with the schema's columns, when the run has none)."""
    files = part_files(Path(run) / "cards") if files is None else files
    if not files:
        return pd.DataFrame({c: pd.Series(dtype=_empty_dtype(k)) for c, k in CARDS_COLUMNS.items()})
    return to_pandas(read_checked(files, CARDS_COLUMNS))


def kept_turns(run: Path) -> pd.DataFrame | None:
    """turns/ of a run that kept them (read_turns), or None for a run played without."""
    files = verify(run).turns
    return read_turns(run, files) if files else None


def read_turns(run: Path, files: list[Path] | None = None) -> pd.DataFrame:
    """turns/ as one DataFrame: each seat's Merit and Reputation turn by turn (default: the
    run's verified part files). DatasetError when the run did not keep its turns."""
    files = verify(run).turns if files is None else files
    if not files:
        raise DatasetError(
            f"{Path(run) / 'turns'}: no turn-by-turn data (the run was played without "
            "record_turns; play it again with `avarium simulate --record-turns`)"
        )
    return to_pandas(read_checked(files, TURNS_COLUMNS))


def _empty_dtype(kind: str) -> str:
    return {"string": "category", "bool": "bool"}.get(kind, "int64")


def _chunk_variant(meta: dict) -> str:
    """The variant label a chunk's `avarium.chunk` metadata names ("" when it names none)."""
    try:
        chunk = json.loads(meta.get(b"avarium.chunk", b"{}"))
    except (json.JSONDecodeError, UnicodeDecodeError):
        return ""
    return str(chunk.get("variant", "")) if isinstance(chunk, dict) else ""


def read_provenance(run: Path, files: list[Path] | None = None) -> Provenance:
    """The card-set fingerprint, version and seed of every chunk, and the resolved experiment;
    `files` are the run's verified games part files (default: all of games/)."""
    run = Path(run)
    prov = Provenance(run=run)
    files = part_files(run / "games") if files is None else files
    prov.files = len(files)
    for path in files:
        meta = part_schema(path).metadata or {}
        for key, bucket in (
            ("avarium.card_set", prov.card_sets),
            ("avarium.version", prov.versions),
            ("avarium.seed", prov.seeds),
        ):
            value = meta.get(key.encode())
            if value is not None and value.decode() not in bucket:
                bucket.append(value.decode())
        fingerprint = meta.get(b"avarium.card_set")
        if fingerprint is not None:
            sets = prov.card_sets_by_variant.setdefault(_chunk_variant(meta), [])
            if fingerprint.decode() not in sets:
                sets.append(fingerprint.decode())
        if not prov.experiment and b"avarium.experiment" in meta:
            try:
                prov.experiment = json.loads(meta[b"avarium.experiment"])
            except (json.JSONDecodeError, UnicodeDecodeError):
                prov.experiment = {}
    toml_path = run / "experiment.toml"
    if toml_path.is_file():
        prov.experiment_toml = toml_path.read_text(encoding="utf-8", errors="replace")
        if not prov.experiment:
            try:
                prov.experiment = tomlread.loads(prov.experiment_toml)
            except tomllib.TOMLDecodeError:
                prov.experiment = {}
    return prov


def load_run(
    run: Path,
    variant: str | None = None,
    seeds: bool = True,
    play: bool | None = False,
    every: bool = False,
) -> Run:
    """Read a run directory for analysis, optionally keeping one variant (and leaving out the
    game seeds, which only a comparison needs). `play` adds PLAY_COLUMNS to the games; None
    adds them when the run's experiment names skill tiers; `every` reads every column."""
    run = Path(run)
    if not run.is_dir():
        raise DatasetError(
            f"{run}: no such run directory (expected the output of avarium simulate)"
        )
    files = verify(run)
    # the part files' metadata only: cheap, and says the tiers
    provenance = read_provenance(run, files.games)
    if play is None:
        play = bool(tier_variants(provenance.experiment))
    games = read_games(run, seeds, files.games, play, every)
    cards = read_cards(run, files.cards)
    provenance.verified = files.verified
    provenance.games_planned = files.planned if files.planned is not None else _planned(provenance)
    record = stopped.read(run)  # a run that stopped by its rule planned what it played then
    if record is not None and provenance.games_planned is not None:
        provenance.games_planned = min(provenance.games_planned, record["games"])
    provenance.stop = record
    provenance.games_present = int((games["seat"] == 0).sum())  # every game has a seat 0
    variants = [str(v) for v in games["variant"].unique()]
    if variant is not None:
        if variant not in variants:
            raise DatasetError(
                f"{run / 'games'}: no variant {variant!r}; the run has {', '.join(variants)}"
            )
        games = keep_variant(games, variant)
        cards = keep_variant(cards, variant)
    return Run(run, games, cards, provenance, variants)


def _planned(provenance: Provenance) -> int | None:
    """Games the run's experiment plans, when it says (runs written before manifests)."""
    variants = provenance.experiment.get("variant")
    if not isinstance(variants, list):
        return None
    try:
        return sum(int(v["games"]) for v in variants)
    except (KeyError, TypeError, ValueError):
        return None


def keep_variant(frame: pd.DataFrame, variant: str | list[str]) -> pd.DataFrame:
    """The rows of one variant (or of a list of them), with unused categories dropped."""
    if frame.empty:
        return frame
    chosen = [variant] if isinstance(variant, str) else list(variant)
    out = frame[frame["variant"].isin(chosen)].reset_index(drop=True)
    for name in out.columns:
        if isinstance(out[name].dtype, pd.CategoricalDtype):
            out[name] = out[name].cat.remove_unused_categories()
    return out
