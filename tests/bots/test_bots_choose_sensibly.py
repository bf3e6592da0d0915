"""Positions with one clearly right choice: the heuristic profiles and the lookahead take it.

Each test builds a readable position (scenario), asks the bot for the deciding seat
with a few bot seeds (a right choice must not be luck), and reads the chosen action's name. A
bot that is known to choose wrong is marked xfail(strict=True) with what it does instead, so the
mark fails (and must go) the day the bot is fixed.
"""

from __future__ import annotations

import pytest
from avarium.simulator.engine import layout as L
from avarium.simulator.engine.zones import set_used
from avarium.simulator.game.api import Game
from avarium.simulator.game.scenario import scenario

from tests.bots.helpers import HEURISTICS, choose, names

LOOKAHEAD = "lookahead"  # the default budget (2 playouts), as the ladder runs it
BOTS = (*HEURISTICS, LOOKAHEAD)
SEEDS = (0, 1, 2)
# Students nobody can afford with a few Reputation, to keep recruits out of a position.
DEAR = "courtyard: gang boss, host club prince, team captain, band leader, council vice-president"


def bots(**wrong: str) -> list:
    """BOTS as parameters; `wrong` maps a bot (dots and slashes as underscores) to what it does
    instead, which marks it xfail."""
    out = []
    for bot in BOTS:
        reason = wrong.get(bot.replace(".", "_").replace("/", "_"))
        marks = [pytest.mark.xfail(strict=True, reason=reason)] if reason else []
        out.append(pytest.param(bot, marks=marks, id=bot))
    return out


def choices(game: Game, bot: str) -> list[str]:
    """The names of the actions `bot` chooses here, one per seed."""
    return [game.action_name(choose(game, bot, seed)) for seed in SEEDS]


def drive(game: Game, bot: str, seat: int = 0, others: str = "heuristic.balanced") -> list[str]:
    """Play on until the turn ends or the game is over: `seat` by `bot`, every other seat by
    `others`; the log of (seat, decision, action name, in a fight)."""
    turn = game.turn
    log = []
    while not game.is_terminal() and game.turn == turn:
        legal = game.legal_actions()
        p = game.current_player()
        a = legal[0] if len(legal) == 1 else choose(game, bot if p == seat else others, 0, legal)
        log.append((p, game.decision, game.action_name(a), bool(game.state[L.G_FIGHT])))
        game.step(a)
    return log


def drive_fight(game: Game, bot: str, seat: int, others: str = "heuristic.balanced") -> list:
    """Play on until the fight under way is over (the Plan Phase decision comes back)."""
    log = []
    while not game.is_terminal() and (game.decision != "plan" or not log):
        legal = game.legal_actions()
        p = game.current_player()
        a = legal[0] if len(legal) == 1 else choose(game, bot if p == seat else others, 0, legal)
        log.append((p, game.decision, game.action_name(a), bool(game.state[L.G_FIGHT])))
        game.step(a)
    return log


# -- the Plan Phase ----------------------------------------------------------------------------


@pytest.mark.parametrize("bot", bots())
def test_it_recruits_an_affordable_strong_student_rather_than_end_the_turn(bundled, bot):
    text = """
    p0: idol raj | rep 8 | class benchwarmer | first
    p1: idol amyba | class kendo novice
    courtyard: sculptor, dojo senpai
    """
    for name in choices(scenario(text, bundled), bot):
        assert name.startswith("recruit"), name


@pytest.mark.parametrize("bot", bots())
def test_it_pays_for_a_scheme_by_exhausting_a_student_when_it_has_no_reputation(bundled, bot):
    # Scholarship (cost 2: gain 4 Merit), 0 Reputation, Goalkeeper (cost 3) can pay
    text = """
    p0: idol raj | merit 12 | rep 0 | class goalkeeper | hand scholarship | first
    p1: idol amyba
    """
    game = scenario(text, bundled)
    assert choices(game, bot) == ["play Scholarship exhausting a Student"] * len(SEEDS)
    drive(game, bot)
    assert game.merit(0) == 12 + 4 and "Scholarship" in game.names_in("trash")


@pytest.mark.parametrize("bot", bots())
def test_it_holds_a_fight_surprise_in_its_plan_phase(bundled, bot):
    """Insurance Policy prevents damage to its Idol until end of turn: on a turn with no fight
    possible (its first), playing it is a Scheme thrown away. (Adrenaline Rush, "play, in a
    fight", cannot even be played here.)"""
    text = f"""
    p0: idol raj | rep 1 | class sculptor | hand insurance policy, adrenaline rush | first
    p1: idol amyba | class kendo novice
    {DEAR}, dojo senpai
    """
    game = scenario(text, bundled)
    assert not any("Adrenaline Rush" in n for n in names(game))
    assert choices(game, bot) == ["end turn"] * len(SEEDS)


# -- fights ------------------------------------------------------------------------------------


@pytest.mark.parametrize("bot", bots())
def test_it_attacks_an_enemy_student_it_can_expel_without_losing_its_fighter(bundled, bot):
    # Sculptor (4/5) against Kendo Novice (1/2): a free expel
    text = """
    p0: idol raj | rep 0 | class sculptor
    p1: idol amyba | class kendo novice
    """
    game = scenario(text, bundled)
    for name in choices(game, bot):
        assert name.startswith("fight:"), name
    drive(game, bot)
    assert "Kendo Novice" in game.names_in("expel pile")
    assert game.names_in("class", 0) == ["Kumara RAJ", "Sculptor"]


@pytest.mark.parametrize(
    "bot",
    bots(
        lookahead="still attacks Sumo Heavyweight with 2 playouts (the heuristic no longer does)",
    ),
)
def test_it_attacks_the_student_it_can_expel_not_one_whose_ability_saves_it(bundled, bot):
    """Sculptor (4) with RAJ's support (2) against Kendo Novice (1/2) or Sumo Heavyweight (2/6,
    "on defend: each enemy student in fight gets -1 combat"): 3 + 2 never expels Sumo."""
    text = """
    p0: idol raj | rep 0 | class sculptor
    p1: idol amyba | class kendo novice, sumo heavyweight
    """
    game = scenario(text, bundled)
    game.play("fight: Sculptor leads")
    assert choices(game, bot) == ["attack Kendo Novice"] * len(SEEDS)


@pytest.mark.parametrize("bot", bots())
def test_it_does_not_attack_into_a_fight_it_would_lose_badly(bundled, bot):
    """Sculptor (4/5, +1 from AMYBA) cannot expel Dojo Senpai (5/6), whose 5 (+2 from RAJ)
    expels Sculptor; AMYBA leading would lose Merit for nothing."""
    text = """
    p0: idol amyba | rep 0 | class sculptor
    p1: idol raj | class dojo senpai
    """
    assert choices(scenario(text, bundled), bot) == ["end turn"] * len(SEEDS)


@pytest.mark.parametrize(
    "bot",
    bots(
        heuristic_aggressive="leads with Kendo Novice: fight 1.5 + 0.15 x Senpai's worth "
        "outweighs risk 0.4 x Kendo Novice's worth",
    ),
)
def test_it_does_not_throw_a_student_away_on_an_attack(bundled, bot):
    """Kendo Novice (1/2) attacking Dojo Senpai (5/6) is expelled and only exhausts Senpai,
    which readies at the start of its owner's turn; nobody is left to exploit it."""
    text = """
    p0: idol amyba | rep 0 | class kendo novice
    p1: idol raj | class dojo senpai
    """
    assert choices(scenario(text, bundled), bot) == ["end turn"] * len(SEEDS)


@pytest.mark.parametrize("bot", bots())
def test_its_idol_never_leads_an_attack_that_would_expel_its_player(bundled, bot):
    """TOUKA at 5 Merit attacking Dojo Senpai (Combat 5) is the end of the game for her."""
    text = """
    p0: idol touka | merit 5 | class sumo heavyweight
    p1: idol raj | class dojo senpai
    """
    for name in choices(scenario(text, bundled), bot):
        assert name != "fight: Hatsurugi TOUKA leads"


@pytest.mark.parametrize("bot", bots())
def test_it_plays_a_fight_surprise_before_damage_when_it_attacks(bundled, bot):
    """Adrenaline Rush (+2 Combat to an ally in the fight) is kept out of the Plan Phase and
    played in the fight, before damage; Sculptor (4 +2) then expels Sentai Blue (2/5)."""
    text = f"""
    p0: idol amyba | rep 3 | class sculptor | hand adrenaline rush
    p1: idol raj | class sentai blue
    {DEAR}, karate black belt
    """
    game = scenario(text, bundled)
    game.play("fight: Sculptor leads")
    log = drive_fight(game, bot, seat=0)
    played = [entry for entry in log if entry[2].startswith("play Adrenaline Rush")]
    assert played and played[0][0] == 0 and played[0][3], log
    assert "Sentai Blue" in game.names_in("expel pile")
    assert "Sculptor" in game.names_in("class", 0)


@pytest.mark.parametrize("bot", bots())
def test_it_plays_a_fight_surprise_before_damage_when_it_defends(bundled, bot):
    """Dojo Senpai (5) with RAJ (2) attacks Sculptor (Defense 5): Stand Firm (+3 Defense)
    played by the defender before damage keeps Sculptor in its Class."""
    text = f"""
    active p1
    p0: idol amyba | rep 3 | class sculptor | hand stand firm
    p1: idol raj | class dojo senpai
    {DEAR}, karate black belt
    """
    game = scenario(text, bundled)
    game.play("fight: Dojo Senpai leads")
    log = drive_fight(game, bot, seat=0)
    played = [entry for entry in log if entry[2].startswith("play Stand Firm")]
    assert played and played[0][0] == 0 and played[0][3], log
    assert "Sculptor" in game.names_in("class", 0)


# -- choices inside an effect or a phase ------------------------------------------------------


@pytest.mark.parametrize("bot", bots())
def test_at_the_class_limit_it_expels_its_weakest_student(bundled, bot):
    text = """
    phase end
    p0: idol raj | class sculptor, dojo senpai, gang boss, transfer student, team captain
        | hallway sumo heavyweight
    p1: idol amyba
    """
    game = scenario(text, bundled)
    assert game.decision == "class limit"
    assert choices(game, bot) == ["expel Transfer Student"] * len(SEEDS)


@pytest.mark.parametrize("bot", bots())
def test_a_damage_scheme_targets_an_enemy_student_it_can_expel(bundled, bot):
    """Sabotage (2 damage to target enemy Student) expels Karaoke Fiend (Defense 1); on
    Sculptor (Defense 5) it only exhausts it until its owner's next turn."""
    text = """
    p0: idol raj | rep 5 | class goalkeeper(attacked) | hand sabotage
    p1: idol amyba | class sculptor, karaoke fiend
    """
    game = scenario(text, bundled)
    game.play("play Sabotage paying Reputation")
    assert game.decision == "target"
    assert choices(game, bot) == ["target Karaoke Fiend"] * len(SEEDS)


# -- winning -----------------------------------------------------------------------------------


@pytest.mark.parametrize("bot", bots())
def test_it_takes_an_attack_that_expels_the_last_enemy(bundled, bot):
    """RAJ at 4 Merit with no ready Student: Sculptor (4) attacking RAJ wins the game now;
    attacking the exhausted Kendo Novice instead does not (AMYBA hits for 1)."""
    text = f"""
    p0: idol amyba | rep 0 | class sculptor
    p1: idol raj | merit 4 | class kendo novice(exhausted)
    {DEAR}, dojo senpai
    """
    for seed in SEEDS:
        game = scenario(text, bundled)
        turn = game.turn
        log = drive(game, bot)
        assert game.is_terminal() and game.result().winner == 0, (seed, log)
        assert game.turn == turn


@pytest.mark.parametrize("bot", bots())
def test_hojo_plays_the_tenth_scheme_that_wins(bundled, bot):
    """HOJO's Win-Con is 10 Schemes played (instant): at 9, any Scheme wins."""
    text = f"""
    p0: idol hojo | rep 2 | class sculptor | hand school festival | first
    p1: idol raj
    {DEAR}, dojo senpai
    """
    game = scenario(text, bundled)
    game.state[L.ROW_SEAT + 0, L.P_N_SCHEMES] = 9
    for name in choices(game, bot):
        assert name.startswith("play School Festival"), name
    drive(game, bot)
    assert game.is_terminal() and game.result() is not None
    assert game.result().winner == 0 and game.result().reason == "wincon"


@pytest.mark.parametrize("bot", bots())
def test_love_pays_merit_for_the_last_reputation_it_needs_to_win(bundled, bot):
    """LOVE's Win-Con: 20 Reputation and more than any enemy (instant). At 19, its own
    ability (1 Merit: gain 1 Reputation) wins on the spot."""
    text = """
    p0: idol love | rep 19 | class sculptor | first
    p1: idol raj | rep 3
    """
    game = scenario(text, bundled)
    for name in choices(game, bot):
        assert name.startswith("activate Lourvarius LOVE"), name
    drive(game, bot)
    assert game.is_terminal() and game.result().winner == 0


@pytest.mark.parametrize(
    "bot",
    bots(
        heuristic_balanced="recruits Portrait Painter (18 -> 15 Reputation)",
        heuristic_aggressive="recruits Team Captain (18 -> 13 Reputation)",
        heuristic_economic="recruits Portrait Painter (18 -> 15 Reputation)",
        heuristic_scheming="recruits Portrait Painter (18 -> 15 Reputation)",
    ),
)
def test_love_does_not_spend_the_reputation_that_wins_next_turn(bundled, bot):
    """LOVE at 18 Reputation (its ability used this turn) gains 2 at the start of its next
    turn: 20, a win. Every Student on offer costs 3 or more, which puts the win off."""
    text = f"""
    p0: idol love | rep 18 | class sculptor | first
    p1: idol raj | rep 3
    {DEAR}, portrait painter
    """
    game = scenario(text, bundled)
    love = game.find("lourvarius_love")
    set_used(game.state, love, 1)  # its once-per-turn ability is spent
    assert not any(n.startswith("activate") for n in names(game))
    assert choices(game, bot) == ["end turn"] * len(SEEDS)


@pytest.mark.parametrize("bot", bots())
def test_it_does_not_take_reputation_from_an_enemy_who_has_none(bundled, bot):
    """Rumour Mill (each enemy loses 2 Reputation) does nothing against an enemy at 0."""
    text = f"""
    p0: idol raj | rep 2 | hand rumour mill | first
    p1: idol amyba | rep 0
    {DEAR}, portrait painter
    """
    game = scenario(text, bundled)
    assert any(n.startswith("play Rumour Mill") for n in names(game))
    for name in choices(game, bot):
        assert not name.startswith("play Rumour Mill"), name
