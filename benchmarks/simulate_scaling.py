"""How `avarium simulate` scales: games per second with 1 and 2 jobs, worker memory, bytes per row,
and a whole million-game run end to end.

    python benchmarks/simulate_scaling.py                        # jobs 1 vs 2, memory, bytes/row
    python benchmarks/simulate_scaling.py --million              # also 1,000,000 games via the CLI
    python benchmarks/simulate_scaling.py --million --cold       # ... with an empty numba cache

- games/s "steady" counts the games of the chunks finished after each worker's first one, over
  the time since then: the rate of a long run, without the start-up (worker processes starting,
  numba's cache loading) that "end to end" includes;
- worker memory is each worker process's peak resident size (VmHWM), the largest reported (with
  one job, joblib plays in the main process, so that figure is the main process's);
- bytes per row is the size of the games/ part files over their rows, at the default chunk size;
- the million-game run is `avarium simulate` in a new process, timed from start to exit.

The machine may be shared: every figure comes with the load average seen while it was measured,
and with the workers' CPU share (their CPU time over wall time x jobs; well under 1 means other
programs took the cores) and their games per CPU second (which other programs hardly change).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from avarium.runner.experiment_file import from_flags
from avarium.runner.field_table import DEFAULT_CHUNK
from avarium.runner.runner import run


def _load() -> float:
    return round(os.getloadavg()[0], 2)


def scaling(games: int, bots: str, chunk: int) -> dict:
    """Play the same experiment with 1 and then 2 jobs; games/s end to end and steady."""
    out = {}
    for jobs in (1, 2):
        exp = from_flags({"games": games, "chunk_size": chunk, "bots": bots, "seed": jobs})
        marks: list[tuple[float, int]] = []

        def mark(event, marks=marks):
            if event.chunk is not None:
                marks.append((time.perf_counter(), event.games_done))

        load0 = _load()
        with tempfile.TemporaryDirectory() as tmp:
            summary = run(exp, Path(tmp) / "run", jobs=jobs, on_progress=mark)
            rows, size = _rows_and_bytes(Path(tmp) / "run" / "games")
        # From the moment every worker has finished its first chunk to the last chunk: the
        # first `jobs` chunks ran side by side, so start counting after all of them.
        (t0, g0), (t1, g1) = marks[jobs - 1], marks[-1]
        out[f"jobs={jobs}"] = {
            "games": games,
            "seconds": summary.seconds,
            "games_per_second_end_to_end": summary.games_per_second,
            "games_per_second_steady": round((g1 - g0) / (t1 - t0), 1),
            "games_per_cpu_second": round(games / summary.worker_cpu_seconds, 1),
            "cpu_share": round(summary.worker_cpu_seconds / (summary.seconds * jobs), 2),
            # with one job joblib plays in this process (pyarrow, pandas and all loaded)
            ("worker_peak_mb" if jobs > 1 else "main_process_peak_mb"): summary.worker_peak_mb,
            "bytes_per_row": round(size / rows, 2),
            "load_average": [load0, _load()],
        }
    one, two = out["jobs=1"], out["jobs=2"]
    out["speed-up, 2 jobs over 1 (steady)"] = round(
        two["games_per_second_steady"] / one["games_per_second_steady"], 2
    )
    out["speed-up, 2 jobs over 1 (end to end)"] = round(
        two["games_per_second_end_to_end"] / one["games_per_second_end_to_end"], 2
    )
    return out


def _rows_and_bytes(folder: Path) -> tuple[int, int]:
    import pyarrow.parquet as pq

    parts = sorted(folder.glob("part-*.parquet"))
    return sum(pq.read_metadata(p).num_rows for p in parts), sum(p.stat().st_size for p in parts)


def million(bots: str, cold: bool) -> dict:
    """One million 2-player games through the command line, timed from start to exit."""
    with tempfile.TemporaryDirectory() as tmp:
        env = dict(os.environ)
        if cold:
            env["NUMBA_CACHE_DIR"] = str(Path(tmp) / "numba-cache")
        command = [
            str(Path(sys.executable).with_name("avarium")),
            "simulate",
            "--games", "1000000",
            "--strategy", bots,
            "--jobs", "2",
            "--seed", "1",
            "--out", str(Path(tmp) / "run"),
            "--quiet",
            "--json",
        ]  # fmt: skip
        load0 = _load()
        started = time.perf_counter()
        done = subprocess.run(command, env=env, capture_output=True, text=True, check=True)
        seconds = time.perf_counter() - started
        summary = json.loads(done.stdout)
        rows, size = _rows_and_bytes(Path(tmp) / "run" / "games")
    return {
        "command": " ".join(command[1:]),
        "numba cache": "empty (compiles)" if cold else "warm",
        "wall_seconds": round(seconds, 1),
        "games_per_second_end_to_end": round(1_000_000 / seconds, 1),
        "worker_peak_mb": summary["worker_peak_mb"],
        "games_per_cpu_second": round(1_000_000 / summary["worker_cpu_seconds"], 1),
        "cpu_share": round(summary["worker_cpu_seconds"] / (seconds * 2), 2),
        "chunk_size": DEFAULT_CHUNK,
        "bytes_per_row": round(size / rows, 2),
        "dataset_mb": round(size / 2**20, 1),
        "load_average": [load0, _load()],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=240_000, help="games per scaling run")
    parser.add_argument("--bots", default="heuristic", help="bot for every seat")
    parser.add_argument("--million", action="store_true", help="also time 1,000,000 games")
    parser.add_argument("--cold", action="store_true", help="the million with an empty cache")
    args = parser.parse_args()
    # The steady rate counts the chunks finished after every worker's first one: two jobs need
    # at least three chunks of DEFAULT_CHUNK games.
    if args.games < 3 * DEFAULT_CHUNK:
        parser.error(f"--games: at least {3 * DEFAULT_CHUNK:,} (three chunks of {DEFAULT_CHUNK:,})")
    figures = {
        "cpus": os.cpu_count(),
        "bots": args.bots,
        "scaling": scaling(args.games, args.bots, DEFAULT_CHUNK),
    }
    if args.million:
        figures["million"] = million(args.bots, args.cold)
    json.dump(figures, sys.stdout, indent=2)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
