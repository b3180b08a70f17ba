"""torchrun --nproc_per_node 2 on a GPU machine: init_with_torch, CUDA
tensors exchanged with interop.torch, and the torch example.  Skipped
without a GPU build of librocshmem or a CUDA-capable torch."""
import os

import pytest

from spawn import torchrun

pytestmark = [pytest.mark.single, pytest.mark.gpu]

HERE = os.path.dirname(os.path.abspath(__file__))


@pytest.fixture(autouse=True)
def gpu_torch():
    torch = pytest.importorskip("torch")
    from rocshmem4py import _rocshmem4py as native
    if native._gpu_platform() == "none" or not torch.cuda.is_available():
        pytest.skip("needs a GPU build of librocshmem and torch with a GPU")


def test_torchrun_interop_on_the_gpu():
    out = torchrun(os.path.join(HERE, "programs", "torch_dist.py"))
    assert out.count("torchrun on cuda OK") == 2, out


def test_torch_alltoall_example_under_torchrun():
    out = torchrun(os.path.join(HERE, "..", "..", "examples", "python", "torch_alltoall.py"))
    assert out.count(": OK") == 2 and "cuda" in out, out
