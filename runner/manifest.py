"""A run's manifest: what every part file held when it was written, so a run verifies itself.

`RUN/manifest.json` names the run (a hash of its resolved experiment), how many games and chunks
it plans, and for each part file written: its SHA-256, size, rows, game range, variant and chunk.
The runner rewrites it atomically after each chunk, so a part is listed only once both of its
files are whole; resume and every reader check the files against it. A file that is damaged,
copied in from elsewhere or not listed is then found by name, instead of being counted.

Plain json and hashlib: every layer may read a manifest, and a reader outside this package can
check a run with a few lines of its own.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import asdict, dataclass, field
from pathlib import Path

from avarium.simulator.fileio import write_atomically

MANIFEST = "manifest.json"
FORMAT = 1


class ManifestError(ValueError):
    """A manifest that cannot be read; the message names the file."""


@dataclass(frozen=True)
class PartRecord:
    sha256: str
    bytes: int
    rows: int
    chunk: int
    first_game: int
    last_game: int
    variant: str


@dataclass
class Manifest:
    run_id: str  # experiment_id() of the run's resolved experiment
    games: int  # games the run plans, all variants
    chunks: int  # chunks the run plans
    parts: dict[str, PartRecord] = field(default_factory=dict)  # "games/part-00000.parquet" ->

    def games_written(self) -> int:
        """Games whose both part files are listed (a chunk counts once its games file is)."""
        return sum(
            r.last_game - r.first_game + 1
            for name, r in self.parts.items()
            if name.startswith("games/")
        )


def experiment_id(experiment_json: str) -> str:
    """A run's identity: a hash of its resolved experiment (seed, variants, cards, bots)."""
    return hashlib.sha256(experiment_json.encode("utf-8")).hexdigest()[:16]


def digest(data: bytes | memoryview) -> str:
    return hashlib.sha256(data).hexdigest()


def file_digest(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def read(run: Path) -> Manifest | None:
    """The run's manifest, or None when it has none (a run written before manifests)."""
    path = Path(run) / MANIFEST
    if not path.exists():
        return None
    try:
        doc = json.loads(path.read_text(encoding="utf-8"))
        parts = {name: _part(rec) for name, rec in doc["parts"].items()}
        return Manifest(str(doc["run_id"]), int(doc["games"]), int(doc["chunks"]), parts)
    except (
        OSError,
        UnicodeDecodeError,
        json.JSONDecodeError,
        RecursionError,  # JSON nested thousands deep: json recurses per level
        KeyError,
        TypeError,
        ValueError,
        AttributeError,  # a list or a number where the file has a table
    ) as exc:
        raise ManifestError(f"{path}: not a readable run manifest ({exc})") from None


def _part(rec: dict) -> PartRecord:
    """One part's record with every field of the type it is written with (ValueError or
    TypeError otherwise: a hand-edited or damaged manifest)."""
    out = PartRecord(**rec)
    numbers = (out.bytes, out.rows, out.chunk, out.first_game, out.last_game)
    if not all(isinstance(n, int) and not isinstance(n, bool) for n in numbers):
        raise ValueError(f"a part's bytes, rows, chunk and games must be whole numbers: {rec}")
    if not isinstance(out.sha256, str) or not isinstance(out.variant, str):
        raise ValueError(f"a part's sha256 and variant must be text: {rec}")
    return out


def write(run: Path, manifest: Manifest) -> None:
    doc = {
        "format": FORMAT,
        "run_id": manifest.run_id,
        "games": manifest.games,
        "chunks": manifest.chunks,
        "parts": {name: asdict(r) for name, r in sorted(manifest.parts.items())},
    }
    write_atomically(Path(run) / MANIFEST, json.dumps(doc, indent=1) + "\n")


def check_part(run: Path, name: str, record: PartRecord) -> str | None:
    """Why the part file `name` does not match its record (None: it does)."""
    path = Path(run) / name
    try:
        size = path.stat().st_size
    except OSError:
        return "is missing"
    if size != record.bytes:
        return f"has {size:,} bytes where {record.bytes:,} were written"
    if file_digest(path) != record.sha256:
        return "is damaged: its checksum is not the one recorded when it was written"
    return None


def part_files(folder: Path) -> list[Path]:
    """The chunk files of a folder; names starting with . or _ are temporary or side files."""
    if not folder.is_dir():
        return []
    return sorted(
        p for p in folder.glob("*.parquet") if not p.name.startswith((".", "_")) and p.is_file()
    )


def check_parts(run: Path, record: Manifest, folder: str, files: list[Path]) -> None:
    """Raise ManifestError naming the first of `files` (in the run's `folder`) that the
    manifest does not list (a stray copy, a part from another run) or whose bytes are not those
    written (damaged). Every reader of a run's parts checks them so: the report, replay."""
    for path in files:
        name = f"{folder}/{path.name}"
        if name not in record.parts:
            raise ManifestError(
                f"{path}: not a part of this run (its {MANIFEST} does not list "
                "it: a stray copy, or a file from another run); move it out of the run"
            )
        problem = check_part(run, name, record.parts[name])
        if problem:
            raise ManifestError(
                f"{path}: {problem}; run the same `avarium simulate` again to replay it"
            )
