"""Is tune-bonus's "probability fairest" calibrated? Planted truths, stated against true.

    .venv/bin/python benchmarks/fairest_calibration.py [--experiments 200] [--deals 1000]
        [--draws 500] [--only NAME,NAME] [--method METHOD] [--bins]

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
`double` and `recalibrate` correct the bootstrap's figure in the bootstrap's own world (half the
resamples as resampled runs, the other half as their resamples): by its bias there (a double
bootstrap) or by a logistic map from stated to right fitted there.
benchmarks/fairest_oracle.py gives exact posteriors, which no run could compute. `--bins`
also prints, by stated probability, how often the choice was right.
"""

from __future__ import annotations

import argparse
import itertools
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from avarium.analysis.deals import bootstrap_rates  # noqa: E402
from avarium.analysis.sweeps import fairest  # noqa: E402
from avarium.analysis.synthetic import shared_deal_outcomes  # noqa: E402
from avarium.runner.variants import bonus_vectors  # noqa: E402

# The stated probability's bins for --bins.
BINS = (0.0, 0.3, 0.45, 0.6, 0.75, 1.01)


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


def bootstrap_world(outcomes, fair: float, chosen: int, draws: int, seed: int, recalibrate: bool):
    """The stated probability corrected in the bootstrap's world, centred on the measured rates:
    half the resamples play resampled runs, each judged on the other half's deviations. `double`
    (2 p - mean p*, a double bootstrap's bias correction) or, with `recalibrate`, a logistic map
    from the resampled runs' stated probability to whether their choice was the run's."""
    rate = outcomes.wins.mean(axis=1)
    boot = bootstrap_rates(outcomes, draws, seed)
    dev = boot - boot.mean(axis=0)
    outer, inner = dev[: draws // 2], dev[draws // 2 :]

    def stated_at(point):
        mine = np.abs(point - fair).max(axis=1).argmin()
        theirs = np.abs(point[None] + inner - fair).max(axis=2).argmin(axis=1)
        return mine, (theirs == mine).mean()

    p = stated_at(rate)[1]
    runs = [stated_at(rate + d) for d in outer]
    chose = np.array([c for c, _ in runs])
    p_star = np.array([q for _, q in runs])
    if not recalibrate:
        return float(np.clip(2 * p - p_star.mean(), 0, 1))
    logit = lambda q: np.log(np.clip(q, 0.01, 0.99) / (1 - np.clip(q, 0.01, 0.99)))  # noqa: E731
    x = np.c_[np.ones(len(p_star)), logit(p_star)]
    y = (chose == chosen).astype(float)
    beta = np.zeros(2)
    for _ in range(25):  # Newton steps of a logistic regression, lightly ridged
        mu = 1 / (1 + np.exp(-x @ beta))
        hessian = x.T @ (x * (mu * (1 - mu))[:, None]) + 1e-3 * np.eye(2)
        beta += np.linalg.solve(hessian, x.T @ (y - mu))
    return float(1 / (1 + np.exp(-(beta[0] + beta[1] * logit(p)))))


def measure(
    truths: list, deals: int, draws: int, seed: int, method: str = "bootstrap"
) -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(seed)
    stated, right = [], []
    for e, effects in enumerate(truths):
        true = true_gaps(effects)
        outcomes = shared_deal_outcomes(effects, deals, rng)
        fair = 1 / len(effects[0])
        choice = fairest(outcomes, fair, draws=draws, seed=e)
        if method == "bootstrap":
            stated.append(choice.prob_best[choice.chosen])
        elif method in ("double", "recalibrate"):
            recal = method == "recalibrate"
            stated.append(bootstrap_world(outcomes, fair, choice.chosen, draws, e, recal))
        else:
            posterior = method == "eb-posterior"
            stated.append(empirical_bayes(outcomes, fair, choice.chosen, draws, e, posterior))
        right.append(choice.chosen == true.argmin())
    return np.array(stated), np.array(right)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--experiments", type=int, default=200)
    parser.add_argument("--deals", type=int, default=1_000)
    parser.add_argument("--draws", type=int, default=500)
    parser.add_argument("--only", default=None, help="settings, comma-separated")
    parser.add_argument(
        "--method",
        default="bootstrap",
        choices=["bootstrap", "eb", "eb-posterior", "double", "recalibrate"],
    )
    parser.add_argument("--bins", action="store_true")
    args = parser.parse_args()
    chosen = settings(args.experiments)
    only = args.only.split(",") if args.only else list(chosen)
    unknown = [name for name in only if name not in chosen]
    if unknown:
        parser.error(f"--only: no setting {', '.join(unknown)}; the settings: {', '.join(chosen)}")
    for name, (truths, seed) in chosen.items():
        if name not in only:
            continue
        started = time.perf_counter()
        each, right_each = measure(truths, args.deals, args.draws, seed, args.method)
        stated, right = each.mean(), right_each.mean()
        print(
            f"{name}: stated {stated:.3f}, truly fairest {right:.3f} "
            f"({stated - right:+.3f}; {len(truths)} experiments, "
            f"{time.perf_counter() - started:.0f} s)",
            flush=True,
        )
        for lo, hi in itertools.pairwise(BINS) if args.bins else ():
            inside = (each >= lo) & (each < hi)
            if inside.any():
                print(
                    f"  stated {lo:.2f}-{min(hi, 1):.2f}: {inside.sum()} experiments, stated "
                    f"{each[inside].mean():.2f}, truly fairest {right_each[inside].mean():.2f}"
                )


if __name__ == "__main__":
    main()
