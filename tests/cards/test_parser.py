"""The ability language: every registered word parses, and text round-trips through describe."""

from __future__ import annotations

import contextlib

import pytest
from avarium.simulator.cards import registry as R
from avarium.simulator.cards.ast import Cards, Effect
from avarium.simulator.cards.describe import canonical, canonical_wincon, english
from avarium.simulator.cards.errors import AbilitySyntaxError
from avarium.simulator.cards.parser import parse_ability, parse_wincon
from avarium.simulator.constants import (
    AbilityKind,
    Cmp,
    Field,
    Op,
    PlayerSel,
    Quantifier,
    Resource,
    Side,
    Trigger,
    WinTiming,
)
from hypothesis import given, settings
from hypothesis import strategies as st

EXAMPLES = sorted({w.example for _, _, words in R.SECTIONS for w in words})


def _parse(line: str):
    if line.startswith(("instant", "at start of turn")):
        return parse_wincon(line)
    return parse_ability(line)


@pytest.mark.parametrize("line", EXAMPLES)
def test_every_registry_example_parses_and_round_trips(line):
    tree = _parse(line)
    text = canonical_wincon(tree) if hasattr(tree, "timing") else canonical(tree)
    assert _parse(text) == tree


def test_record_o_matic_reads_as_exhaust_then_gain_three_merit():
    a = parse_ability("EXHAUST: gain 3 merit")
    assert a.kind == AbilityKind.ACTIVATED and a.exhaust and a.rep == 0
    (e,) = a.effects
    assert (e.op, e.player, e.resource, e.amount.constant) == (
        Op.GAIN,
        PlayerSel.YOU,
        Resource.MERIT,
        3,
    )


def test_the_default_target_is_the_controlling_player():
    assert parse_ability("on join: draw 1").effects[0].player == PlayerSel.YOU
    assert parse_ability("play: you draw 1") == parse_ability("play: draw 1")


def test_a_player_subject_is_told_apart_from_a_card_subject():
    lose = parse_ability("play: each enemy loses 2 merit").effects[0]
    assert lose.op == Op.LOSE and lose.player == PlayerSel.EACH_ENEMY
    mod = parse_ability("play: each enemy student gets -1 combat until end of turn").effects[0]
    assert mod.op == Op.MODIFY and mod.cards.side == Side.ENEMY and mod.combat == -1


def test_selectors_keep_every_filter():
    e = parse_ability(
        "play: exhaust target other enemy student club=martial_arts colour=delinquent "
        "gender=male cost <= 3 ready"
    ).effects[0]
    fields = [f.field for f in e.cards.filters]
    assert fields == [
        Field.OTHER,
        Field.CLUB,
        Field.COLOUR,
        Field.GENDER,
        Field.COST,
        Field.READY,
    ]
    assert e.cards.filters[4].cmp == Cmp.LE and e.cards.filters[4].value == 3


def test_effects_are_joined_by_semicolons_and_keep_their_order():
    a = parse_ability("2 rep, EXHAUST: deal 2 damage to target enemy student; draw 1")
    assert [e.op for e in a.effects] == [Op.DAMAGE, Op.DRAW]
    assert a.rep == 2 and a.exhaust


def test_a_trigger_may_carry_a_condition():
    a = parse_ability("on start of turn if your rep <= 2 and your hand = 0: gain 1 rep")
    assert a.trigger == Trigger.START_OF_TURN and len(a.condition.clauses) == 2


def test_wincon_timing_is_written_out():
    assert parse_wincon("at start of turn: count(ally students) >= 5").timing == (
        WinTiming.START_OF_TURN
    )
    assert parse_wincon("instant: your merit > max enemy merit").timing == WinTiming.INSTANT
    with pytest.raises(AbilitySyntaxError, match="timing"):
        parse_wincon("count(ally students) >= 5")


def test_words_are_case_insensitive_and_aliases_canonicalise():
    a = parse_ability("Exhaust: Gain 3 Reputation")
    assert canonical(a) == "EXHAUST: gain 3 rep"


@pytest.mark.parametrize(
    ("line", "written_back", "english_says"),
    [
        ("on attack: this gets +0 combat until end of fight", "+0 combat", "+0 Combat"),
        ("on attack: this gets +0 defense until end of fight", "+0 defense", "+0 Defense"),
        ("EXHAUST: this gets -1 defense, +0 combat until end of turn", "+0 combat, -1 defense",
         "+0 Combat and -1 Defense"),
    ],
)  # fmt: skip
def test_a_change_of_zero_is_written_back_as_the_stat_it_named(line, written_back, english_says):
    """ "+0 combat" changes nothing, as "+0 defense" does (the same compiled card), but a
    warning quoting the ability must say what the designer wrote, not the other stat."""
    ability = parse_ability(line)
    assert f"gets {written_back} until" in canonical(ability)
    assert f"gets {english_says} until" in english(ability)


@pytest.mark.parametrize(
    ("line", "column", "suggestion"),
    [
        ("EXHAUST: gian 3 merit", 10, "gain"),
        ("on jion: draw 1", 1, "on join"),
        ("play: exhaust target enemy studnet", 28, "student"),
        ("play: expel target enemy student club=sprots", 39, "sports"),
        ("play: gain 3 merrit", 14, "merit"),
        ("play: ready each ally student until end of tern", 31, ""),
    ],
)
def test_unknown_words_name_their_column_and_suggest_a_fix(line, column, suggestion):
    with pytest.raises(AbilitySyntaxError) as exc:
        parse_ability(line)
    assert exc.value.column == column
    assert exc.value.suggestion == suggestion


def test_a_cost_on_a_trigger_is_refused_with_the_reason():
    with pytest.raises(AbilitySyntaxError, match="triggered ability takes no cost"):
        parse_ability("on join, EXHAUST: gain 1 merit")


def test_an_activated_ability_needs_a_cost():
    with pytest.raises(AbilitySyntaxError, match="needs a cost"):
        parse_ability("once per turn: gain 1 merit")


def test_numbers_are_bounded():
    with pytest.raises(AbilitySyntaxError, match="out of range"):
        parse_ability("play: gain 1000 merit")


def test_english_reads_like_rules_text():
    assert english(parse_ability("EXHAUST: gain 3 merit")) == "Exhaust this card: Gain 3 Merit."
    text = english(parse_ability("play: each enemy loses 2 rep"))
    assert text == "When played: Each enemy loses 2 Reputation."


# -- properties -------------------------------------------------------------------------------

_sides = st.sampled_from([Side.ALLY, Side.ENEMY, Side.ANY])
_cards = st.builds(
    Cards,
    quantifier=st.sampled_from([Quantifier.TARGET, Quantifier.EACH, Quantifier.RANDOM]),
    side=_sides,
    kind=st.sampled_from([0, 1, 2]),
)


@st.composite
def _effects(draw):
    op = draw(st.sampled_from([Op.GAIN, Op.LOSE, Op.DAMAGE, Op.EXHAUST, Op.MODIFY, Op.DRAW]))
    from avarium.simulator.cards.ast import Value

    amount = Value(0, constant=draw(st.integers(0, 9)))
    if op in (Op.GAIN, Op.LOSE):
        return Effect(
            op,
            draw(st.sampled_from(list(PlayerSel)[:4])),
            amount,
            draw(st.sampled_from([Resource.MERIT, Resource.REPUTATION])),
        )
    if op == Op.DRAW:
        return Effect(op, draw(st.sampled_from(list(PlayerSel)[:4])), amount)
    if op == Op.DAMAGE:
        return Effect(op, amount=amount, cards=draw(_cards))
    if op == Op.MODIFY:
        return Effect(
            op,
            cards=draw(_cards),
            combat=draw(st.integers(-5, 5)),
            defense=draw(st.integers(-5, 5)),
            duration=draw(st.sampled_from([0, 1, 2])),
        )
    return Effect(op, cards=draw(_cards))


@settings(max_examples=300, deadline=None)
@given(effects=st.lists(_effects(), min_size=1, max_size=3), rep=st.integers(0, 5))
def test_canonical_text_parses_back_to_the_same_ability(effects, rep):
    from avarium.simulator.cards.ast import Ability

    a = Ability(AbilityKind.ACTIVATED, tuple(effects), exhaust=True, rep=rep)
    assert parse_ability(canonical(a)) == a


_alphabet = st.sampled_from(
    [
        *"abcdefghijklmnopqrstuvwxyz0123456789 :;,()+-=<>!._'\"\t\n",
        *("on ", "play", "EXHAUST", "gain", "target ", "each ", "count(", "rep", " merit"),
    ]
)


@settings(max_examples=500, deadline=None)
@given(st.lists(_alphabet, max_size=30).map("".join))
def test_random_text_only_ever_raises_the_languages_own_error(text):
    for parse in (parse_ability, parse_wincon):
        with contextlib.suppress(AbilitySyntaxError):
            parse(text)


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=40))
def test_any_unicode_only_ever_raises_the_languages_own_error(text):
    with contextlib.suppress(AbilitySyntaxError):
        parse_ability(text)
