"""Readable positions: put named cards into named zones, so a rule test is a few lines.

Text form (one line per part; `|` separates the parts of a line, a line starting with `|`
continues the one before, `#` starts a comment line):

    turn 5 | active p0 | phase plan
    p0: idol touka(exhausted) | merit 12 | rep 4
        | class record_o_matic(exhausted), cheer captain(attacked, +1 combat)
        | hand pep rally | hallway benchwarmer
    p1: idol raj | merit 9 | class goalkeeper
    courtyard: track ace, pep squad rookie
    school: top card first, ...
    library: top card first, ...
    expelled: ...
    trash: ...

Cards are named by id or any unambiguous part of their name; a card named twice takes a second
copy (there must be one). A card in a Class, or an Idol, may carry a status in brackets:
`exhausted`, `attacked` (an Attack Token), `+N combat`, `-N combat`, and for Students `+N
defense`, `-N defense` (until end of turn; an Idol has no Defense).

Merit is 1 to 32,767, Reputation 0 to 32,767, the turn 1 to the rules' safety cap (max_turns),
and a card's changes of Combat (or of Defense) add up to -32,767 .. +32,767 (MAX_NUMBER).

Every card is dealt once. The Courtyard holds the Students named on its line, and is filled up
to 6 from the Students named nowhere, shuffled (never from the School's named cards: a card on
the `school:` line is on top of the School). The School is its named cards, top first, then
every other Student named nowhere, shuffled; the Library likewise with Schemes. A short deck is
`school: only a, b` (exactly these, top first: the Students named nowhere stay out of the game),
an empty one `school: empty` (`library:` alike). If too few Students are left to fill the
Courtyard, the School fills the rest from its top, as a refill in play would.

The turn: seats take turns from p0 in seat order, so turn N belongs to seat (N - 1) mod players,
and seat p starts its k-th turn on turn p + 1 + (k - 1) * players. `first` on the active seat
means this turn is its first (no fights, no Start Phase steps 1-2); on another seat, that it has
not had a turn yet. The active seat must be marked `first` exactly when the turn is its first
(a ScenarioError otherwise); another seat's turns follow from the turn number. Without `turn`,
the turn is the active seat's first if it is marked `first`, else its second; without
`active`, the active seat is the one whose turn it is (p0 if neither is given). `phase` is
`plan` (the active player's Plan Phase, the default), `start` (the beginning of the active
player's turn) or `end` (the active player ends the turn).

The same position as a dict (what `parse` returns): {"turn": 5, "active": 0, "phase": "plan",
"players": [{"idol": "touka(exhausted)", "merit": 12, "rep": 4, "first": False,
"class": ["record_o_matic(exhausted)"], "hand": [...], "hallway": [...]}, ...],
"courtyard": [...], "school": [...], "school_only": False, "library": [...],
"library_only": False, "expelled": [...], "trash": [...]}. `school_only: True` is the short
deck (with an empty list: the empty School). A player's "idol_status": ["exhausted"] is the
same as the status in brackets.
"""

from avarium.simulator.game.scenario.build import scenario
from avarium.simulator.game.scenario.errors import MAX_NUMBER, ScenarioError
from avarium.simulator.game.scenario.text import parse
from avarium.simulator.game.scenario.turn import turns_taken

__all__ = ["MAX_NUMBER", "ScenarioError", "parse", "scenario", "turns_taken"]
