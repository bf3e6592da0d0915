"""Anyone's bot in plain Python, watched: checked before a game (a function of game, legal and
rng) and during it (an exception, or an answer that is not a legal action, becomes BotFailed
naming the bot), so a broken bot stops a game or a run with one clear line wherever it plays.
"""

from __future__ import annotations

import dataclasses
import inspect
import operator


class BotFailed(ValueError):
    """A Python bot that is not a function of (game, legal, rng), raised, or answered with no
    legal action; the message names it."""


def watched(spec, flag: str = "bots"):
    """A Python bot checked before the game (a function of game, legal and rng) and watched
    during it (an exception or an illegal action becomes BotFailed naming the bot); compiled
    bots as they are. Any importable function can be named, `os:system` too."""
    if spec.compiled or getattr(spec.function, "watched", False):
        return spec  # compiled, or watched already (play watches before its Chooser does)
    bot, name = spec.function, spec.label
    try:
        signature = inspect.signature(bot)
    except ValueError:  # a builtin that does not say: its first call will tell
        signature = None
    try:
        if signature is not None:
            signature.bind(None, None, None)
    except TypeError:
        raise BotFailed(
            f"{flag} {name}: a Python bot must be a function of (game, legal, rng); "
            f"{name} takes {signature}"
        ) from None

    def choose(game, legal, rng):
        try:
            action = bot(game, legal, rng)
        except Exception as exc:  # anyone's code: whatever it raises, the game cannot go on
            raise BotFailed(f"bot {name} raised {type(exc).__name__}: {exc}") from None
        if not is_action(action, legal):
            raise BotFailed(
                f"bot {name} answered {action!r}, which is not one of the {len(legal)} legal "
                "actions it was given"
            )
        return int(action)

    choose.watched = True
    return dataclasses.replace(spec, function=choose)


def is_action(value, legal: list[int]) -> bool:
    """A whole number (Python's or numpy's, not a bool) among the legal actions."""
    if isinstance(value, bool):
        return False
    try:
        return operator.index(value) in legal
    except TypeError:
        return False
