"""Unusual but valid card sets play sound games too: few or many Students, copies, no Schemes,
abilities drawn from every example of the language (hypothesis builds the sets)."""

from __future__ import annotations

import os

from avarium.simulator.cards import registry as R
from avarium.simulator.cards.loader import MIN_STUDENTS, load_cards
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from tests.properties.test_random_games import assert_sound, run_games

COMPILED = "NUMBA_DISABLE_JIT" not in os.environ

_LINES = sorted({w.example for _, _, words in R.SECTIONS for w in words})
STUDENT_ABILITIES = [
    line for line in _LINES if not line.startswith(("play", "instant", "at start of turn"))
]
SCHEME_ABILITIES = [line for line in _LINES if line.startswith("play")]
WINCONS = [line for line in _LINES if line.startswith(("instant", "at start of turn"))]


def _student(i: int, draw) -> str:
    abilities = draw(st.lists(st.sampled_from(STUDENT_ABILITIES), max_size=2))
    return f"""
[[student]]
id = "s{i}"
name = "Student {i}"
title = "Student"
cost = {draw(st.integers(0, 6))}
colour = "{draw(st.sampled_from(["paragon", "delinquent", "neutral"]))}"
gender = "{draw(st.sampled_from(["male", "female", "unknown"]))}"
club = "{draw(st.sampled_from(["Sports", "Arts", "Cheerleader", "Sentai", "Space"]))}"
combat = {draw(st.integers(0, 6))}
defense = {draw(st.integers(1, 6))}
copies = {draw(st.integers(1, 3))}
abilities = {abilities!r}
""".replace("'", '"')


def _scheme(i: int, draw) -> str:
    line = draw(st.sampled_from(SCHEME_ABILITIES))
    surprise = "in a fight" in line or "cancel" in line or draw(st.booleans())
    return f"""
[[scheme]]
id = "x{i}"
name = "Scheme {i}"
title = "Scheme"
cost = {draw(st.integers(0, 4))}
surprise = {str(surprise).lower()}
copies = {draw(st.integers(1, 2))}
abilities = ["{line}"]
"""


@st.composite
def card_sets(draw) -> str:
    parts = []
    for i in range(4):
        parts.append(f"""
[[idol]]
id = "i{i}"
name = "Idol {i}"
title = "Idol"
club = "Council"
level = "basic"
reputation = {draw(st.integers(1, 4))}
combat = {draw(st.integers(0, 4))}
merit = {draw(st.integers(3, 25))}
wincon = "{draw(st.sampled_from(WINCONS))}"
""")
    # At least the fewest Students the rules can set up (a smaller set is refused).
    parts += [_student(i, draw) for i in range(draw(st.integers(MIN_STUDENTS, 25)))]
    parts += [_scheme(i, draw) for i in range(draw(st.integers(0, 12)))]
    return "".join(parts)


# Found by this test: a Surprise that returns an expelled Student to its Class, played in answer
# to an "on expelled" ability a step-2 expulsion set off, left a Class of 6 after the End Phase
# (ruling 11: steps 2-3 run again).
RETURNED_TO_CLASS = "".join(
    [
        f'[[idol]]\nid = "i{i}"\nname = "Idol {i}"\ntitle = "Idol"\nclub = "Council"\n'
        'level = "basic"\nreputation = 1\ncombat = 0\nmerit = 3\n'
        'wincon = "at start of turn: count(ally students) = 5"\n\n'
        for i in range(4)
    ]
    + [
        f'[[student]]\nid = "s{i}"\nname = "Student {i}"\ntitle = "Student"\ncost = 0\n'
        'colour = "paragon"\ngender = "male"\nclub = "Sports"\ncombat = 0\ndefense = 1\n'
        "copies = 1\nabilities = "
        + ('["on expelled: each enemy loses 1 merit"]' if i == 19 else "[]")
        + "\n\n"
        for i in range(20)
    ]
    + [
        '[[scheme]]\nid = "x0"\nname = "Scheme 0"\ntitle = "Scheme"\ncost = 0\n'
        "surprise = true\ncopies = 1\n"
        'abilities = ["play: return target expelled student to your class"]\n'
    ]
)


@example(text=RETURNED_TO_CLASS, players=2, seed=0)
@settings(
    max_examples=40 if COMPILED else 4,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(text=card_sets(), players=st.integers(2, 4), seed=st.integers(0, 2**31))
def test_any_valid_card_set_plays_sound_games(tmp_path, text, players, seed):
    path = tmp_path / "cards.toml"
    path.write_text(text, encoding="utf-8")
    cards = load_cards(path)
    out = run_games(cards, players, 500 if COMPILED else 2, seed)  # 20,000 checked games in all
    assert_sound(out)
