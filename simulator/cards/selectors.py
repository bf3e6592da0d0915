"""The words that pick what an effect applies to: the players, and the cards (how many, on
which side, of what kind, narrowed by filters). Listed in registry.py with every other word."""

from __future__ import annotations

from avarium.simulator.cards.word import Word
from avarium.simulator.constants import (
    Field,
    Kind,
    PlayerSel,
    Quantifier,
    Side,
)

PLAYERS = (
    Word("you", PlayerSel.YOU, "the controlling player (the default)", "play: you gain 2 rep"),
    Word(
        "target enemy",
        PlayerSel.TARGET_ENEMY,
        "one enemy player, chosen by the controller",
        "play: target enemy loses 2 merit",
    ),
    Word(
        "each enemy",
        PlayerSel.EACH_ENEMY,
        "every enemy player still in the game",
        "play: each enemy trashes 1 scheme",
    ),
    Word(
        "each player",
        PlayerSel.EACH_PLAYER,
        "every player still in the game, you included",
        "play: each player draws 1",
    ),
    Word(
        "random enemy",
        PlayerSel.RANDOM_ENEMY,
        "one enemy player at random",
        "play: random enemy loses 1 rep",
    ),
)

QUANTIFIERS = (
    Word(
        "target",
        Quantifier.TARGET,
        "one card chosen by the controller",
        "play: exhaust target enemy student",
    ),
    Word("each", Quantifier.EACH, "every matching card", "play: ready each ally student"),
    Word(
        "random",
        Quantifier.RANDOM,
        "one matching card at random",
        "play: deal 1 damage to random enemy student",
    ),
    Word(
        "this",
        Quantifier.THIS,
        "the card that has the ability (not on Schemes)",
        "EXHAUST: this gets +1 defense until end of turn",
        aliases=("this card",),
    ),
)

SIDES = (
    Word("ally", Side.ALLY, "in the controller's Class", "play: ready target ally student"),
    Word("enemy", Side.ENEMY, "in an enemy's Class", "play: exhaust target enemy student"),
    Word(
        "any",
        Side.ANY,
        "in any Class (the default when no side is written)",
        "play: ready target any student",
    ),
    Word(
        "courtyard",
        Side.COURTYARD,
        "face up in the Courtyard (Students only)",
        "play: recruit target courtyard student for 2 less",
    ),
    Word(
        "expelled",
        Side.EXPELLED,
        "in the Expel Pile (Students only)",
        "play: return target expelled student to your class",
    ),
)

KINDS = (
    Word(
        "student",
        Kind.STUDENT,
        "a Student",
        "play: expel target enemy student cost <= 2",
        aliases=("students",),
    ),
    Word(
        "idol", Kind.IDOL, "an Idol", "play: deal 2 damage to target enemy idol", aliases=("idols",)
    ),
    Word(
        "character",
        Kind.CHARACTER,
        "an Idol or a Student",
        "play: ready each ally character",
        aliases=("characters",),
    ),
    Word(
        "scheme",
        Kind.SCHEME,
        "a Scheme being played (only with cancel)",
        "play: cancel target scheme",
        aliases=("schemes",),
    ),
)

#: Filters written `club=arts`, `cost <= 3`, or as a bare word (`ready`).
FILTERS = (
    Word("club", Field.CLUB, "the card's club", "play: ready each ally student club=arts"),
    Word(
        "colour",
        Field.COLOUR,
        "a Student's colour: paragon, delinquent or neutral",
        "play: exhaust each enemy student colour=delinquent",
        aliases=("color",),
    ),
    Word(
        "gender",
        Field.GENDER,
        "male, female or unknown",
        "play: each ally student gender=female gets +1 combat until end of turn",
    ),
    Word("cost", Field.COST, "the recruit cost", "play: expel target enemy student cost <= 2"),
    Word(
        "combat",
        Field.COMBAT,
        "the printed Combat",
        "play: exhaust each enemy student combat >= 3",
    ),
    Word(
        "defense",
        Field.DEFENSE,
        "the printed Defense",
        "play: deal 1 damage to each enemy student defense <= 1",
        aliases=("defence",),
    ),
    Word("ready", Field.READY, "upright", "play: exhaust target enemy student ready"),
    Word(
        "exhausted",
        Field.EXHAUSTED,
        "turned sideways",
        "play: expel target enemy student exhausted",
    ),
    Word(
        "attacked",
        Field.ATTACKED,
        "carrying an Attack Token",
        "1 rep: remove attack token from target ally student attacked",
    ),
    Word(
        "other",
        Field.OTHER,
        "not the card with the ability",
        "on join: ready each other ally student",
    ),
    Word(
        "in fight",
        Field.IN_FIGHT,
        "a member of the fight now going on",
        "play, in a fight: each ally character in fight gets +1 combat until end of fight",
    ),
)
