"""A differential fuzzer: random NumPy-style programs run by CPython/NumPy and by kiln, compared
on results, dtypes, shapes, in-place updates and exceptions (``python -m kiln fuzz``)."""
