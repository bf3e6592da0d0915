"""The game state: a NamedTuple of fixed-shape numpy arrays (pgx style).

One physical card is one instance index `c`; `c_def[c]` is its definition in the card tables.
Copying a state is copying its arrays, so lookahead and clones are cheap and independent.
Every int array is int32 (chosen once, so compiled and plain-Python runs agree); the generator
state is int64.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from simulator.constants import CardKind
from simulator.engine.layout import MAX_EFFECTS, MAX_PLAYERS, MAX_STACK, MAX_TRIGGERS, NG

I32 = np.int32


class GameState(NamedTuple):
    g: np.ndarray  # int32[NG] scalar fields, see layout.G_*
    rng: np.ndarray  # int64[1] xorshift32 state of the deal (shuffles, random choices)
    # -- per card instance ----------------------------------------------------------------
    c_def: np.ndarray  # definition index in the card tables (fixed for a card set)
    zone: np.ndarray  # Z_* zone
    owner: np.ndarray  # seat controlling it (Class, Hallway, hand, stack), -1 otherwise
    exhausted: np.ndarray  # 1 if turned sideways
    token: np.ndarray  # 1 if it carries an Attack Token
    mc_turn: np.ndarray  # Combat change until end of turn
    md_turn: np.ndarray  # Defense change until end of turn
    mc_fight: np.ndarray  # Combat change until end of fight
    md_fight: np.ndarray  # Defense change until end of fight
    mc_perm: np.ndarray  # Combat change while it stays where it is
    md_perm: np.ndarray  # Defense change while it stays where it is
    shield_turn: np.ndarray  # damage still prevented this turn
    shield_fight: np.ndarray  # damage still prevented this fight
    shield_perm: np.ndarray  # damage still prevented while it stays where it is
    used: np.ndarray  # bit k set: its ability k was used this turn ("once per turn")
    role: np.ndarray  # ROLE_* in the current fight
    fdmg: np.ndarray  # fight damage assigned to it in the current fight
    # -- per seat ----------------------------------------------------------------------------
    merit: np.ndarray
    rep: np.ndarray  # Reputation
    alive: np.ndarray  # 1 while in the game (not expelled at 0 Merit)
    idol: np.ndarray  # instance of the seat's Idol
    turns_taken: np.ndarray  # turns this seat has started (0 before its first turn)
    n_expelled: np.ndarray  # enemy Students this seat has expelled
    n_recruited: np.ndarray  # Students this seat has recruited
    n_schemes: np.ndarray  # Schemes this seat has played
    n_fights: np.ndarray  # fights this seat has declared
    disc_recruit: np.ndarray  # recruit cost reduction until end of turn
    disc_scheme: np.ndarray  # Scheme cost reduction until end of turn
    helped: np.ndarray  # 1 if the seat already sent a helper this turn
    place: np.ndarray  # order in which the seat was expelled (1 = first), 0 while alive
    bonus: np.ndarray  # starting Reputation bonus of the seat
    # -- decks (ring buffers of instances) ----------------------------------------------------
    school: np.ndarray
    library: np.ndarray
    # -- the effect stack -----------------------------------------------------------------------
    st_kind: np.ndarray  # DECL_* of the item
    st_card: np.ndarray  # source card (the Scheme itself for a Scheme)
    st_ab: np.ndarray  # ability index in the card tables
    st_player: np.ndarray  # controller
    st_cancel: np.ndarray  # 1 if cancelled
    st_target: np.ndarray  # [MAX_STACK, MAX_EFFECTS] chosen card or seat per effect, -1 none
    # -- triggered abilities waiting to go on the stack -------------------------------------------
    tr_card: np.ndarray
    tr_ab: np.ndarray
    tr_player: np.ndarray
    # -- the declaration being built -------------------------------------------------------------
    decl_target: np.ndarray  # [MAX_EFFECTS]


def instances_of(kind: np.ndarray, copies: np.ndarray) -> np.ndarray:
    """Definition index of every card instance: Idols once each, others `copies` times."""
    reps = np.where(kind == CardKind.IDOL, 1, copies)
    return np.repeat(np.arange(len(kind), dtype=I32), reps).astype(I32)


def allocate(table) -> GameState:
    """An empty state sized for the card set of `table` (set up a game with `setup_game`)."""
    c_def = instances_of(table.kind, table.copies)
    n = len(c_def)
    n_students = int(np.sum(table.kind[c_def] == CardKind.STUDENT))
    n_schemes = int(np.sum(table.kind[c_def] == CardKind.SCHEME))

    def cards() -> np.ndarray:
        return np.zeros(n, I32)

    def seats() -> np.ndarray:
        return np.zeros(MAX_PLAYERS, I32)

    return GameState(
        g=np.zeros(NG, I32),
        rng=np.ones(1, np.int64),
        c_def=c_def,
        zone=cards(),
        owner=cards(),
        exhausted=cards(),
        token=cards(),
        mc_turn=cards(),
        md_turn=cards(),
        mc_fight=cards(),
        md_fight=cards(),
        mc_perm=cards(),
        md_perm=cards(),
        shield_turn=cards(),
        shield_fight=cards(),
        used=cards(),
        role=cards(),
        fdmg=cards(),
        merit=seats(),
        rep=seats(),
        alive=seats(),
        idol=seats(),
        turns_taken=seats(),
        n_expelled=seats(),
        n_recruited=seats(),
        n_schemes=seats(),
        n_fights=seats(),
        disc_recruit=seats(),
        disc_scheme=seats(),
        helped=seats(),
        place=seats(),
        bonus=seats(),
        school=np.full(max(n_students, 1), -1, I32),
        library=np.full(max(n_schemes, 1), -1, I32),
        st_kind=np.zeros(MAX_STACK, I32),
        st_card=np.zeros(MAX_STACK, I32),
        st_ab=np.zeros(MAX_STACK, I32),
        st_player=np.zeros(MAX_STACK, I32),
        st_cancel=np.zeros(MAX_STACK, I32),
        st_target=np.full((MAX_STACK, MAX_EFFECTS), -1, I32),
        tr_card=np.zeros(MAX_TRIGGERS, I32),
        tr_ab=np.zeros(MAX_TRIGGERS, I32),
        tr_player=np.zeros(MAX_TRIGGERS, I32),
        decl_target=np.full(MAX_EFFECTS, -1, I32),
    )


def clone(state: GameState) -> GameState:
    """An independent copy: stepping one never changes the other."""
    return GameState(*(a.copy() for a in state))


def copy_into(dst: GameState, src: GameState) -> None:
    for d, s in zip(dst, src, strict=True):
        d[...] = s


def state_hash(state: GameState) -> str:
    import hashlib

    h = hashlib.sha256()
    for arr in state:
        h.update(np.ascontiguousarray(arr).tobytes())
    return h.hexdigest()[:16]
