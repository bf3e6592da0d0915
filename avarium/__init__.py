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
    "win_rates": "avarium.facade",
    "ladder": "avarium.facade",
    "Run": "avarium.facade",
    "sweep": "avarium.workflow_calls",
    "tune_bonus": "avarium.workflow_calls",
    "compare": "avarium.workflow_calls",
    "balance": "avarium.workflow_calls",
    "run_until": "avarium.workflow_calls",
    "BalanceRequest": "avarium.workflows.balance.request",
    "CompareRequest": "avarium.workflows.sequential",
    "SweepRequest": "avarium.workflows.sweep",
    "TuneBonusRequest": "avarium.workflows.sweep",
    "new_game": "avarium.simulator.game.api",
    "Game": "avarium.simulator.game.api",
    "Rules": "avarium.simulator.game.api",
    "IllegalActionError": "avarium.simulator.game.api",
    "scenario": "avarium.simulator.game.scenario",
    "CardSetError": "avarium.simulator.cards.errors",
    "ExperimentError": "avarium.runner.experiment",
    "RunError": "avarium.runner.runner",
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
