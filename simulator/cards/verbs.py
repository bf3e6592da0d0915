"""The verbs of the ability language, one Word each: what an effect does (registry.VERBS).

Adding a verb: one `Word` here (with its grammar shape and an example line), its parse rule in
`parser.py` (keyed by the same keyword), its engine kernel, and a test.
"""

from __future__ import annotations

from avarium.simulator.cards.word import Word
from avarium.simulator.constants import (
    Op,
)

VERBS = (
    Word(
        "gain",
        Op.GAIN,
        "a player gains Merit or Reputation",
        "on join: gain 2 rep",
        aliases=("gains",),
        shape="[PLAYER] gain AMOUNT merit|rep",
        english="gain",
    ),
    Word(
        "lose",
        Op.LOSE,
        "a player loses Merit or Reputation (never below 0)",
        "play: each enemy loses 2 rep",
        aliases=("loses",),
        shape="[PLAYER] lose AMOUNT merit|rep",
        english="lose",
    ),
    Word(
        "steal",
        Op.STEAL,
        "take Merit or Reputation from a player: they lose it, you gain what they lost",
        "play: steal 2 rep from target enemy",
        aliases=("steals",),
        shape="steal AMOUNT merit|rep from PLAYER",
        english="steal",
    ),
    Word(
        "draw",
        Op.DRAW,
        "a player draws Schemes from the top of the Library",
        "on join: draw 1",
        aliases=("draws",),
        shape="[PLAYER] draw AMOUNT",
        english="draw",
    ),
    Word(
        "trash",
        Op.TRASH,
        "a player trashes Schemes of their choice from their hand",
        "play: target enemy trashes 1 scheme",
        aliases=("trashes",),
        shape="[PLAYER] trash AMOUNT scheme(s)",
        english="trash",
    ),
    Word(
        "deal",
        Op.DAMAGE,
        "non-fight damage to Students (Defense reached: expelled, else exhausted) "
        "or Idols (Merit loss)",
        "2 rep, EXHAUST: deal 2 damage to target enemy student",
        aliases=("deals",),
        shape="deal AMOUNT damage to CARDS",
        english="deal",
    ),
    Word(
        "exhaust",
        Op.EXHAUST,
        "exhaust ready Idols or Students",
        "play: exhaust target enemy student",
        aliases=("exhausts",),
        shape="exhaust CARDS",
        english="exhaust",
    ),
    Word(
        "ready",
        Op.READY,
        "ready exhausted Idols or Students",
        "play: ready each ally student",
        aliases=("readies",),
        shape="ready CARDS",
        english="ready",
    ),
    Word(
        "expel",
        Op.EXPEL,
        "expel Students to the Expel Pile",
        "play: expel target enemy student cost <= 2",
        aliases=("expels",),
        shape="expel CARDS",
        english="expel",
    ),
    Word(
        "gets",
        Op.MODIFY,
        "change Combat and/or Defense; a duration is required except under 'while in class'",
        "play: target ally character gets +2 combat, +1 defense until end of turn",
        aliases=("get",),
        shape="CARDS gets +N combat[, -N defense] [DURATION]",
        english="get",
    ),
    Word(
        "recruit",
        Op.RECRUIT,
        "recruit a Student from the Courtyard into your Hallway, for free or at a discount",
        "play: recruit target courtyard student cost <= 3 for free",
        aliases=("recruits",),
        shape="recruit CARDS [for free | for N less]",
        english="recruit",
    ),
    Word(
        "return",
        Op.RETURN,
        "move Students to the Courtyard, the bottom of the School, or from the Expel Pile "
        "to your Class",
        "play: return target expelled student to your class",
        aliases=("returns",),
        shape="return CARDS DESTINATION",
        english="return",
    ),
    Word(
        "take",
        Op.TAKE,
        "move an enemy Student into your Class (it joins ready)",
        "play: take target enemy student cost <= 2",
        aliases=("takes",),
        shape="take CARDS",
        english="take",
    ),
    Word(
        "remove attack token from",
        Op.REMOVE_TOKEN,
        "remove the Attack Token, so the card may attack again this turn",
        "1 rep: remove attack token from this",
        aliases=("remove attack tokens from",),
        shape="remove attack token from CARDS",
        english="remove the Attack Token from",
    ),
    Word(
        "prevent",
        Op.PREVENT,
        "prevent the next N damage (fight or not) to cards; a duration is required",
        "play, in a fight: prevent 3 damage to target ally student until end of fight",
        aliases=("prevents",),
        shape="prevent AMOUNT damage to CARDS DURATION",
        english="prevent",
    ),
    Word(
        "cancel",
        Op.CANCEL,
        "cancel a Scheme waiting to resolve: it does nothing and is trashed (Surprises only)",
        "play: cancel target scheme",
        shape="cancel target scheme",
        english="cancel",
    ),
    Word(
        "reduce",
        Op.DISCOUNT,
        "your recruits or Reputation-paid Schemes cost N less (never below 0)",
        "while in class: reduce recruit cost by 1",
        aliases=("reduces",),
        shape="reduce recruit|scheme cost by N [DURATION]",
        english="reduce",
    ),
)
