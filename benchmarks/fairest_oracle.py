"""How well could any stated P(fairest) do? The exact posterior of a setting, for comparison.

    .venv/bin/python benchmarks/fairest_oracle.py --prior PRIOR [--experiments 1000]
        [--prior-draws 200000] [--only NAME,NAME]

A check on benchmarks/fairest_calibration.py, not a method: it knows what no run knows, the
distribution the truths are drawn from (`--prior`): random3's; fixed3-anywhere's (fixed3's
curve, the fair point anywhere within +-0.08 log-odds, half a step of bonus, of where fixed3
puts it); or fixed3-within:H (the same, within +-H). It draws `--prior-draws` truths from it
(its own seed, none of the experiments') and, for each experiment of the settings named in
`--only` (those with three players and the 10 vectors up to 3), weighs them by the likelihood
of the measured seat rates (normal, with the deal bootstrap's covariance across vectors and
seats). The stated probability is the posterior weight of the truths whose fairest vector is
the one the data chose (as tune-bonus chooses it). On the prior's own setting it is calibrated
by construction; on another it shows what being calibrated there costs.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from avarium.analysis.deals import bootstrap_rates  # noqa: E402
from avarium.analysis.synthetic import shared_deal_outcomes  # noqa: E402
from avarium.runner.variants import bonus_vectors  # noqa: E402
from fairest_calibration import settings, true_gaps  # noqa: E402


def prior(name: str, rng: np.random.Generator, draws: int) -> np.ndarray:
    """Effects (draw, vector, seat) from the distribution the setting draws its truths from."""
    vectors = np.array(bonus_vectors(3, 3), float)
    if name == "random3":
        edges = np.sort(rng.uniform(0, 0.35, (draws, 3)), axis=1)[:, ::-1]
        worth = rng.uniform(0.03, 0.15, draws)
    elif name == "fixed3-anywhere" or name.startswith("fixed3-within:"):
        # fixed3-within:H: fixed3's curve known, the fair point anywhere within +-H log-odds
        # of where fixed3 puts it (fixed3-anywhere is H = 0.08, one step of bonus wide).
        half = float(name.split(":")[1]) if ":" in name else 0.08
        shift = rng.uniform(-half, half, (draws, 2))
        edges = np.c_[0.30 + shift[:, 0], 0.15 + shift[:, 1], np.zeros(draws)]
        worth = np.full(draws, 0.16)
    else:
        raise SystemExit(f"--prior: random3, fixed3-anywhere or fixed3-within:H, got {name}")
    return edges[:, None, :] + worth[:, None, None] * vectors[None]


def _worst(rates: np.ndarray) -> np.ndarray:
    return np.abs(rates - 1 / rates.shape[-1]).max(axis=-1)


def measure(truths, prior_effects, deals: int, draws: int, seed: int):
    e = np.exp(prior_effects)
    rates = e / e.sum(axis=-1, keepdims=True)
    fairest = _worst(rates).argmin(axis=1)
    flat = rates[:, :, :-1].reshape(len(rates), -1)  # the last seat is the rest
    rng = np.random.default_rng(seed)
    stated, right = [], []
    for k, effects in enumerate(truths):
        outcomes = shared_deal_outcomes(effects, deals, rng)
        rate = outcomes.wins.sum(axis=1) / outcomes.plays.sum(axis=1)
        chosen = _worst(rate).argmin()
        boot = bootstrap_rates(outcomes, draws, seed=k)[:, :, :-1].reshape(draws, -1)
        precision = np.linalg.inv(np.cov(boot.T) + 1e-7 * np.eye(boot.shape[1]))
        d = flat - rate[:, :-1].reshape(-1)
        log_lik = -0.5 * ((d @ precision) * d).sum(axis=1)
        weight = np.exp(log_lik - log_lik.max())
        stated.append(weight[fairest == chosen].sum() / weight.sum())
        right.append(chosen == true_gaps(effects).argmin())
    return float(np.mean(stated)), float(np.mean(right))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--prior", required=True)
    parser.add_argument("--experiments", type=int, default=1_000)
    parser.add_argument("--deals", type=int, default=1_000)
    parser.add_argument("--draws", type=int, default=500)
    parser.add_argument("--prior-draws", type=int, default=200_000)
    parser.add_argument("--only", default=None, help="settings, comma-separated")
    args = parser.parse_args()
    prior_effects = prior(args.prior, np.random.default_rng(99), args.prior_draws)
    only = args.only.split(",") if args.only else None
    for name, (truths, seed) in settings(args.experiments).items():
        if (only and name not in only) or np.shape(truths[0]) != prior_effects.shape[1:]:
            continue  # not asked for, or another set of vectors or players
        started = time.perf_counter()
        stated, right = measure(truths, prior_effects, args.deals, args.draws, seed)
        print(
            f"{name}, posterior under {args.prior}: stated {stated:.3f}, truly fairest "
            f"{right:.3f} ({stated - right:+.3f}; {len(truths)} experiments, "
            f"{time.perf_counter() - started:.0f} s)",
            flush=True,
        )


if __name__ == "__main__":
    main()
