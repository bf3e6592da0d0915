"""Avarium Balance Lab: Monte Carlo balance analysis for the card game Avarium Academy.

    import avarium
    cards = avarium.load_cards()
    games = avarium.play_games(cards, bots="heuristic", games=20_000)

The names below are loaded when first used (PEP 562), so `import avarium` and the `avarium`
command start without the engine, pandas or pyarrow. docs/python.md describes each call.
"""

from __future__ import annotations

import importlib

# Public name -> the module that defines it.
_EXPORTS = {
    "load_cards": "avarium.facade",
    "Experiment": "avarium.facade",
    "play_games": "avarium.facade",
    "simulate": "avarium.facade",
    "load_run": "avarium.facade",
    "Run": "avarium.facade",
    "new_game": "avarium.simulator.api",
    "Game": "avarium.simulator.api",
    "Rules": "avarium.simulator.api",
    "IllegalActionError": "avarium.simulator.api",
    "scenario": "avarium.simulator.scenario",
    "CardSetError": "avarium.simulator.cards.errors",
    "ExperimentError": "avarium.simulator.run.experiment",
    "RunError": "avarium.simulator.run.runner",
    "DatasetError": "avarium.analysis.dataset",
}
__all__ = sorted(_EXPORTS)


def __getattr__(name: str) -> object:
    if name not in _EXPORTS:
        raise AttributeError(f"module 'avarium' has no attribute {name!r}")
    value = getattr(importlib.import_module(_EXPORTS[name]), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *__all__])
