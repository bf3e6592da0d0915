"""The `avarium` command line: every typer command, mapping flags to library calls."""

import os

# One BLAS thread per process, set before anything imports numpy: the toolkit's parallelism is
# its worker processes, and OpenBLAS starting a thread (and a buffer) per core at load would
# oversubscribe the cores and, under a memory cap (`ulimit -v`), spin at full CPU while it
# retries its allocations. A value the user set is kept.
for _variable in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_variable, "1")
