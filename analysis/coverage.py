"""Which Idols a run's games cover: those of the pool that never played, and those of the card
set left out of the pool.

A report that says "no Idol is outside the band" about a run where half the Idols never sat at
a table, or where the experiment's pool left some out, says less than it seems to; the summary
names both. The pool is what the run's experiment says (Provenance.experiment, every variant's
`idols`); the set's Idols come from the caller (the report loads the card set the run played),
since the analysis never reads card files itself.
"""

from __future__ import annotations

from collections.abc import Iterable

import pandas as pd


def pool_of(experiment: dict, variant: str | None = None) -> list[str] | None:
    """The Idol pool the run's experiment names (every variant's, in the order given, or the
    named variant's only); None when it does not say."""
    tables = experiment.get("variant")
    if not isinstance(tables, list):
        return None
    pool: list[str] = []
    for table in tables:
        if not isinstance(table, dict) or (variant is not None and table.get("label") != variant):
            continue
        idols = table.get("idols")
        if not isinstance(idols, list):
            return None
        pool += [str(i) for i in idols if str(i) not in pool]
    return pool or None


def played(games: pd.DataFrame) -> list[str]:
    """The Idols with at least one game (the games table or its row counts)."""
    column = games["idol"]
    if isinstance(column.dtype, pd.CategoricalDtype):
        column = column.cat.remove_unused_categories()
    return [str(i) for i in pd.unique(column.astype(str))]


def never_played(games: pd.DataFrame, pool: Iterable[str] | None) -> list[str]:
    """The pool's Idols that sat in no game of the run."""
    seen = set(played(games))
    return [i for i in pool or () if i not in seen]


def left_out(pool: Iterable[str] | None, set_idols: Iterable[str] | None) -> list[str]:
    """The card set's Idols that the pool leaves out (empty when either is unknown)."""
    if pool is None or set_idols is None:
        return []
    chosen = set(pool)
    return [i for i in set_idols if i not in chosen]
