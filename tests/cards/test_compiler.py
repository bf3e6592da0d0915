"""Compiled tables: what the engine reads, and the fingerprint that names a set."""

from __future__ import annotations

import numpy as np
from avarium.simulator.cards.compiler import GROUPS, compile_cards, tables_equal
from avarium.simulator.cards.describe import canonical, canonical_wincon
from avarium.simulator.cards.loader import load_cards
from avarium.simulator.cards.model import CardSet
from avarium.simulator.cards.parser import parse_ability, parse_wincon
from avarium.simulator.constants import (
    NONE,
    AbilityKind,
    CardKind,
    Cmp,
    Field,
    Op,
    Quantifier,
    Resource,
    Side,
    ValueKind,
    WinTiming,
)

from tests.conftest import MINI_SET, write


def test_record_o_matic_compiles_to_exhaust_gain_three_merit(mini_path):
    cs = load_cards(mini_path)
    t = cs.table
    d = cs.index["record_o_matic"]
    assert (t.kind[d], t.cost[d], t.combat[d], t.defense[d]) == (CardKind.STUDENT, 3, 1, 2)
    (a,) = range(t.ab_start[d], t.ab_end[d])
    assert (t.ab_kind[a], t.ab_exhaust[a], t.ab_rep[a], t.ab_trigger[a]) == (
        AbilityKind.ACTIVATED,
        1,
        0,
        NONE,
    )
    (e,) = range(t.ef_start[a], t.ef_end[a])
    assert (t.ef_op[e], t.ef_resource[e]) == (Op.GAIN, Resource.MERIT)
    v = t.ef_amount[e]
    assert (t.val_kind[v], t.val_const[v]) == (ValueKind.CONST, 3)


def test_selectors_and_filters_are_csr_ranges(tmp_path):
    text = MINI_SET.replace(
        "EXHAUST: gain 3 merit", "EXHAUST: exhaust target enemy student club=cheerleader cost <= 2"
    )
    cs = load_cards(write(tmp_path, text))
    t = cs.table
    e = t.ef_start[t.ab_start[cs.index["record_o_matic"]]]
    s = t.ef_sel[e]
    assert (t.sel_quant[s], t.sel_side[s]) == (Quantifier.TARGET, Side.ENEMY)
    filters = list(range(t.flt_start[s], t.flt_end[s]))
    assert [t.flt_field[f] for f in filters] == [Field.CLUB, Field.COST]
    assert (t.flt_cmp[filters[1]], t.flt_value[filters[1]]) == (Cmp.LE, 2)


def test_wincons_compile_with_their_timing(mini_path):
    cs = load_cards(mini_path)
    t = cs.table
    raj, touka = cs.index["kumara_raj"], cs.index["hatsurugi_touka"]
    assert t.wincon_timing[raj] == WinTiming.START_OF_TURN
    assert t.wincon_timing[touka] == WinTiming.INSTANT
    c = t.wincon_cond[raj]
    (k,) = range(t.cond_start[c], t.cond_end[c])
    assert t.val_kind[t.cl_left[k]] == ValueKind.COUNT and t.cl_cmp[k] == Cmp.GE


def test_every_column_of_a_group_has_the_same_length(bundled):
    t = bundled.table
    for group, names in GROUPS.items():
        lengths = {len(getattr(t, n)) for n in names}
        assert len(lengths) == 1, group
    assert all(arr.dtype == np.int32 for arr in t)


def test_the_fingerprint_is_stable_and_follows_the_content(mini_path):
    a, b = load_cards(mini_path), load_cards(mini_path)
    assert a.fingerprint == b.fingerprint and len(a.fingerprint) == 16
    assert load_cards(mini_path, sets=["record.cost=4"]).fingerprint != a.fingerprint


def test_printed_text_and_names_do_not_change_the_fingerprint(mini_path):
    a = load_cards(mini_path)
    b = load_cards(mini_path, sets=['record.text="Gain three Merit, exhausting it."'])
    assert a.fingerprint == b.fingerprint


def test_every_bundled_card_compiles_the_same_from_its_described_text(bundled):
    import dataclasses

    cards = []
    for card in bundled.cards:
        parsed = tuple(parse_ability(canonical(a)) for a in card.parsed)
        wincon = card.parsed_wincon and parse_wincon(canonical_wincon(card.parsed_wincon))
        cards.append(dataclasses.replace(card, parsed=parsed, parsed_wincon=wincon))
    assert tables_equal(compile_cards(cards), bundled.table)
    assert CardSet(cards).fingerprint == bundled.fingerprint


def test_the_engine_reads_each_table_field_at_its_column():
    from avarium.simulator.engine import tables

    for names in tables.GROUPS.values():
        for i, name in enumerate(names):
            assert getattr(tables, f"T_{name.upper()}") == i, name


def test_a_card_lists_the_events_its_abilities_trigger_on(bundled):
    from avarium.simulator.engine.tables import T_TRIGGERS
    from avarium.simulator.game.api import tables_of

    t = bundled.table
    tb = tables_of(bundled)
    for d in range(len(t.kind)):
        expected = 0
        for a in range(t.ab_start[d], t.ab_end[d]):
            if t.ab_trigger[a] >= 0:
                expected |= 1 << int(t.ab_trigger[a])
        assert tb[d, T_TRIGGERS] == expected, bundled.cards[d].id
