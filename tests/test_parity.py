"""Compiled and plain-Python engines play the same games (NUMBA_DISABLE_JIT=1 parity)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

SCRIPT = """
import json
import numpy as np
from avarium.simulator.game.api import new_game
out = []
for seed, idols in [(1, ["touka", "raj"]), (2, ["kitty", "amyba", "hojo"]),
                    (3, ["wolfgang", "coral", "love", "raj"])]:
    g = new_game(idols=idols, seed=seed)
    rng = np.random.default_rng(seed)
    while not g.is_terminal():
        legal = g.legal_actions()
        g.step(legal[int(rng.integers(len(legal)))])
    out.append([g.hash(), len(g.history), g.result().reason])
print(json.dumps(out))
"""


def play(jit: bool) -> list:
    env = dict(os.environ)
    env.pop("NUMBA_DISABLE_JIT", None)
    if not jit:
        env["NUMBA_DISABLE_JIT"] = "1"
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=True,
        timeout=1800,
    )
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_compiled_and_plain_python_engines_play_the_same_games():
    assert play(jit=True) == play(jit=False)
