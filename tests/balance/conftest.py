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
# A strength only strong play shows: Love keeps the identical card and gains an option she may
# always decline (so she is at least as strong as the others by construction), one the
# heuristics misjudge: the tuned heuristic's Love wins about half her games, as the others do,
# while five search iterations win about nine in ten (tests/balance/test_strong_play_truth.py).
STRONG_ONLY = (
    "[lourvarius_love]\n"
    'abilities = ["on end of turn if your class >= 3: gain 1 merit", '
    '"1 merit, once per turn: gain 1 rep"]\n'
)


@pytest.fixture(scope="session")
def card_sets(tmp_path_factory) -> dict[str, Path]:
    root = tmp_path_factory.mktemp("sets")
    (root / "symmetric.toml").write_text(SYMMETRIC, encoding="utf-8")
    (root / "planted.toml").write_text(PLANTED, encoding="utf-8")
    (root / "strong_only.toml").write_text(STRONG_ONLY, encoding="utf-8")
    names = ("symmetric", "planted", "strong_only")
    return {name: root / f"{name}.toml" for name in names}
