"""Synthetic runs with planted truths, written in the documented layout (docs/data-schema.md).

The analyses are tested against these: a planted Idol strength, seat advantage, stall rate, card
effect or game length must come back out of the analyses inside their intervals. The benchmark
uses them too, so the report's speed is measured on a realistic 5-million-game run.

games.py plants the games (who wins, how and when), cards.py the card counts, deals.py the
variants of a sweep on shared deals, and run.py writes a whole run as `avarium simulate` does.
"""

from avarium.analysis.synthetic.cards import CardPlan, synthetic_cards
from avarium.analysis.synthetic.deals import (
    shared_deal_outcomes,
    shared_deal_pairs,
    shared_deal_sweep,
)
from avarium.analysis.synthetic.games import (
    DECIDED_MIX,
    IDOLS,
    REASONS,
    STALL_TURNS,
    Plan,
    game_seeds,
    synthetic_games,
)
from avarium.analysis.synthetic.run import experiment_toml, synthetic_run, write_run

__all__ = [
    "DECIDED_MIX",
    "IDOLS",
    "REASONS",
    "STALL_TURNS",
    "CardPlan",
    "Plan",
    "experiment_toml",
    "game_seeds",
    "shared_deal_outcomes",
    "shared_deal_pairs",
    "shared_deal_sweep",
    "synthetic_cards",
    "synthetic_games",
    "synthetic_run",
    "write_run",
]
