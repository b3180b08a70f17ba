"""The Python examples (examples/python/), run as a user would, on 2 PEs
under mpirun: on the host path here (a GPU machine runs them through
run_gpu_python_tests.sh)."""
import os
import re
import shutil
import sys

import pytest

from spawn import run

pytestmark = pytest.mark.single

EXAMPLES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "examples",
                        "python")


def run_example(name, needs, **env):
    for module in needs:
        pytest.importorskip(module)
    if not shutil.which("mpirun"):
        pytest.skip("no mpirun on PATH")
    out = run(["mpirun", "-np", "2", sys.executable, os.path.join(EXAMPLES, name)],
              timeout=300, **env).stdout
    # mpirun may join the ranks' lines: find the reports rather than split lines.
    reports = re.findall(r"PE \d of 2: [^\n]*?: (?:OK|WRONG)", out)
    assert len(reports) == 2 and all(r.endswith(": OK") for r in reports), out
    return reports


def test_numpy_host_example():
    # Host memory even on a GPU machine: the example is about NumPy views.
    lines = run_example("numpy_host.py", ["numpy"], ROCSHMEM_GPU="off")
    assert all("sum 1498500" in line for line in lines), lines  # 499500 * (1 + 2)


def test_torch_alltoall_example():
    lines = run_example("torch_alltoall.py", ["torch"])
    assert all("alltoall of 2x4 float32" in line for line in lines), lines
