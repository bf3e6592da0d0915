"""The `avarium` command line: every typer command, mapping flags to library calls."""

import os

from avarium.cli.memory_cap import meet_the_cap

# One BLAS thread per process, set before anything imports numpy: the toolkit's parallelism is
# its worker processes, and OpenBLAS starting a thread (and a buffer) per core at load would
# oversubscribe the cores and take address space a memory cap (`ulimit -v`) may not have. A
# value the user set is kept.
for _variable in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_variable, "1")
# Even one thread's buffer can be refused by a cap, and scipy's OpenBLAS then retries for ever
# at full CPU: under a cap, numpy and scipy load only with room to spare, or the command says
# it ran out of memory (memory_cap.py).
meet_the_cap()
