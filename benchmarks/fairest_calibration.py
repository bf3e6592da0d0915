"""Is tune-bonus's "probability fairest" calibrated? Planted truths, stated against true.

    .venv/bin/python benchmarks/fairest_calibration.py [--experiments 200] [--deals 1000]
        [--draws 500] [--only NAME] [--method bootstrap|eb|eb-posterior]

For each setting, draws experiments of shared deals from known bonus curves (the seat rates
are softmax(seat edges + a point's worth x bonus), analysis.synthetic.shared_deal_outcomes),
runs analysis.sweeps.fairest on each, and prints the chosen vector's stated probability
(`prob_best`), averaged, against the share of experiments in which it truly is the fairest.
Calibrated means the two agree within 5 points (issue 14). The settings:

- fixed2: two players, the first seat 0.36 log-odds up, a point worth 0.16, bonus 0 to 4
  (tests/analysis/test_sweeps.py's fixed curve);
- random2: two players, edge uniform on 0-0.35 and a point's worth on 0.03-0.15, per experiment;
- fixed3: three players, edges 0.30, 0.15, 0, a point worth 0.16, the 10 vectors up to 3;
- random3: three players, sorted edges uniform on 0-0.35, a point's worth on 0.03-0.15, per
  experiment, the 10 vectors up to 3;
- random3-max2: the same with the 6 vectors up to 2;
- fixed2-anywhere, fixed3-anywhere: fixed2's and fixed3's curves with the fair point moved, per
  experiment, anywhere within half a step of bonus (0.08 log-odds, a point being worth 0.16) of
  where they put it: the same vectors and spacing, the fair point's place in its vector's cell
  unknown. fixed3 puts it at the centre of its vector's cell (that vector 0.3 points off fair,
  the next 3.1), fixed2 near it (1.0, the next 3.0).

`--method` states the probability another way, for comparison (tune-bonus uses `bootstrap`):
`eb` and `eb-posterior` are empirical-Bayes posteriors of the vectors' true gaps (a normal prior
with the measured gaps' mean and their between-vector spread less the paired noise, the deal
bootstrap's covariance as the noise); `eb` keeps the bootstrap's deviations around the
posterior means, `eb-posterior` draws from the posterior itself (its smaller covariance).
benchmarks/fairest_oracle.py gives exact posteriors, which no run could compute.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from avarium.analysis.deals import bootstrap_rates  # noqa: E402
from avarium.analysis.sweeps import fairest  # noqa: E402
from avarium.analysis.synthetic import shared_deal_outcomes  # noqa: E402
from avarium.simulator.run.variants import bonus_vectors  # noqa: E402


def true_gaps(effects) -> np.ndarray:
    e = np.exp(np.asarray(effects, dtype=float))
    rates = e / e.sum(axis=1, keepdims=True)
    return np.abs(rates - 1 / rates.shape[1]).max(axis=1)


def curve(edges, worth: float, vectors) -> list[tuple[float, ...]]:
    return [tuple(e + worth * b for e, b in zip(edges, v, strict=True)) for v in vectors]


def settings(n: int) -> dict[str, tuple[list, int]]:
    """Each setting's truths and the seed of its experiments."""
    two = bonus_vectors(2, 4)
    rng = np.random.default_rng(1)
    random2 = [
        curve((edge, 0.0), worth, two)
        for edge, worth in zip(rng.uniform(0, 0.35, n), rng.uniform(0.03, 0.15, n), strict=True)
    ]

    def random3(max_bonus: int, seed: int) -> list:
        rng = np.random.default_rng(seed)
        vectors = bonus_vectors(3, max_bonus)
        return [
            curve(np.sort(rng.uniform(0, 0.35, 3))[::-1], rng.uniform(0.03, 0.15), vectors)
            for _ in range(n)
        ]

    # The fixed curves with the fair point moved anywhere in a window one step of bonus wide
    # (0.16 log-odds) around where they put it: the same vectors, the position unknown.
    rng = np.random.default_rng(6)
    anywhere2 = [curve((0.36 + rng.uniform(-0.08, 0.08), 0.0), 0.16, two) for _ in range(n)]
    three = bonus_vectors(3, 3)
    anywhere3 = [
        curve((0.30 + rng.uniform(-0.08, 0.08), 0.15 + rng.uniform(-0.08, 0.08), 0.0), 0.16, three)
        for _ in range(n)
    ]
    return {
        "fixed2": ([curve((0.36, 0.0), 0.16, two)] * n, 5),
        "random2": (random2, 2),
        "fixed3": ([curve((0.30, 0.15, 0.0), 0.16, bonus_vectors(3, 3))] * n, 5),
        "random3": (random3(3, 4), 4),
        "random3-max2": (random3(2, 3), 3),
        "fixed2-anywhere": (anywhere2, 7),
        "fixed3-anywhere": (anywhere3, 8),
    }


def empirical_bayes(outcomes, fair: float, chosen: int, draws: int, seed: int, posterior: bool):
    """P(chosen is fairest) under a normal prior on the true gaps fitted from the run."""
    gaps = np.abs(outcomes.wins.mean(axis=1) - fair).max(axis=1)
    boot = np.abs(bootstrap_rates(outcomes, draws, seed) - fair).max(axis=2)
    n = len(gaps)
    noise = np.cov(boot.T) + 1e-10 * np.eye(n)
    centre = np.eye(n) - 1 / n
    spread = gaps @ centre @ gaps / (n - 1) - np.trace(centre @ noise @ centre) / (n - 1)
    prior = max(spread, 1e-8)
    precision = np.linalg.inv(noise)
    cov = np.linalg.inv(np.eye(n) / prior + precision)
    mean = cov @ (gaps.mean() / prior + precision @ gaps)
    if posterior:
        rng = np.random.default_rng(seed)
        sample = mean + rng.standard_normal((draws, n)) @ np.linalg.cholesky(cov).T
    else:
        sample = mean + boot - boot.mean(axis=0)
    return float((sample.argmin(axis=1) == chosen).mean())


def measure(
    truths: list, deals: int, draws: int, seed: int, method: str = "bootstrap"
) -> tuple[float, float]:
    rng = np.random.default_rng(seed)
    stated, right = [], []
    for e, effects in enumerate(truths):
        true = true_gaps(effects)
        outcomes = shared_deal_outcomes(effects, deals, rng)
        fair = 1 / len(effects[0])
        choice = fairest(outcomes, fair, draws=draws, seed=e)
        if method == "bootstrap":
            stated.append(choice.prob_best[choice.chosen])
        else:
            posterior = method == "eb-posterior"
            stated.append(empirical_bayes(outcomes, fair, choice.chosen, draws, e, posterior))
        right.append(choice.chosen == true.argmin())
    return float(np.mean(stated)), float(np.mean(right))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--experiments", type=int, default=200)
    parser.add_argument("--deals", type=int, default=1_000)
    parser.add_argument("--draws", type=int, default=500)
    parser.add_argument("--only", default=None)
    parser.add_argument(
        "--method", default="bootstrap", choices=["bootstrap", "eb", "eb-posterior"]
    )
    args = parser.parse_args()
    for name, (truths, seed) in settings(args.experiments).items():
        if args.only and name != args.only:
            continue
        started = time.perf_counter()
        stated, right = measure(truths, args.deals, args.draws, seed, args.method)
        print(
            f"{name}: stated {stated:.3f}, truly fairest {right:.3f} "
            f"({stated - right:+.3f}; {len(truths)} experiments, "
            f"{time.perf_counter() - started:.0f} s)",
            flush=True,
        )


if __name__ == "__main__":
    main()
