"""Kernel assembly runs as named stages (``kernel.assemble.ASSEMBLY_STAGES``) that the driver
verifies one by one and dumps like passes (``KILN_DUMP=after:NAME``): what each leaves, and the
report the last one makes."""

import numpy as np
from tests.kernel import kernels_support as K

from kiln.driver import compile_kernel
from kiln.frontend.arguments import arg_type
from kiln.kernel.assemble import ASSEMBLY_STAGES
from kiln.options import Options


def _compile(kernel, block, *args, dump=frozenset()):
    types_ = tuple(arg_type(a, i) for i, a in enumerate(args))
    return compile_kernel(kernel.py_func, types_, block, Options(dump=dump), build=False)


def _sections(err: str) -> dict[str, str]:
    """The dumped IR after each stage or pass, by name (a name dumped twice keeps its first)."""
    found: dict[str, str] = {}
    for part in err.split("==== kiln after ")[1:]:
        name, _, text = part.partition(" ====\n")
        found.setdefault(name, text)
    return found


def test_every_stage_is_dumped_in_order(capsys):
    _compile(K.reverse_block, (32, 1, 1), np.ones(64), np.zeros(64), dump=frozenset({"after:all"}))
    err = capsys.readouterr().err
    names = [name for name, _ in ASSEMBLY_STAGES]
    assert names == [
        "drop_wraparound", "alias_views", "eliminate_barriers", "lift_uniform_loops", "block_loops"
    ]  # fmt: skip
    starts = [err.index(f"==== kiln after {name} ====") for name in names]
    assert starts == sorted(starts) and starts[0] < err.index("==== kiln after fusion ====")
    # the thread's program keeps its barrier (the block reads what other threads stored); the
    # CPU function has none: the regions before and after it are loops over the threads in turn
    sections = _sections(err)
    assert [sections[n].count("= barrier()") for n in names] == [1, 1, 1, 1, 0]
    assert sections["block_loops"].count("parallel") == 1  # the blocks


def test_report_counts_barriers_and_regions():
    report = _compile(K.reverse_block, (32, 1, 1), np.ones(64), np.zeros(64)).report
    assert (report.barriers, report.barriers_removed, report.regions) == (1, 0, 2)
    # two barriers with no conflict between them: both go, and one region is left
    a, b, out = np.ones(64), np.ones(64), np.zeros(64)
    report = _compile(K.no_conflict_barrier, (64, 1, 1), a, b, out).report
    assert (report.barriers, report.barriers_removed, report.regions) == (2, 2, 1)
