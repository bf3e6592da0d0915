"""The test suite.

One BLAS thread per process, set here, before any test module imports numpy, as the command line
sets it (avarium/cli/__init__.py): pytest-xdist's workers already fill both cores, and the second
thread OpenBLAS starts in each worker only spun beside them. On five analysis and balance test
files in one process, 58 s of CPU with OpenBLAS's default threads and 45-49 s with one, in the
same wall time (docs/results.md, "CI time, phase by phase"). A value the user set is kept.
"""

import os

for _variable in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_variable, "1")
