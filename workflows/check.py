"""A checked mode for a designer's own cards: many games with every engine invariant checked in
every state, and any game that breaks one played again as a transcript.

The games are random play (the widest spread of situations per second; the bots' choices are
not what is being checked here). Game k of a check is fixed by the seed, the player count and k
alone, so a violation is reported with the command that replays exactly that game.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np
from avarium.runner.seeds import MAX_GAME_ID, game_seeds
from avarium.simulator.cards.model import CardSet
from avarium.simulator.constants import MAX_GAMES, MAX_PLAYERS
from avarium.simulator.engine.invariants import INVARIANTS, check_state_invariants
from avarium.simulator.engine.layout import G_LIMIT_BREACH
from avarium.simulator.engine.rng import bot_randint
from avarium.simulator.engine.state import allocate
from avarium.simulator.game import transcript
from avarium.simulator.game.api import Game, Rules, tables_of

CHUNK = 5_000  # games per compiled call: a chunk takes a second or two
LIMIT_BREACH = "a Class or hand held more than 5 after an End Phase"
NO_LEGAL_ACTION = "a running game had no legal action"


@dataclass(frozen=True)
class Violation:
    players: int
    game: int  # the game's index among this player count's games
    idols: tuple[str, ...]
    problem: str


@dataclass
class CheckResult:
    games: dict[int, int] = field(default_factory=dict)  # player count -> games checked
    violations: list[Violation] = field(default_factory=list)
    seconds: float = 0.0


def check_request(games: int, game: int | None = None) -> None:
    """A ValueError naming the field unless `games` is a count a run may play and `game` the
    index of a game a check can have: one 32-bit word of its seeds (past 64 bits was an
    OverflowError traceback, and a huge count hung making its list of chunks)."""
    if not 1 <= games <= MAX_GAMES:
        raise ValueError(f"games: expected a whole number from 1 to {MAX_GAMES:,}, got {games}")
    if game is not None and not 0 <= game <= MAX_GAME_ID:
        raise ValueError(f"game: expected a game index from 0 to {MAX_GAME_ID:,}, got {game}")


def deals(cards: CardSet, players: int, first: int, n: int, seed: int):
    """Idol definitions per seat, deal seeds and bot seeds of games first .. first + n - 1."""
    # counted once, not per game: `cards.idols` builds its list anew at each read
    n_idols = len(cards.idols)
    if n_idols < players:
        raise ValueError(f"players: {players} players need {players} Idols; the set has {n_idols}")
    ids = np.arange(first, first + n)
    deal, bot = game_seeds(seed + players, ids)  # each player count its own games
    idols = np.empty((n, players), np.int32)
    for i, g in enumerate(ids):
        rng = np.random.default_rng([seed, players, int(g)])
        idols[i] = rng.permutation(n_idols)[:players]
    return idols, deal.astype(np.int64), bot.astype(np.int64)


def _problem(row: np.ndarray) -> str | None:
    if row[3]:
        return INVARIANTS[int(row[3])]
    if row[4]:
        return LIMIT_BREACH
    if row[5]:
        return NO_LEGAL_ACTION
    return None


def check_chunk(cards: CardSet, players: int, first: int, n: int, seed: int, rules: Rules):
    """Play and check games first .. first + n - 1; their violations."""
    from avarium.simulator.engine.play import play_checked_games

    tb = tables_of(cards)
    idols, deal, bot = deals(cards, players, first, n, seed)
    bonus = np.zeros(MAX_PLAYERS, np.int32)
    bonus[:players] = rules.seat_bonus(players)
    out = np.zeros((n, 6), np.int64)
    play_checked_games(allocate(tb), tb, players, idols, bonus, deal, bot, rules.config(), out)
    found = []
    for i in range(n):
        problem = _problem(out[i])
        if problem is not None:
            names = tuple(cards.idols[int(d)].id for d in idols[i])
            found.append(Violation(players, first + i, names, problem))
    return found


def check_games(
    cards: CardSet,
    games: int,
    players: Sequence[int] = (2, 3, 4),
    seed: int = 0,
    rules: Rules | None = None,
    jobs: int = 1,
) -> CheckResult:
    """Play `games` random games split evenly across the player counts, checking every state."""
    from joblib import Parallel, delayed

    check_request(games)
    rules = rules or Rules()
    started = time.perf_counter()
    result = CheckResult()
    tasks = []
    for k, p in enumerate(players):
        count = games // len(players) + (1 if k < games % len(players) else 0)
        result.games[p] = count
        tasks += [(p, f, min(CHUNK, count - f)) for f in range(0, count, CHUNK)]
    found = Parallel(n_jobs=jobs)(
        delayed(check_chunk)(cards, p, f, n, seed, rules) for p, f, n in tasks
    )
    result.violations = [v for chunk in found for v in chunk]
    result.seconds = time.perf_counter() - started
    return result


def replay(cards: CardSet, players: int, game: int, seed: int = 0, rules: Rules | None = None):
    """Game `game` of a check played again in Python, step by step, with its transcript; it
    stops at the first state that breaks an invariant. Returns (transcript lines, problem)."""
    check_request(1, game)
    rules = rules or Rules()
    idols, deal, bot = deals(cards, players, game, 1, seed)
    names = [cards.idols[int(d)].id for d in idols[0]]
    g = Game(cards, names, rules=rules, deal_state=int(deal[0]))
    rng = np.array([bot[0]], np.int64)
    lines = [transcript.header(g)]
    problem = _invariant(g)
    turn = -1
    while problem is None and not g.is_terminal():
        legal = g.legal_actions()
        if not legal:
            problem = NO_LEGAL_ACTION
            break
        if g.turn != turn:
            turn = g.turn
            lines.append(transcript.turn_header(g))
        # the same draw as the compiled loop, forced moves included
        lines += transcript.logged_step(g, legal[bot_randint(rng, len(legal))], legal)
        problem = _invariant(g)
    if problem is None and g.is_terminal() and int(g.state[G_LIMIT_BREACH]):
        problem = LIMIT_BREACH
    lines.append(transcript.footer(g) if problem is None else f"\n== broken: {problem} ==")
    return lines, problem


def _invariant(g: Game) -> str | None:
    broken = int(check_state_invariants(g.state))
    return INVARIANTS[broken] if broken else None
