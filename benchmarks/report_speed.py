"""Time `avarium report` on a synthetic 5-million-game run (10+ million rows) from a cold start.

    .venv/bin/python benchmarks/report_speed.py [RUN_DIR] [--games N] [--keep]

Writes the run (in a temporary directory unless RUN_DIR is given; an existing run there is
reused), then runs `avarium report RUN` in a fresh process, so imports, reading and charts all
count, and prints the wall-clock and CPU time. The target is under one minute.
"""

from __future__ import annotations

import argparse
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pyarrow.compute as pc
import pyarrow.parquet as pq

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from avarium.analysis.synthetic import CardPlan, Plan, synthetic_run  # noqa: E402

# A realistic mix: mostly two-player games, some three and four, two unbalanced Idols, a
# first-player edge, a few stalls, and the bundled set's numbers of Students and Schemes.
PLAN = Plan(
    players={2: 0.6, 3: 0.2, 4: 0.2},
    strength={"kumara_raj": 0.3, "amyba": -0.2},
    seat_effect={2: (0.1, 0.0), 3: (0.1, 0.05, 0.0), 4: (0.1, 0.05, 0.0, 0.0)},
    stall_rate=0.01,
)
CARDS = CardPlan(
    students=tuple(f"student_{i:02d}" for i in range(1, 61)),
    schemes=tuple(f"scheme_{i:02d}" for i in range(1, 41)),
)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("run", nargs="?", type=Path, help="where to write the run")
    parser.add_argument("--games", type=int, default=5_000_000)
    parser.add_argument("--keep", action="store_true", help="keep a temporary run")
    args = parser.parse_args()
    base = None
    if args.run is None:
        base = Path(tempfile.mkdtemp(prefix="avarium-bench-"))
        args.run = base / "run"
    if not (args.run / "games").is_dir():
        start = time.perf_counter()
        synthetic_run(args.run, args.games, PLAN, seed=1, chunk_games=250_000, cards=CARDS)
        print(f"wrote {args.games:,} games to {args.run} in {time.perf_counter() - start:.1f} s")
    avarium = Path(sys.executable).with_name("avarium")
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run([str(avarium), "report", str(args.run)], check=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    seat0 = pq.read_table(args.run / "games", columns=["seat"]).column("seat")
    games = int(pc.sum(pc.equal(seat0, 0)).as_py())  # the run's games, whoever wrote them
    print(f"avarium report: {wall:.1f} s wall-clock, {cpu:.1f} s CPU ({games:,} games)")
    if base is not None and not args.keep:
        shutil.rmtree(base, ignore_errors=True)


if __name__ == "__main__":
    main()
