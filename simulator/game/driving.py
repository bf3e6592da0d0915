"""Driving a game by names: passing on to a decision, and declaring and playing out a fight by
its cards' names, as a rule test or a designer's script does."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from avarium.simulator.engine import layout as L
from avarium.simulator.game.actions import ActionNames, IllegalActionError

# A fight's optional choices: the action that lets a named card join, by decision or side.
_SUPPORT = {
    "attacker's support": "support the attack with {}",
    "defender's support": "support the defense with {}",
}
_HELP = {"attackers": "help the attackers with {}", "defenders": "help the defenders with {}"}


class Driving(ActionNames):
    """Game's moves by names, made with its own legal_actions, step and is_terminal
    (simulator/game/api.py)."""

    def pass_until(self, seat: int | None = None, decision: str | None = None) -> None:
        """Pass until `seat` (any seat if None) must make `decision` (if None: any decision but a
        priority window); at once if that is the case now, or the game is over.

        Every decision on the way that can be declined (a priority window, a supporter, a
        helper) is passed; one that cannot (the Plan Phase, a target, a payer, damage) raises
        IllegalActionError, naming it."""
        if decision is not None and decision not in L.DECISION_NAMES:
            raise ValueError(f'no decision "{decision}"; decisions: {", ".join(L.DECISION_NAMES)}')
        if seat is not None and not 0 <= seat < self.players:
            raise ValueError(f"no seat {seat} in a {self.players}-player game")
        while not self.is_terminal() and not self._waiting_for(seat, decision):
            if L.A_PASS not in self.legal_actions():
                who = "any seat" if seat is None else f"seat {seat}"
                what = "a decision" if decision is None else f"the {decision} decision"
                raise IllegalActionError(
                    f"cannot pass on to {what} for {who}: seat {self.current_player()} must "
                    f"make the {self.decision} decision first; legal now: {self._legal_names()}"
                )
            self.step(L.A_PASS)

    def _waiting_for(self, seat: int | None, decision: str | None) -> bool:
        if seat is not None and self.current_player() != seat:
            return False
        return self.decision != "priority" if decision is None else self.decision == decision

    def fight(
        self,
        leader: str,
        target: str,
        supporters: Sequence[str] = (),
        helpers: Mapping[str, str] | None = None,
        damage: Sequence[str] = (),
    ) -> None:
        """Declare a fight led by `leader` (a card name) against `target`, and play it out with
        `play_out_fight` (the same keywords)."""
        self._play_card("fight: {} leads", leader)
        self._play_card("attack {}", target)
        self.play_out_fight(supporters, helpers, damage)

    def play_out_fight(
        self,
        supporters: Sequence[str] = (),
        helpers: Mapping[str, str] | None = None,
        damage: Sequence[str] = (),
    ) -> None:
        """Answer the current fight's decisions by card names until it is over.

        Each of `supporters` supports its own side when that side's supporter is asked for (the
        attacker's first, then the defender's); `helpers` maps a card to the side it helps
        ("attackers" or "defenders") when its player is asked; `damage` names, one point each,
        where the dealing player puts the rest of a party's damage once the target leader is
        expelled. Every priority window is passed, and so is every supporter or helper not
        named. Once the fight is over the windows after it are passed too (as `pass_until()`).
        At a decision the arguments do not answer (the target of a triggered ability, damage
        beyond `damage`) it stops and leaves it to the caller, who may call it again after.
        A supporter or helper named but never asked for, once the fight is over, raises
        IllegalActionError."""
        helpers = dict(helpers or {})
        for card, side in helpers.items():
            if side not in _HELP:
                raise ValueError(f'helper "{card}": the side is "attackers" or "defenders"')
        unused = [*supporters, *helpers]
        points = list(damage)
        while not self.is_terminal() and self.in_fight:
            decision = self.decision
            if decision == "priority":
                self.step(L.A_PASS)
            elif decision in _SUPPORT:
                self._join([(_SUPPORT[decision], c) for c in unused if c in supporters], unused)
            elif decision == "helper":
                self._join([(_HELP[helpers[c]], c) for c in unused if c in helpers], unused)
            elif decision == "damage" and points:
                self._play_card("1 damage to {}", points.pop(0))
            else:
                return  # a decision the arguments do not answer: the caller's
        self.pass_until()
        if unused:
            raise IllegalActionError(f"never asked to join the fight: {', '.join(unused)}")

    def _join(self, offers: list[tuple[str, str]], unused: list[str]) -> None:
        """The first offered card that may join now joins (and is used up); else pass."""
        for template, card in offers:
            action = self._legal_named(template, card)
            if action is not None:
                unused.remove(card)
                self.step(action)
                return
        self.step(L.A_PASS)

    def _play_card(self, template: str, card: str) -> None:
        """Play the legal action `template` names with the card `card` names."""
        action = self._legal_named(template, card)
        if action is None:
            raise IllegalActionError(
                f'no legal action "{template.format(card)}" now ({self.decision} decision for '
                f"seat {self.current_player()}); legal now: {self._legal_names()}"
            )
        self.step(action)

    def _legal_named(self, template: str, card: str) -> int | None:
        """The legal action named `template` with a card whose name `card` is (or is part of,
        or is the id of): None if none is; an error if several are."""
        prefix, _, suffix = template.partition("{}")
        want = _words(card)
        try:
            full = _words(self.cards.find(card).name)
        except LookupError:
            full = want
        hits = []
        for a in self.legal_actions():
            name = self.action_name(a)
            if not (name.startswith(prefix) and name.endswith(suffix)):
                continue
            label = _words(name[len(prefix) : len(name) - len(suffix)])
            if want == label or want in label or full == label.split(" #")[0]:
                hits.append(a)
        if len(hits) > 1:
            raise IllegalActionError(
                f'"{template.format(card)}" could mean any of '
                + "; ".join(self.action_name(a) for a in hits)
            )
        return hits[0] if hits else None

    def _legal_names(self) -> str:
        return "; ".join(self.action_name(a) for a in self.legal_actions())


def _words(name: str) -> str:
    """A card name as comparable words: "Back-Alley Brawler", "back_alley brawler" -> the same."""
    return " ".join(re.sub(r"[^a-z0-9#]+", " ", name.lower()).split())
