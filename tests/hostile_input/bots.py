"""Python bots that misbehave, for the tests that every misbehaviour is one clear line."""

from __future__ import annotations


def raises(game, legal, rng):
    raise RuntimeError("out of ideas")


def illegal(game, legal, rng):
    return max(legal) + 1000


def not_a_number(game, legal, rng):
    return "end turn"


def too_few_arguments(game, legal):
    return legal[0]
