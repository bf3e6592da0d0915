"""Finding a card from what a designer types: its id or any unambiguous part of its name."""

from __future__ import annotations

import re
from collections.abc import Sequence

from avarium.simulator.cards.errors import CardNameError, did_you_mean
from avarium.simulator.constants import CardKind


def _norm(text: str) -> str:
    return re.sub(r"[^a-z0-9]", "", text.lower())


def resolve(cards: Sequence, query: str, kind: CardKind | None = None) -> str:
    """The id of the one card `query` names.

    Exact matches win (id, or name ignoring case and punctuation); otherwise `query` must be part
    of exactly one card's id or name. Raises `CardNameError` listing the candidates otherwise.
    """
    pool = [c for c in cards if kind is None or c.kind == kind]
    what = "card" if kind is None else kind.name.lower()
    q = _norm(query)
    if not q:
        raise CardNameError(f'"{query}" names no {what}')
    exact = [c for c in pool if c.id == query.strip() or _norm(c.id) == q or _norm(c.name) == q]
    if len(exact) == 1:
        return exact[0].id
    matches = exact or [c for c in pool if q in _norm(c.id) or q in _norm(c.name)]
    if len(matches) == 1:
        return matches[0].id
    if not matches:
        hint = did_you_mean(query, [c.id for c in pool] + [c.name.lower() for c in pool])
        extra = f' (did you mean "{hint}"?)' if hint else ""
        raise CardNameError(f'no {what} matches "{query}"{extra}')
    shown = tuple(f"{c.id} ({c.name})" for c in matches)
    raise CardNameError(
        f'"{query}" matches {len(matches)} cards: '
        + ", ".join(shown[:12])
        + (", ..." if len(shown) > 12 else "")
        + "; write more of the name or the id",
        shown,
    )
