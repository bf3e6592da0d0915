"""The bundled prototype set: complete, loads cleanly, and uses every word of the language."""

from __future__ import annotations

from collections import Counter

from avarium.simulator.cards import registry as R
from avarium.simulator.constants import (
    AbilityKind,
    CardKind,
    Colour,
    Destination,
    Discounted,
    Gender,
    Level,
    Op,
    WinTiming,
)

RULEBOOK_IDOLS = {
    "Hatsurugi TOUKA": Level.BASIC,
    "Peppermint KITTY": Level.BASIC,
    "Kumara RAJ": Level.BASIC,
    "AMYBA": Level.BASIC,
    "Sebastian WOLFGANG": Level.ADVANCED,
    "Hazenmyier HOJO": Level.ADVANCED,
    "Syeira CORAL": Level.ADVANCED,
    "Lourvarius LOVE": Level.ADVANCED,
}


def test_the_set_has_the_games_contents_and_no_warning(bundled):
    assert bundled.count(CardKind.IDOL) == 8
    assert bundled.count(CardKind.STUDENT) == 60
    assert bundled.count(CardKind.SCHEME) == 40
    assert sum(c.copies for c in bundled.schemes if c.surprise) >= 8
    assert bundled.warnings == []


def test_the_idols_are_the_rulebooks_eight(bundled):
    assert {c.name: c.level for c in bundled.idols} == RULEBOOK_IDOLS
    assert len({c.wincon for c in bundled.idols}) == 8  # each its own Win-Con


def test_raj_waits_for_his_turn_and_touka_wins_instantly(bundled):
    """Rulebook FAQ: Raj's Win-Con says "Start your turn"; Touka's kicks in at once."""
    assert bundled.find("raj").parsed_wincon.timing == WinTiming.START_OF_TURN
    assert bundled.find("touka").parsed_wincon.timing == WinTiming.INSTANT


def test_record_o_matic_is_exhaust_gain_three_merit(bundled):
    card = bundled["record_o_matic"]
    assert card.abilities == ("EXHAUST: gain 3 merit",)
    assert card.kind == CardKind.STUDENT


def test_students_spread_over_every_club_colour_and_gender(bundled):
    students = bundled.students
    assert {c.club for c in students} == set(range(12))
    assert set(Counter(c.colour for c in students)) == set(Colour)
    assert set(Counter(c.gender for c in students)) == set(Gender)
    assert len({c.cost for c in students}) >= 5
    assert len({c.combat for c in students}) >= 5 and len({c.defense for c in students}) >= 5


def test_every_word_of_the_language_is_used_by_a_bundled_card(bundled):
    abilities = [a for c in bundled.cards for a in c.parsed]
    effects = [e for a in abilities for e in a.effects]
    assert {e.op for e in effects} == set(Op), "every verb"
    assert {a.trigger for a in abilities if a.kind == AbilityKind.TRIGGERED} == {
        w.code for w in R.TRIGGERS
    }, "every trigger"
    assert {a.kind for a in abilities} == set(AbilityKind)
    assert any(a.exhaust for a in abilities) and any(a.rep for a in abilities)
    assert any(a.merit for a in abilities) and any(a.trash for a in abilities), "every cost"
    restrictions = 0
    for a in abilities:
        restrictions |= a.restrictions
    assert restrictions == sum(w.code for w in R.RESTRICTIONS), "every restriction"
    assert {e.destination for e in effects if e.op == Op.RETURN} == set(
        d for d in Destination if d != Destination.NONE
    )
    assert {e.discounted for e in effects if e.op == Op.DISCOUNT} == set(Discounted)


def test_the_data_files_say_the_set_is_illustrative():
    from avarium.simulator.cards.files import bundled_path

    for path in bundled_path().glob("*.toml"):
        assert "illustrative" in path.read_text(encoding="utf-8").lower(), path.name
