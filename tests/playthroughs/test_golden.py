"""Golden transcripts: seeded games rendered as text and diffed on every change.

A rule change shows up as a readable diff here. To accept a change on purpose, regenerate with
`UPDATE_GOLDEN=1 make test` and review the diff before committing.
"""

from __future__ import annotations

import os
from pathlib import Path

import numpy as np
import pytest
from avarium.simulator.game.api import new_game
from avarium.simulator.game.transcript import play_logged

GOLDEN = Path(__file__).parent / "golden"
GAMES = {
    "duel_touka_raj_seed7": (["touka", "raj"], 7),
    "royale_kitty_amyba_hojo_seed3": (["kitty", "amyba", "hojo"], 3),
}


@pytest.mark.parametrize("name", sorted(GAMES))
def test_golden_transcript(bundled, name):
    idols, seed = GAMES[name]
    rng = np.random.default_rng(seed)
    game = new_game(bundled, idols, seed=seed)
    text = "\n".join(play_logged(game, lambda g, legal: legal[int(rng.integers(len(legal)))]))
    path = GOLDEN / f"{name}.txt"
    if os.environ.get("UPDATE_GOLDEN"):
        path.write_text(text + "\n", encoding="utf-8")
    assert text + "\n" == path.read_text(encoding="utf-8")
