"""The balance search: which changes, within the allowed ranges, bring every Idol inside the
band at the least cost (analysis/balance.py's objective, which the caller passes in).

How the games are spent:
- common random numbers: every candidate plays the same deals and seatings (balance_play);
- racing by successive halving: each generation, up to half the candidates are one step from
  the leader on one field (a local search) and the rest are proposed by optuna's TPE sampler
  (a global one); all play the first rung of games, the best third (and only those still in
  contention with the leader on the same games, allowing for their noise) play on to the next rung,
  and so on to the top rung, where candidates are compared on the same, largest set of games;
- the starting set plays rung by rung up to the top rung first (so that newcomers can be
  compared with it on the games of any rung): it is the baseline, and when the flag test shows
  no Idol outside the band the search stops there ("no change needed");
- the final: the few best at the top rung play deals that no candidate has played (the next
  games of the same seed; more of them than the top rung, to measure every Idol to under a
  point), and the recommendation is the best on those alone. A winner picked among hundreds on
  the games it was picked on is flattered by them (the winner's curse; docs/balance.md, "The
  final and the margin", measures it); picked among three on fresh deals, far less. The
  final's games are set aside from a games budget before any generation is played.

Why optuna: its TPE sampler handles integer and listed values, models which regions scored
well, is seeded, and is kept up by a large project; the racing is ours, because optuna's
pruners decide trial by trial as they report, which would make the games played depend on the
order in which workers finish.

Reproducible: with a budget in games, the same settings and seed give the same candidates and
the same recommendation whatever the number of workers. Resumable: every step's counts are
appended to a journal (`evaluations.jsonl`) as soon as played; a rerun replays the search,
reading from the journal every step it already played. A budget in minutes stops where the
clock says, so only that mode depends on the machine.
"""

from __future__ import annotations

import itertools
import math
import random
import time
import warnings
from collections.abc import Callable

from avarium.workflows.balance.candidates import (
    ETA,
    Budget,
    Candidate,
    Journal,
    Progress,
    Result,
)
from avarium.workflows.balance.conditions import Conditions
from avarium.workflows.balance.play import Counts, Step, Table
from avarium.workflows.balance.space import Space

PER_GENERATION = 9
# A candidate stays in contention while its guide, less this many standard errors of its
# objective (the worst Idol's rate's, grown by the other Idols the objective adds: Score.noise),
# is below the leader's: a 1-in-40 chance of dropping a truly better one.
CONTENTION_Z = 2.0
# The most of a budget, in games or on the clock, that the final may take.
FINAL_SHARE = 0.25
# Proposals already tried, in a row, before the rest of a generation is drawn at random among
# the untried candidates (TPE has settled; the budget is better spent looking elsewhere).
MAX_REPEATS = 20


class Search:
    """One search; `score(counts, fields, steps)` is the objective (analysis/balance.py),
    `settled(counts)` says whether the starting set needs no change."""

    def __init__(
        self,
        space: Space,
        table: Table | Conditions,
        start_bonus: tuple[int, ...],
        score: Callable,
        settled: Callable[[Counts], bool],
        journal: Journal,
        rungs: tuple[int, ...],
        seed: int = 0,
        per_generation: int = PER_GENERATION,
        finalists: int = 0,
        final_games: int | None = None,  # each finalist's games in the final (the top rung's)
    ) -> None:
        self.space, self.table, self.start_bonus = space, table, start_bonus
        self.score, self.settled, self.journal = score, settled, journal
        self.rungs, self.seed, self.per_generation = rungs, seed, per_generation
        self.finalists = finalists
        self.final_games = final_games or rungs[-1]
        self.candidates: list[Candidate] = []
        self.spent = 0
        self.played = 0  # games played by this run (not read back from the journal): its pace
        self.start: Candidate | None = None

    # -- playing --------------------------------------------------------------------------------

    def _step(self, c: Candidate, rung: int) -> Step:
        start = 0 if c.rung < 0 else self.rungs[c.rung]
        return self._games(c, start, self.rungs[rung])

    def _games(self, c: Candidate, start: int, stop: int) -> Step:
        """`c` played on games start to stop of the search's seed."""
        from avarium.simulator.cards.numbers import set_expressions

        card = self.space.card_changes(c.values)
        bonus = self.space.bonus(c.values, self.start_bonus)
        return Step(c.label, tuple(set_expressions(card)), bonus, start, stop)

    def _play_steps(self, steps: list[Step], on_games) -> None:
        """Play the steps the journal does not hold, and journal them."""
        todo = [s for s in steps if self.journal.get(s) is None]
        for s, counts in zip(todo, self.table.play(todo, on_games), strict=True):
            self.journal.add(s, counts)
            self.played += self.table.games(s.start, s.stop)

    def _play(self, group: list[Candidate], rung: int, on_games) -> None:
        steps = [self._step(c, rung) for c in group]
        self._play_steps(steps, on_games)
        for c, s in zip(group, steps, strict=True):
            got = self.journal.get(s)
            c.counts = got if c.counts is None else c.counts + got
            c.rung = rung
            c.at_rung[rung] = c.counts
            self.spent += self.table.games(s.start, s.stop)
            score = self.score(c.counts, c.fields, c.steps, self._start_at(rung))
            c.objective, c.distance, c.cost = score.objective, score.distance, score.cost
            c.aim_distance = score.aim_distance
            c.guide, c.noise = score.guide, score.noise
            c.history.append((rung, c.counts.games, c.objective))

    def _new(self, values: tuple[int, ...], generation: int) -> Candidate:
        changes = self.space.changes(values)
        c = Candidate(len(self.candidates), values, self.space.label(values), generation)
        c.fields = len(changes)
        c.steps = sum(a.steps(v) for a, v in changes)
        self.candidates.append(c)
        return c

    # -- the search -----------------------------------------------------------------------------

    def _sampler(self):
        import optuna

        optuna.logging.set_verbosity(optuna.logging.WARNING)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # multivariate TPE is marked experimental
            sampler = optuna.samplers.TPESampler(
                seed=self.seed, multivariate=True, n_startup_trials=self.per_generation
            )
        return optuna.create_study(direction="minimize", sampler=sampler)

    def _distributions(self) -> dict:
        from optuna.distributions import CategoricalDistribution, IntDistribution

        out = {}
        for a in self.space.axes:
            if list(a.values) == list(range(a.values[0], a.values[-1] + 1, a.step)):
                out[a.name] = IntDistribution(a.values[0], a.values[-1], step=a.step)
            else:
                out[a.name] = CategoricalDistribution(list(a.values))
        return out

    def _guide_at(self, c: Candidate, rung: int) -> float:
        """`c`'s guide on the games of `rung` only: the leader measured on the very games a
        newcomer has played (common random numbers), so that a newcomer is not judged against
        a leader measured on many more games (the max over Idols of a few noisy rates is
        biased up, and would drop a newcomer as good as the leader)."""
        return self.score(c.at_rung[rung], c.fields, c.steps, self._start_at(rung)).guide

    def _start_at(self, rung: int):
        """The starting set's counts on the games of `rung` (a candidate's there are on the
        same games), against which the objective measures the Idols the search cannot aim
        at. The start plays every rung before any candidate does."""
        return self.start.at_rung.get(rung) if self.start is not None else None

    def _se(self, c: Candidate) -> float:
        """The standard error of the objective, roughly: a rate's is at most 0.5 / sqrt(fewest
        games), and the objective adds the worst rate's and a weighted share of every other
        Idol's outside the aim (Score.noise)."""
        fewest = c.counts.fewest_idol_games() if c.counts else 1
        return c.noise * 0.5 / math.sqrt(max(fewest, 1))

    def _inside(self, values: tuple[int, ...]) -> tuple[int, ...]:
        """`values` with every value outside its axis's range (a start outside it) moved to
        the nearest allowed value."""
        return tuple(
            v if v in a.values else min(a.values, key=lambda x, s=v: (abs(x - s), x))
            for a, v in zip(self.space.axes, values, strict=True)
        )

    def _neighbours(self, c: Candidate, tried: dict, rng: random.Random) -> list[tuple[int, ...]]:
        """The untried candidates one step from `c` on one axis, in a seeded random order: a
        local search around the leader beside TPE's global one (each Idol's rate hangs mostly
        on its own card, so one step at a time walks the Idols into the band). A leader with
        values outside the ranges (the start) is first moved inside them, and that is tried
        first: every candidate the search plays is within the ranges it was given."""
        base = self._inside(c.values)
        first = [base] if base not in tried else []
        out = []
        for i, a in enumerate(self.space.axes):
            at = a.values.index(base[i])
            for v in [a.values[j] for j in (at - 1, at + 1) if 0 <= j < len(a.values)]:
                values = (*base[:i], v, *base[i + 1 :])
                if values not in tried:
                    out.append(values)
        rng.shuffle(out)
        return first + out

    def _untried(self, tried: dict, rng: random.Random) -> tuple[int, ...]:
        """A candidate not yet tried, uniformly at random (seeded: the same every run)."""
        if self.space.size <= 100_000:
            grid = itertools.product(*(a.values for a in self.space.axes))
            return rng.choice([v for v in grid if v not in tried])
        while True:
            values = tuple(rng.choice(a.values) for a in self.space.axes)
            if values not in tried:
                return values

    def _told(self, c: Candidate, distributions: dict):
        import optuna

        params = {a.name: v for a, v in zip(self.space.axes, c.values, strict=True)}
        return optuna.trial.create_trial(params=params, distributions=distributions, value=c.guide)

    def run(
        self,
        budget: Budget,
        on_progress: Callable[[Progress], None] | None = None,
        on_games: Callable[[int], None] | None = None,
    ) -> Result:
        started = time.monotonic()
        top = len(self.rungs) - 1
        final = budget  # the final's share is set aside before any game is played
        if budget.games is not None:
            first = self.rungs[top]
            reserve = self.finalists * self.table.games(first, first + self.final_games)
            budget = Budget(max(budget.games - reserve, 0), budget.seconds)
        elif budget.seconds is not None and self.finalists:
            budget = Budget(None, budget.seconds * (1 - FINAL_SHARE))
        start = self.start = self._new(self.space.start, 0)
        for rung in range(top + 1):  # rung by rung: the leader's counts at every rung
            self._play([start], rung, on_games)
        best = leader = start  # best by the objective; leader by the guide, which steers

        def report() -> None:
            if on_progress is not None:
                on_progress(Progress(self.spent, budget.games, best, len(self.candidates)))

        report()
        if self.settled(start.counts):
            return Result(start, start, self.candidates, self.rungs, self.spent, True, False)
        study = self._sampler()
        distributions = self._distributions()
        tried = {start.values: start}
        if all(v in a.values for a, v in zip(self.space.axes, start.values, strict=True)):
            study.add_trial(self._told(start, distributions))
        exhausted, generation = False, 0
        rng = random.Random(self.seed)
        while not exhausted:
            generation += 1
            fresh, trials, repeats = [], [], 0
            for values in self._neighbours(leader, tried, rng)[: self.per_generation // 2]:
                tried[values] = self._new(values, generation)
                fresh.append(tried[values])
                trials.append(None)
            while len(fresh) < self.per_generation and len(tried) < self.space.size:
                if repeats < MAX_REPEATS:
                    trial = study.ask(distributions)
                    values = tuple(int(trial.params[a.name]) for a in self.space.axes)
                    if values in tried:  # told what is known: TPE learns, no game played
                        study.tell(trial, tried[values].guide)
                        repeats += 1
                        continue
                else:  # TPE keeps proposing what was tried: an untried candidate at random
                    trial, values = None, self._untried(tried, rng)
                tried[values] = self._new(values, generation)
                fresh.append(tried[values])
                trials.append(trial)
            exhausted = len(tried) >= self.space.size
            if not fresh:
                break
            cost = len(fresh) * self.table.games(0, self.rungs[0])
            if not budget.allows(self.spent, cost, started):
                for c, trial in zip(fresh, trials, strict=True):
                    if trial is not None:
                        study.tell(trial, state=optuna_failed())
                    self.candidates.remove(c)
                    del tried[c.values]
                break
            self._play(fresh, 0, on_games)
            pool = fresh
            for rung in range(1, top + 1):
                ranked = sorted(pool, key=lambda c: (c.guide, c.number))
                keep = ranked[: math.ceil(len(ranked) / ETA)]
                keep = [
                    c
                    for c in keep
                    if c.guide - CONTENTION_Z * self._se(c) < self._guide_at(leader, c.rung)
                ]
                more = sum(self.table.games(self.rungs[c.rung], self.rungs[rung]) for c in keep)
                if not keep or not budget.allows(self.spent, more, started):
                    break
                self._play(keep, rung, on_games)
                pool = keep
            for c, trial in zip(fresh, trials, strict=True):
                if trial is None:
                    study.add_trial(self._told(c, distributions))
                else:
                    study.tell(trial, c.guide)
            at_top = [c for c in self.candidates if c.rung == top]
            best = min(at_top, key=lambda c: (c.objective, c.guide, c.number))
            leader = min(at_top, key=lambda c: (c.guide, c.number))
            report()
        finalists = self._final(final, on_games, started)
        if finalists:
            best = finalists[0]
            report()
        return Result(
            start, best, self.candidates, self.rungs, self.spent, False, exhausted, finalists
        )

    def _final(self, budget: Budget, on_games, started: float) -> list[Candidate]:
        """The best `finalists` of the top rung by the objective, each played on the
        `final_games` games of the seed that follow the top rung (deals no candidate has
        played: the rungs stop at the top one) and ranked by the objective on those games
        alone. With a budget in minutes, on as many of them as fit in the clock's last quarter
        at the pace so far; none when not even the top rung's would."""
        top = len(self.rungs) - 1
        ranked = sorted(
            (c for c in self.candidates if c.rung == top),
            key=lambda c: (c.objective, c.guide, c.number),
        )[: self.finalists]
        first, size = self.rungs[top], self.final_games
        if ranked and budget.seconds is not None:
            left = budget.seconds - (time.monotonic() - started)
            size = self._fitting(size, left, started, len(ranked))
        steps = [self._games(c, first, first + size) for c in ranked]
        more = sum(self.table.games(s.start, s.stop) for s in steps)
        over = budget.games is not None and self.spent + more > budget.games
        if not ranked or size < first or over:
            return []
        self._play_steps(steps, on_games)
        for c, s in zip(ranked, steps, strict=True):
            c.final = self.journal.get(s)
        # The start's counts on the final's games when it is a finalist, else on the top rung's.
        start = self.start.final if self.start.final is not None else self._start_at(top)
        for c, s in zip(ranked, steps, strict=True):
            c.final_score = self.score(c.final, c.fields, c.steps, start)
            self.spent += self.table.games(s.start, s.stop)

        # On a tie, the set nearer the aim: its objective is more cost and less distance, and
        # the search's own objective, the next key, is the one that flattered it.
        def placed(c: Candidate) -> tuple:
            return (c.final_score.objective, c.final_score.aim_distance, c.objective, c.number)

        return sorted(ranked, key=placed)

    def _fitting(self, size: int, seconds_left: float, started: float, finalists: int) -> int:
        """The most games per finalist, up to `size` and in whole first rungs (whole rounds
        of the seating), that `finalists` can play in `seconds_left` at this run's pace."""
        elapsed = time.monotonic() - started
        if self.played == 0 or elapsed <= 0:
            return size  # all read back from the journal: no pace to go by
        first = self.rungs[-1]
        per_game = self.table.games(first, first + size) / size  # every condition's games
        fit = self.played / elapsed * max(seconds_left, 0.0) / finalists / per_game
        return min(size, int(fit // self.rungs[0]) * self.rungs[0])


def optuna_failed():
    """A proposal the budget did not allow playing: told to optuna as failed (not scored)."""
    import optuna

    return optuna.trial.TrialState.FAIL
