"""Bots, registered by name, chosen per seat on the command line.

Built in and compiled (no Python per decision), named by a bot spec:

- `random`: uniformly random legal actions (the baseline);
- `heuristic.<profile>`: the heuristic bot playing by a weight profile of
  strategies/profiles.toml (`aggressive`, `economic`, `scheming`, `balanced`); `heuristic`
  alone is `heuristic.balanced`;
- `lookahead`: tries every legal action in playouts and keeps the best (profile `lookahead`);
  `lookahead/8` sets its budget to 8 playouts per action, `lookahead.<profile>` scores with
  another profile;
- `mcts`: information-set Monte Carlo tree search (profile `mcts`); `mcts/200` sets its budget
  to 200 iterations per decision, `mcts.<profile>` plays out and scores with another profile's
  weights (its search settings from the `mcts` profile when that profile has none).

Anyone's bot in plain Python is named `module:function` (for example
`avarium.strategies.examples.greedy:choose`): a function `choose(game, legal, rng) -> action`, where
`game` is an `avarium.Game`, `legal` its legal actions (two or more: forced moves are
applied without asking), `rng` the seat's own `numpy.random.Generator`.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from avarium.simulator.game.api import Game
from avarium.simulator.safetext import MAX_DIGITS, described, whole_number
from avarium.strategies.profiles import TARGETING, ProfileError, load
from avarium.strategies.weights import (
    KIND_HEURISTIC,
    KIND_LOOKAHEAD,
    KIND_MCTS,
    KIND_RANDOM,
    N_VALUE_FEATURES,
    VALUE_PLAYERS,
    W_CRN,
    W_EXPLORATION,
    W_ITERATIONS,
    W_MCTS_HORIZON,
    W_PLAYOUTS,
    W_TARGETING,
    W_VALUE,
    W_VALUE_MODEL,
    W_VALUE_SCALE,
    W_WIDENING,
)

Bot = Callable[[Game, list[int], np.random.Generator], int]

COMPILED = ("random", "heuristic", "lookahead", "mcts")
#: The bots that search (tens of times a heuristic game's cost): the runner cuts their games in
#: smaller chunks and compiles their game loop.
SEARCHING = ("lookahead", "mcts")


def bot_kind(spec: str) -> str:
    """The kind of bot a spec names, by the grammar above: `heuristic.tuned` -> heuristic,
    `mcts.deep/20` -> mcts, `pkg.mod:fn` -> python (not checked: bot_spec checks)."""
    spec = spec.strip()
    if ":" in spec:
        return "python"
    return spec.partition("/")[0].partition(".")[0]


# The weights of the MCTS bot's search, taken from the `mcts` profile when the profile named in
# `mcts.<profile>` gives it no iterations.
SEARCH_WEIGHTS = (W_ITERATIONS, W_EXPLORATION, W_MCTS_HORIZON, W_VALUE_SCALE, W_CRN, W_WIDENING)


class BotError(ValueError):
    """A bot name that names no bot; the message says what was expected."""


@dataclass(frozen=True)
class BotSpec:
    """A resolved bot: a compiled kind with its weights, or a Python function."""

    label: str  # canonical name, as written in datasets
    kind: int = -1  # KIND_* for a compiled bot, -1 for a Python one
    weights: np.ndarray | None = None
    function: Bot | None = None

    @property
    def compiled(self) -> bool:
        return self.function is None


def _python_bot(spec: str) -> BotSpec:
    module_name, _, attr = spec.partition(":")
    try:
        module = importlib.import_module(module_name)
    except ImportError as exc:
        raise BotError(f'bot "{spec}": cannot import {module_name} ({exc})') from None
    bot = getattr(module, attr, None)
    if not callable(bot):
        raise BotError(f'bot "{spec}": {module_name} has no function {attr}')
    return BotSpec(label=spec, function=bot)


# The most playouts or iterations a search bot may be given per decision: far past any budget
# that finishes a game in reasonable time (mcts/20 is the default). Unbounded, mcts/2147483648
# failed to allocate its tree and a budget past 64 bits was played as none.
MAX_BUDGET = 100_000


def bot_spec(spec: str, profiles: Path | None = None) -> BotSpec:
    """Resolve a bot spec (see the module doc); raises BotError naming what was expected."""
    spec = spec.strip()
    if ":" in spec:
        return _python_bot(spec)
    name, _, budget = spec.partition("/")
    kind_name, _, profile = name.partition(".")
    known = (
        "random, heuristic[.PROFILE], lookahead[.PROFILE][/PLAYOUTS], mcts[.PROFILE][/ITERATIONS],"
        " or module:function"
    )
    if kind_name not in COMPILED:
        raise BotError(f'unknown bot "{spec}" (expected {known})')
    if kind_name == "random":
        if profile or budget:
            raise BotError(f'bot "{spec}": random takes no profile or budget')
        return BotSpec(label="random", kind=KIND_RANDOM, weights=np.zeros(1))
    try:
        table = load(profiles)
    except ProfileError as exc:
        raise BotError(str(exc)) from None
    profile = profile or {"heuristic": "balanced"}.get(kind_name, kind_name)
    if profile not in table:
        raise BotError(
            f'bot "{spec}": no profile "{profile}" (profiles: {", ".join(sorted(table))})'
        )
    weights = table[profile].copy()
    if kind_name == "heuristic":
        if budget:
            raise BotError(f'bot "{spec}": a heuristic bot has no playout budget')
        return BotSpec(label=f"heuristic.{profile}", kind=KIND_HEURISTIC, weights=weights)
    number = whole_number(budget) if budget.isdigit() else None  # ASCII, refused by length
    if budget and not (number is not None and 1 <= number <= MAX_BUDGET):
        name = spec if len(budget) <= MAX_DIGITS else f"{kind_name}/<{described(budget)}>"
        raise BotError(
            f'bot "{name}": the budget after "/" must be a whole number from 1 to {MAX_BUDGET:,}'
        )
    if kind_name == "mcts":
        return _mcts_spec(spec, profile, weights, table, budget)
    if budget:
        weights[W_PLAYOUTS] = int(budget)
    if weights[W_PLAYOUTS] < 1:
        raise BotError(f'bot "{spec}": profile "{profile}" gives the lookahead no playouts')
    label = f"lookahead/{int(weights[W_PLAYOUTS])}"
    if profile != "lookahead":
        label = f"lookahead.{profile}/{int(weights[W_PLAYOUTS])}"
    return BotSpec(label=label, kind=KIND_LOOKAHEAD, weights=weights)


def _mcts_spec(
    spec: str, profile: str, weights: np.ndarray, table: dict[str, np.ndarray], budget: str
) -> BotSpec:
    if weights[W_ITERATIONS] < 1:
        if "mcts" not in table:
            raise BotError(
                f'bot "{spec}": profile "{profile}" gives the MCTS no search settings and there '
                'is no "mcts" profile to take them from'
            )
        for i in SEARCH_WEIGHTS:
            weights[i] = table["mcts"][i]
    if budget:
        weights[W_ITERATIONS] = int(budget)
    iterations = int(weights[W_ITERATIONS])
    if iterations < 1 or weights[W_ITERATIONS] != iterations:
        raise BotError(f'bot "{spec}": the MCTS needs a whole number of iterations >= 1')
    if weights[W_VALUE_SCALE] <= 0 or weights[W_EXPLORATION] < 0 or weights[W_MCTS_HORIZON] < 0:
        raise BotError(
            f'bot "{spec}": profile "{profile}" needs value_scale > 0, exploration >= 0 and '
            "mcts_horizon >= 0"
        )
    label = f"mcts/{iterations}" if profile == "mcts" else f"mcts.{profile}/{iterations}"
    return BotSpec(label=label, kind=KIND_MCTS, weights=weights)


def without_learned_value(bot: BotSpec, players: int) -> bool:
    """Whether a search bot plays by a learned value (`value_model`) that has none for this many
    players (a generation of `avarium train` trained at other sizes: its coefficients for them
    are all 0). It then scores positions by the hand-weighted value (strategies/mcts.standings),
    not the search it was trained to be, so `avarium simulate` says so in a note."""
    if bot.kind != KIND_MCTS or bot.weights is None or bot.weights[W_VALUE_MODEL] <= 0:
        return False
    at = W_VALUE + (players - VALUE_PLAYERS[0]) * N_VALUE_FEATURES
    return not bot.weights[at : at + N_VALUE_FEATURES].any()


def unlearned_note(bot: str, players: int) -> str:
    """What a command says of a bot for which `without_learned_value` holds at this table size."""
    return (
        f"{bot} has no learned value for {players} players (its profile was trained at other "
        "sizes): it scores positions by the hand-weighted value there, not by what it learned "
        '(docs/bots.md, "Learned evaluation")'
    )


def targeting_pairs(specs: list[str], profiles: Path | None = None) -> list[tuple[str, str]]:
    """The pairs (fitted, leader) among bot specs that play alike but for their targeting rule
    (the profile's `targeting`: the same kind, budget and every other weight); a spec that
    does not resolve pairs with none."""
    resolved = {}
    for spec in specs:
        try:
            bot = bot_spec(spec, profiles)
        except BotError:
            continue
        if bot.compiled and bot.weights is not None and len(bot.weights) > W_TARGETING:
            rest = np.delete(bot.weights, W_TARGETING)
            resolved[spec] = (bot.kind, rest.tobytes(), bot.weights[W_TARGETING])
    return [
        (a, b)
        for a, (kind, rest, rule) in resolved.items()
        for b, (kind_b, rest_b, rule_b) in resolved.items()
        if rule == TARGETING["fitted"] and rule_b == TARGETING["leader"]
        and (kind, rest) == (kind_b, rest_b)
    ]  # fmt: skip


def canonical(spec: str, profiles: Path | None = None) -> str:
    """The canonical label of a bot spec (`heuristic` -> `heuristic.balanced`)."""
    return bot_spec(spec, profiles).label


def play(game: Game, bots: list[Bot], seed: int = 0) -> Game:
    """Play `game` to its end, each seat with its Python bot; forced moves are applied
    directly."""
    rngs = [np.random.default_rng([seed, seat]) for seat in range(game.players)]
    while not game.is_terminal():
        legal = game.legal_actions()
        seat = game.current_player()
        action = legal[0] if len(legal) == 1 else bots[seat](game, legal, rngs[seat])
        game.step(action)
    return game
