"""The card sets that ship with the toolkit, named as `--cards` names them.

A set is a folder of card files under simulator/data/, with the patch files that make it from
that folder applied in order: version 2 of the prototype set is version 1 with the changes
`avarium balance` found (docs/balance.md, "The bundled set, version 2"), kept as the patch the
command wrote, so that what changed, and why, stays readable and cannot drift from version 1;
version 3 is version 2 with a Win-Con rewritten by hand and two more searches' patches.

A `--cards` value is a bundled set's name only when no file or directory of that name exists:
a designer's own folder called `prototype-v1` is read as a folder.
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib import resources
from pathlib import Path


@dataclass(frozen=True)
class Bundled:
    name: str
    folder: str  # under simulator/data/
    patches: tuple[str, ...]  # under simulator/data/, applied in order
    about: str


SETS = {
    s.name: s
    for s in (
        Bundled(
            "prototype-v1",
            "prototype-v1",
            (),
            "the first prototype set: 8 Idols, 60 Students, 40 Schemes, not balanced",
        ),
        Bundled(
            "prototype-v2",
            "prototype-v1",
            (
                "prototype-v2.patch.toml",
                "prototype-v2-stage2.patch.toml",
                "prototype-v2-stage3.patch.toml",
                "prototype-v2-stage4.patch.toml",
            ),
            "version 1 with the Idol changes four `avarium balance` runs found (docs/balance.md)",
        ),
        Bundled(
            "prototype-v3",
            "prototype-v1",
            (
                "prototype-v2.patch.toml",
                "prototype-v2-stage2.patch.toml",
                "prototype-v2-stage3.patch.toml",
                "prototype-v2-stage4.patch.toml",
                "prototype-v3-coral.patch.toml",
                "prototype-v3.patch.toml",
                "prototype-v3-stage2.patch.toml",
            ),
            "version 2 with Coral's Win-Con rewritten and what `avarium balance` then found, held"
            " to the search bot at two players (docs/balance.md)",
        ),
    )
}
DEFAULT = "prototype-v2"


def data_path() -> Path:
    return Path(str(resources.files("avarium.simulator") / "data"))


def folder(name: str = DEFAULT) -> Path:
    return data_path() / SETS[name].folder


def patches(name: str = DEFAULT) -> list[Path]:
    return [data_path() / p for p in SETS[name].patches]


def named(path: str | Path | None) -> str | None:
    """The bundled set a `--cards` value names (DEFAULT for None), or None for a path."""
    if path is None:
        return DEFAULT
    text = str(path)
    if text in SETS and not Path(text).exists():
        return text
    return None
