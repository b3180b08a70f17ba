"""rocSHMEM's init/finalize helpers, each in processes of its own
(tests/python/programs/contract_*.py): init_with_mpi(mpi_comm=...) and
finalize_with_mpi draining leaked teams under mpirun with 1, 2 and 4 PEs;
init_with_torch with its defaults and init_rocshmem_by_uniqueid(group)
under torchrun (gloo), ending with finalize_with_torch."""
import os
import shutil
import sys

import pytest

from spawn import run, torchrun

pytestmark = pytest.mark.single

PROGRAMS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "programs")


@pytest.mark.parametrize("np", [1, 2, 4])
def test_init_with_mpi_and_finalize_draining_leaked_teams(np):
    pytest.importorskip("mpi4py")
    if not shutil.which("mpirun"):
        pytest.skip("no mpirun on PATH")
    out = run(["mpirun", "-np", str(np), sys.executable,
               os.path.join(PROGRAMS, "contract_lifecycle.py")]).stdout
    assert out.count("contract lifecycle OK") == np, out
    # Every PE drained its own teams: all have the first, PE 0 the nested one too.
    assert f"PE 0 of {np}: contract lifecycle OK, drained [1, 2, 3]" in out, out


@pytest.mark.parametrize("mode", ["init_with_torch", "by_uniqueid"])
def test_torch_launches_under_torchrun(mode):
    pytest.importorskip("torch")
    out = torchrun(os.path.join(PROGRAMS, "contract_torch.py"), extra=[mode])
    assert out.count(f"{mode} OK") == 2, out
