"""Naming a game's actions: "recruit Record-O-Matic", "fight: TOUKA leads", "pass", and the
error an action that is not legal raises."""

from __future__ import annotations

from avarium.simulator.cards.describe import canonical
from avarium.simulator.engine import layout as L
from avarium.simulator.engine.tables import H_AB_SLOTS
from avarium.simulator.game.position import Position


class IllegalActionError(ValueError):
    """An action that is not legal in the current decision."""


class ActionNames(Position):
    """The readable name of every action of the decision on (Game's names for its actions)."""

    def offsets(self) -> dict[str, int]:
        return L.action_offsets(self.n_cards, int(self.tables[-1, H_AB_SLOTS]))

    def action_name(self, action: int) -> str:
        """A readable name: "recruit Record-O-Matic", "fight: TOUKA leads", "pass", ..."""
        o = self.offsets()
        if action == L.A_PASS:
            return "pass"
        if action == L.A_END_TURN:
            return "end turn"
        if not 0 <= action < o["total"]:
            return f"action {action} (out of range)"
        dec = int(self.state[L.G_DEC])
        if action >= o["activate"]:
            k = action - o["activate"]
            slots = int(self.tables[-1, H_AB_SLOTS])
            c, a = divmod(k, slots)
            card = self.definition(c)
            text = canonical(card.parsed[a]) if a < len(card.parsed) else f"ability {a + 1}"
            return f"activate {self.card_name(c)}: {text}"
        if action >= o["trigger"]:
            t = action - o["trigger"]
            c = int(self.state[L.ROW_TRIG + t, L.TR_CARD])
            return f"put {self.card_name(c)}'s ability on the stack next"
        if action >= o["player"]:
            q = action - o["player"]
            return f"target player {q} ({self.idol_name(q)})"
        for key in ("help_defend", "choose", "fight", "scheme_exhaust", "scheme_rep", "recruit"):
            if action >= o[key]:
                return self._card_action_name(key, action - o[key], dec)
        return f"action {action}"

    def _card_action_name(self, key: str, c: int, dec: int) -> str:
        name = self.card_name(c)
        if key == "recruit":
            return f"recruit {name}"
        if key == "scheme_rep":
            return f"play {name} paying Reputation"
        if key == "scheme_exhaust":
            return f"play {name} exhausting a Student"
        if key == "fight":
            return f"fight: {name} leads"
        if key == "help_defend":
            return f"help the defenders with {name}"
        verbs = {
            L.D_PAYER: "pay by exhausting",
            L.D_TRASH_COST: "trash",
            L.D_HAND_LIMIT: "trash",
            L.D_EFFECT_TRASH: "trash",
            L.D_TARGET: "target",
            L.D_FIGHT_TARGET: "attack",
            L.D_SUPPORT_ATT: "support the attack with",
            L.D_SUPPORT_DEF: "support the defense with",
            L.D_HELPER: "help the attackers with",
            L.D_DAMAGE: "1 damage to",
            L.D_CLASS_LIMIT: "expel",
        }
        return f"{verbs.get(dec, 'choose')} {name}"
