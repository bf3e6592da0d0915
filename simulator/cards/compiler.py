"""Cards to integer tables: the struct of arrays the engine reads.

Layout (every array int32, -1 meaning "none"), CSR-style so the engine walks ranges:

- per card definition `d`: stats, `ab_start[d]:ab_end[d]` into the abilities, Win-Con;
- per ability `a`: kind, trigger, costs, restrictions, condition, `ef_start[a]:ef_end[a]`;
- per effect `e`: opcode and operands; `ef_sel[e]` a selector, `ef_amount[e]` a value;
- per selector `s`: quantifier, side, kind, `flt_start[s]:flt_end[s]` into the filters;
- per value `v`: constant, count of selector `val_sel[v]`, or a player statistic;
- per condition `c`: `cond_start[c]:cond_end[c]` into the clauses (`left cmp right`, all must hold).

The fingerprint hashes every array and the card ids, so two sets with the same fingerprint play
the same games.
"""

from __future__ import annotations

import hashlib
from typing import NamedTuple

import numpy as np
from avarium.simulator.cards.ast import Ability, Cards, Condition, Value, WinCon
from avarium.simulator.constants import NONE, CardKind, Op

INT = np.int32


class CardTable(NamedTuple):
    # per card definition
    kind: np.ndarray  # CardKind
    level: np.ndarray  # Level for Idols, -1 otherwise
    club: np.ndarray  # Club (Schemes: -1)
    colour: np.ndarray  # Colour for Students, -1 otherwise
    gender: np.ndarray  # Gender for Students, -1 otherwise
    cost: np.ndarray  # recruit cost (Students) or play cost (Schemes); 0 for Idols
    combat: np.ndarray
    defense: np.ndarray  # Students only; 0 otherwise
    merit: np.ndarray  # Idols: starting Merit
    rep_gain: np.ndarray  # Idols: Reputation gained in Start Phase step 3
    surprise: np.ndarray  # 1 for Surprises
    copies: np.ndarray  # physical copies in the set
    ab_start: np.ndarray
    ab_end: np.ndarray
    wincon_timing: np.ndarray  # WinTiming, -1 if none
    wincon_cond: np.ndarray  # condition index, -1 if none
    # per ability
    ab_card: np.ndarray
    ab_kind: np.ndarray  # AbilityKind
    ab_trigger: np.ndarray  # Trigger, -1 unless triggered
    ab_exhaust: np.ndarray  # 1 if EXHAUST is a cost
    ab_rep: np.ndarray  # Reputation cost
    ab_merit: np.ndarray  # Merit cost
    ab_trash: np.ndarray  # Schemes trashed as a cost
    ab_restrict: np.ndarray  # Restriction bits
    ab_cond: np.ndarray  # condition index or -1
    ef_start: np.ndarray
    ef_end: np.ndarray
    # per effect
    ef_op: np.ndarray  # Op
    ef_player: np.ndarray  # PlayerSel
    ef_amount: np.ndarray  # value index or -1
    ef_resource: np.ndarray  # Resource or, for reduce, Discounted
    ef_sel: np.ndarray  # selector index or -1
    ef_combat: np.ndarray  # Combat change
    ef_defense: np.ndarray  # Defense change
    ef_duration: np.ndarray  # Duration
    ef_dest: np.ndarray  # Destination
    ef_free: np.ndarray  # 1 for "recruit ... for free"
    ef_discount: np.ndarray  # "for N less", "reduce ... by N"
    # per selector
    sel_quant: np.ndarray  # Quantifier
    sel_side: np.ndarray  # Side
    sel_kind: np.ndarray  # Kind
    flt_start: np.ndarray
    flt_end: np.ndarray
    # per filter
    flt_field: np.ndarray  # Field
    flt_cmp: np.ndarray  # Cmp
    flt_value: np.ndarray
    # per value
    val_kind: np.ndarray  # ValueKind
    val_const: np.ndarray
    val_sel: np.ndarray  # selector counted, or -1
    val_player: np.ndarray  # PlayerRef
    val_stat: np.ndarray  # Stat
    # per condition and clause
    cond_start: np.ndarray
    cond_end: np.ndarray
    cl_left: np.ndarray  # value index
    cl_cmp: np.ndarray  # Cmp
    cl_right: np.ndarray  # value index


def _group(first: str, last: str) -> tuple[str, ...]:
    names = CardTable._fields
    return names[names.index(first) : names.index(last) + 1]


#: The columns of each kind of row, in table order.
GROUPS = {
    "card": _group("kind", "wincon_cond"),
    "ability": _group("ab_card", "ef_end"),
    "effect": _group("ef_op", "ef_discount"),
    "selector": _group("sel_quant", "flt_end"),
    "filter": _group("flt_field", "flt_value"),
    "value": _group("val_kind", "val_stat"),
    "condition": _group("cond_start", "cond_end"),
    "clause": _group("cl_left", "cl_right"),
}
_GROUP_OF = {name: group for group in GROUPS.values() for name in group}


class _Builder:
    def __init__(self) -> None:
        self.cols: dict[str, list[int]] = {name: [] for name in CardTable._fields}

    def row(self, **values: int) -> int:
        """Append one row to the group of the columns named; unnamed columns get -1."""
        group = _GROUP_OF[next(iter(values))]
        index = len(self.cols[group[0]])
        for name in group:
            self.cols[name].append(int(values.get(name, NONE)))
        return index

    def selector(self, c: Cards | None) -> int:
        if c is None:
            return NONE
        start = len(self.cols["flt_field"])
        for f in c.filters:
            self.row(flt_field=f.field, flt_cmp=f.cmp, flt_value=f.value)
        return self.row(
            sel_quant=c.quantifier,
            sel_side=c.side,
            sel_kind=c.kind,
            flt_start=start,
            flt_end=len(self.cols["flt_field"]),
        )

    def value(self, v: Value | None) -> int:
        if v is None:
            return NONE
        return self.row(
            val_kind=v.kind,
            val_const=v.constant,
            val_sel=self.selector(v.cards),
            val_player=v.player,
            val_stat=v.stat,
        )

    def condition(self, cond: Condition | None) -> int:
        if cond is None:
            return NONE
        lefts = [(self.value(c.left), c.cmp, self.value(c.right)) for c in cond.clauses]
        start = len(self.cols["cl_left"])
        for left, cmp, right in lefts:
            self.row(cl_left=left, cl_cmp=cmp, cl_right=right)
        return self.row(cond_start=start, cond_end=len(self.cols["cl_left"]))

    def ability(self, card: int, a: Ability) -> None:
        cond = self.condition(a.condition)
        start = len(self.cols["ef_op"])
        for e in a.effects:
            self.row(
                ef_op=e.op,
                ef_player=e.player,
                ef_amount=self.value(e.amount),
                ef_resource=e.discounted if e.op == Op.DISCOUNT else e.resource,
                ef_sel=self.selector(e.cards),
                ef_combat=e.combat,
                ef_defense=e.defense,
                ef_duration=e.duration,
                ef_dest=e.destination,
                ef_free=int(e.free),
                ef_discount=e.discount,
            )
        self.row(
            ab_card=card,
            ab_kind=a.kind,
            ab_trigger=a.trigger,
            ab_exhaust=int(a.exhaust),
            ab_rep=a.rep,
            ab_merit=a.merit,
            ab_trash=a.trash,
            ab_restrict=a.restrictions,
            ab_cond=cond,
            ef_start=start,
            ef_end=len(self.cols["ef_op"]),
        )

    def table(self) -> CardTable:
        return CardTable(**{n: np.asarray(v, dtype=INT) for n, v in self.cols.items()})


def _opt(value) -> int:
    return NONE if value is None else int(value)


def compile_cards(cards) -> CardTable:
    """Compile a sequence of `avarium.simulator.cards.model.Card` into a `CardTable`."""
    b = _Builder()
    for d, card in enumerate(cards):
        ab_start = len(b.cols["ab_card"])
        for a in card.parsed:
            b.ability(d, a)
        wincon: WinCon | None = card.parsed_wincon
        b.row(
            kind=card.kind,
            level=_opt(card.level),
            club=_opt(card.club),
            colour=_opt(card.colour),
            gender=_opt(card.gender),
            cost=card.cost,
            combat=card.combat,
            defense=card.defense,
            merit=card.merit,
            rep_gain=card.reputation,
            surprise=int(card.surprise),
            copies=card.copies if card.kind != CardKind.IDOL else 1,
            ab_start=ab_start,
            ab_end=len(b.cols["ab_card"]),
            wincon_timing=NONE if wincon is None else wincon.timing,
            wincon_cond=b.condition(None if wincon is None else wincon.condition),
        )
    return b.table()


def fingerprint(table: CardTable, ids: list[str]) -> str:
    """A short, stable hash of the compiled content and the card ids."""
    h = hashlib.sha256()
    for name, arr in zip(CardTable._fields, table, strict=True):
        h.update(name.encode())
        h.update(np.ascontiguousarray(arr, dtype="<i4").tobytes())
        h.update(b";")
    h.update("\n".join(ids).encode())
    return h.hexdigest()[:16]


def tables_equal(a: CardTable, b: CardTable) -> bool:
    return all(np.array_equal(x, y) for x, y in zip(a, b, strict=True))
