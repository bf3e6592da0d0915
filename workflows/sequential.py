"""The sequential comparison (`avarium compare --sequential`, `avarium.compare(...)`): play A
and B round by round on the same deals (OUT/a, OUT/b) until a sequential test
(analysis/sequential.py) has decided, for every Idol, "changed" or "unchanged by as much as
delta"; write OUT/sequential.json. The two experiments come from workflows/sides.py."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from avarium.workflows.progress import SILENT, Progress

# What a sequential comparison writes in its out directory (and may rewrite when run again).
OURS = ("a", "b", "sequential.json")


class SequentialError(ValueError):
    """A comparison that cannot be played as asked (A and B not alike, an out directory that
    holds other files): nothing was changed."""


@dataclass(frozen=True)
class CompareRequest:
    """B against A, played until decided. `a` and `b` are experiment files or run directories;
    without `b`, B is A with `sets` overrides and `patches` applied. `delta` is the change that
    matters, `alpha` the chance to call any unchanged Idol changed (over every Idol), `beta` the
    chance to call an Idol that moved by delta unchanged; `games` the cap per side and `seed`
    the deals (default: the experiments'); `out` defaults to runs/sequential-<A's name>."""

    a: Path
    b: Path | None = None
    out: Path | None = None
    sets: Sequence[str] = ()
    patches: Sequence[Path] = ()
    delta: float = 0.03
    alpha: float = 0.05
    beta: float = 0.10
    seed: int | None = None
    games: int | None = None

    def where(self) -> Path:
        """The out directory, given or the default."""
        return self.out or Path("runs") / f"sequential-{self.a.stem}"


@dataclass
class CompareResult:
    """The decisions (`facts`, as OUT/sequential.json holds them) and the last look's table."""

    facts: dict
    table: object  # pandas.DataFrame: one row per Idol, players and variant

    def as_dict(self) -> dict:
        return self.facts

    def lines(self) -> list[str]:
        return sequential_lines(self.facts)


def compare(request: CompareRequest, jobs: int = 1, progress: Progress = SILENT) -> CompareResult:
    """Play both sides until decided (or the cap). Raises ValueError for a design that means
    nothing, ExperimentError for a side that does not resolve, SequentialError for sides that
    differ or an out directory not ours, RunError and DatasetError while playing."""
    import pandas as pd
    from avarium.analysis import sequential, stopping
    from avarium.analysis.compare import paired_counts
    from avarium.analysis.dataset import load_run
    from avarium.runner.runner import RunError
    from avarium.simulator.fileio import write_atomically
    from avarium.workflows.sides import sides
    from avarium.workflows.until import run_together

    delta, alpha, beta = request.delta, request.alpha, request.beta
    sequential.check_design(delta, alpha, beta)
    pairs = (("seed", request.seed), ("games", request.games))
    overrides = {k: v for k, v in pairs if v is not None}
    exp_a, exp_b = sides(request.a, request.b, request.sets, request.patches, overrides)
    _comparable(exp_a, exp_b)
    out = request.where()
    _ours_or_new(out)
    family = sum(len(v.idols) for v in exp_a.variants)
    design = sequential.Design(delta, alpha, beta, family)
    tables: list = []

    def decide(look):
        counts = {
            label: (first, n)
            for label, first, n in zip(look.labels, look.firsts, look.games, strict=True)
        }
        ga = stopping.games_so_far(load_run(out / "a").games, counts)
        gb = stopping.games_so_far(load_run(out / "b").games, counts)
        parts = []
        for label, n in zip(look.labels, look.games, strict=True):
            pa = ga[ga["variant"].astype(str) == label]
            pb = gb[gb["variant"].astype(str) == label]
            parts.append(paired_counts(pa, pb).assign(variant=label, variant_games=n))
        now = pd.concat(parts, ignore_index=True)
        before = tables[-1] if tables else None
        table = sequential.look(now, design, before, look.round, look.last)
        tables.append(table)
        open_ = int((table["verdict"] == sequential.OPEN).sum())
        if sequential.decided(table):
            return True, f"every Idol decided ({len(table)} compared)"
        return False, f"{open_} of {len(table)} Idols not yet decided"

    with progress.games() as bar:
        until = run_together(
            [(exp_a, out / "a"), (exp_b, out / "b")], decide, "sequential compare",
            jobs, on_progress=bar,
        )  # fmt: skip
    table = tables[-1]
    need = pd.Series(sequential.fixed_pairs(table, design), index=table.index)
    facts = {
        "design": design.as_dict(),
        "stopped": until.stopped,
        "round": until.look.round,
        "rounds": until.look.rounds,
        "games_per_side": until.look.total,
        "cap_per_side": until.look.cap,
        "fixed_size_games_per_side": stopping.fixed_size_games(need, table),
        "fixed_size_sized_from": "the variance of the paired differences observed",
        "idols": [
            {
                k: (v.item() if hasattr(v, "item") else v)
                for k, v in row.items()
                if k not in ("variant_games",)
            }
            for row in table.to_dict("records")
        ],
        "out": str(out),
        "runs": [str(out / "a"), str(out / "b")],
    }
    try:
        write_atomically(out / "sequential.json", json.dumps(facts, indent=2, default=str) + "\n")
    except OSError as exc:
        raise RunError(f"cannot write {out / 'sequential.json'}: {exc.strerror or exc}") from None
    return CompareResult(facts, table)


def _comparable(a, b) -> None:
    from avarium.analysis.same_games import MAY_DIFFER, experiment_differences

    found = experiment_differences(a.to_dict(), b.to_dict())
    if found:
        raise SequentialError(
            f"A and B differ in {'; '.join(found)}: a comparison plays the same bots, players, "
            f"Idol pool and seating, and only {MAY_DIFFER} may differ"
        )


def _ours_or_new(out: Path) -> None:
    """Refuse an out directory that holds anything but an earlier comparison's own files (which
    a rerun resumes and rewrites): nothing already there is overwritten."""
    if not out.exists():
        return
    if not out.is_dir():
        raise SequentialError(f"out: {out} is a file; choose a new or empty directory")
    foreign = sorted(p.name for p in out.iterdir() if p.name not in OURS)
    if not foreign and (out / "sequential.json").exists() and not (out / "a").is_dir():
        foreign = ["sequential.json"]  # not written beside its runs: somebody else's
    if foreign:
        raise SequentialError(
            f"out: {out} holds {', '.join(foreign[:5])}, which no sequential comparison "
            "wrote; nothing was changed. Choose a new or empty directory"
        )


def sequential_lines(facts: dict) -> list[str]:
    """The decisions as the command prints them."""
    d = facts["design"]
    lines = [
        f"sequential paired comparison, B against A on the same deals ({d['method']}):",
        f"  H0 no change of an Idol's win rate; H1 a change of delta = {100 * d['delta']:g} "
        f"points; alpha = {100 * d['alpha']:g}% over {d['family']} Idol rate(s) (Bonferroni: "
        f"{100 * d['alpha_each']:.3g}% each, two-sided); beta = {100 * d['beta']:g}% per Idol",
        f"  boundaries per side: changed at LLR >= {d['llr_changed']:.2f}, no change of delta "
        f"at LLR <= {d['llr_unchanged']:.2f}",
    ]
    if facts["stopped"]:
        lines.append(
            f"stopped after round {facts['round']} of {facts['rounds']}, at "
            f"{facts['games_per_side']:,} games per side (cap {facts['cap_per_side']:,}): "
            "every Idol decided"
        )
    else:
        lines.append(
            f"reached the cap of {facts['cap_per_side']:,} games per side (`max_games`) with some "
            "Idols undecided"
        )
    for r in facts["idols"]:
        what = {
            "changed": f"changed {r['direction']}",
            "unchanged": f"unchanged by as much as {100 * d['delta']:g} points",
        }.get(r["verdict"], r["verdict"])
        when = (
            f" (decided at round {r['decided_round']}, {r['decided_pairs']:,} pairs)"
            if r["decided_round"]
            else ""
        )
        lines.append(
            f"  {r['idol']}, {r['players']} players, {r['variant']}: {what}: "
            f"{100 * r['diff']:+.1f} points over {r['games']:,} pairs{when}"
        )
    lines.append(
        f"a fixed-size paired comparison with the same alpha, beta and delta: "
        f"{facts['fixed_size_games_per_side']:,} games per side (sized from "
        f"{facts['fixed_size_sized_from']}); this one used {facts['games_per_side']:,}"
    )
    lines.append(f"runs: {facts['runs'][0]} and {facts['runs'][1]}; {facts['out']}/sequential.json")
    return lines
