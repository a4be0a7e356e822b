"""kiln's benchmarks and demo, behind ``kiln bench`` and ``kiln demo``.

kernels.py holds plain NumPy-style functions; each suite (core.py: ``core``) pairs them with
inputs and probes; runner.py runs a suite side by side with the uncompiled functions (and Numba
when installed) and report.py turns the results into tables, JSON and a plot.
"""
