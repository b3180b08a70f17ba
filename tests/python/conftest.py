"""pytest set-up of rocshmem4py's tests (see tests/python/README.md).

Launches: most files run on 2 PEs under `mpirun -np 2 python3 -m pytest`
(every rank runs every test); files marked `single` run in one process
without a launcher, and start their own processes.  With
ROCSHMEM4PY_RESULTS=DIR each rank appends one JSON line per test to
DIR/rank<R>.jsonl, from which run_python_tests.sh reports one TAP case per
test (failed if it failed on any rank).
"""
import json
import os

import pytest


def pytest_configure(config):
    config.addinivalue_line("markers", "single: runs in one process without a launcher")
    config.addinivalue_line("markers", "gpu: needs a GPU heap (skipped without one)")
    config.addinivalue_line("markers", "any_pes: also run with 1 and 4 PEs (make check)")


def launch_rank():
    return int(os.environ.get("OMPI_COMM_WORLD_RANK", os.environ.get("RANK", "0")))


# ---------------------------------------------------------------- per-rank results
_outcomes = {}


def pytest_runtest_logreport(report):
    entry = _outcomes.setdefault(report.nodeid, {"outcome": "passed", "detail": ""})
    if report.failed:
        entry["outcome"] = "failed"
        entry["detail"] += f"[{report.when}] {report.longreprtext}\n"
    elif report.skipped and entry["outcome"] != "failed":
        entry["outcome"] = "skipped"
        reason = report.longrepr[2] if isinstance(report.longrepr, tuple) else str(report.longrepr)
        entry["detail"] = reason.replace("Skipped: ", "", 1)


def pytest_runtest_logfinish(nodeid, location):
    directory = os.environ.get("ROCSHMEM4PY_RESULTS")
    entry = _outcomes.pop(nodeid, None)
    if not directory or entry is None:
        return
    with open(os.path.join(directory, f"rank{launch_rank()}.jsonl"), "a") as out:
        out.write(json.dumps({"id": nodeid, **entry}) + "\n")


# ---------------------------------------------------------------- fixtures of the 2-PE launch
@pytest.fixture(scope="session")
def rs():
    """rocshmem4py, initialized for the session through init_with_mpi."""
    mpi = pytest.importorskip("mpi4py.MPI")
    import rocshmem4py
    rocshmem4py.set_hip_device_from_env()  # torch's device = rocshmem's (several GPUs)
    rocshmem4py.init_with_mpi(mpi.COMM_WORLD)
    yield rocshmem4py
    rocshmem4py.finalize_with_mpi()


@pytest.fixture(autouse=True)
def _lockstep(request):
    """In the 2-PE launch, every rank starts each test together, so a test's
    collectives cannot pair with another test's."""
    if "rs" not in request.fixturenames:
        yield
        return
    from mpi4py import MPI
    MPI.COMM_WORLD.Barrier()
    yield
    MPI.COMM_WORLD.Barrier()


@pytest.fixture
def np():
    return pytest.importorskip("numpy")


@pytest.fixture
def me(rs):
    return rs.rocshmem_my_pe()


@pytest.fixture
def npes(rs):
    return rs.rocshmem_n_pes()
