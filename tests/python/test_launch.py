"""Launch modes and ways to end a job, each in processes of its own
(tests/python/programs/): calls before init, the unique-ID launch of two
processes without any launcher, init_with_mpi on a sub-communicator,
finalize draining leaked teams, exit without finalize, an uncaught
exception on one PE, rocshmem_global_exit, and torchrun."""
import os
import shutil
import subprocess
import sys

import pytest

from spawn import TIMEOUT, clean_env, run, torchrun

pytestmark = pytest.mark.single

PROGRAMS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "programs")


def program(name):
    return os.path.join(PROGRAMS, name)


def mpirun(*args):
    if not shutil.which("mpirun"):
        pytest.skip("no mpirun on PATH")
    return ["mpirun", "-np", "2", sys.executable, *args]


def needs_mpi4py():
    pytest.importorskip("mpi4py")


def test_calls_before_init_and_after_finalize_raise():
    assert "OK" in run([sys.executable, program("before_init.py")]).stdout


def test_global_exit_ends_the_process_with_its_status():
    code = ("import rocshmem4py as rs; rs.rocshmem_init(); print('flushed before exit'); "
            "rs.rocshmem_global_exit(3)")
    done = run([sys.executable, "-c", code], check=False)
    assert done.returncode == 3 and "flushed before exit" in done.stdout, done.stdout


def test_uniqueid_launch_of_two_processes_without_mpirun():
    first = subprocess.Popen([sys.executable, program("uniqueid_pair.py"), "0"], env=clean_env(),
                             stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        uid = first.stdout.readline().strip()
        assert len(uid) == 256, f"rank 0 printed {uid!r}"
        second = run([sys.executable, program("uniqueid_pair.py"), "1", uid])
        rest, _ = first.communicate(timeout=TIMEOUT)
    finally:
        first.kill()
    assert first.returncode == 0, rest
    assert "rank 0: unique-ID launch OK" in rest
    assert "rank 1: unique-ID launch OK" in second.stdout


def test_init_with_mpi_on_a_reordered_communicator():
    needs_mpi4py()
    out = run(mpirun(program("mpi_exit_paths.py"), "subcomm")).stdout
    assert out.count("subcomm OK") == 2, out


def test_finalize_with_mpi_drains_leaked_teams_in_creation_order():
    needs_mpi4py()
    out = run(mpirun(program("mpi_exit_paths.py"), "drain")).stdout
    assert "PE 0: drained teams [1, 2]" in out and "PE 1: drained teams [1, 2, 3]" in out, out


def test_exit_without_finalize_finalizes_at_interpreter_exit():
    needs_mpi4py()
    out = run(mpirun(program("mpi_exit_paths.py"), "atexit")).stdout
    assert out.count("atexit OK") == 2, out


def test_uncaught_exception_on_one_pe_ends_the_job():
    needs_mpi4py()
    done = run(mpirun(program("mpi_exit_paths.py"), "raise"), timeout=60, check=False)
    assert done.returncode != 0 and "PE 1 fails on purpose" in done.stdout, done.stdout


def test_torchrun_with_init_with_torch():
    pytest.importorskip("torch")
    out = torchrun(program("torch_dist.py"))
    assert out.count("torchrun on cpu OK") + out.count("torchrun on cuda OK") == 2, out


def test_views_after_free_and_finalize_do_not_fault():
    pytest.importorskip("numpy")
    # NumPy views exist of host memory only: a host heap even where a GPU is.
    done = run(mpirun(program("views_after_finalize.py")), timeout=TIMEOUT, ROCSHMEM_GPU="off")
    assert done.stdout.count("views after finalize OK") == 2, done.stdout
