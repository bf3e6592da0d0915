"""Card sets built in the tests from version 1 of the bundled cards by patches (the tests pass
`--cards prototype-v1`): four Idols made identical
(three copies of Kumara RAJ under their own names), so that every Idol's true win rate is 50%
by symmetry and a planted change is the only imbalance there is."""

from __future__ import annotations

from pathlib import Path

import pytest

RAJ = """club = "Council"
level = "basic"
reputation = 3
combat = 2
merit = 18
wincon = "at start of turn: your merit >= 30"
abilities = ["on end of turn if your class >= 3: gain 1 merit"]
"""
SYMMETRIC = (
    'remove = ["peppermint_kitty", "amyba", "hazenmyier_hojo", "syeira_coral"]\n\n'
    + "".join(
        f"[{idol}]\n{RAJ}\n"
        for idol in ("hatsurugi_touka", "sebastian_wolfgang", "lourvarius_love")
    )
)
# The planted imbalance: Touka one Combat stronger than the rest, Love one weaker.
PLANTED = "[hatsurugi_touka]\ncombat = 3\n\n[lourvarius_love]\ncombat = 1\n"


@pytest.fixture(scope="session")
def card_sets(tmp_path_factory) -> dict[str, Path]:
    root = tmp_path_factory.mktemp("sets")
    (root / "symmetric.toml").write_text(SYMMETRIC, encoding="utf-8")
    (root / "planted.toml").write_text(PLANTED, encoding="utf-8")
    return {"symmetric": root / "symmetric.toml", "planted": root / "planted.toml"}
