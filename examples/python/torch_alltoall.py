"""PyTorch tensors exchanged all-to-all between PEs with rocshmem4py.

With a GPU build of rocshmem and a visible GPU, the tensors are CUDA (or
ROCm) tensors in the symmetric GPU heap (several PEs may share one GPU; with
NVIDIA, start MPS for concurrency) and the exchange runs on torch's current
stream; without a GPU they are CPU tensors on the host symmetric heap.

    mpirun -np 2 python3 examples/python/torch_alltoall.py
    torchrun --nproc_per_node 2 examples/python/torch_alltoall.py
"""
import os

import torch

import rocshmem4py as rs
from rocshmem4py.interop import torch as rt

ROWS = 4

rs.set_hip_device_from_env()  # this process's GPU, for torch and rocshmem alike
if "TORCHELASTIC_RUN_ID" in os.environ:  # torchrun: the unique ID goes over gloo
    rs.init_with_torch()
else:  # mpirun: the library's MPI bootstrap
    rs.rocshmem_init()
me, n = rs.rocshmem_my_pe(), rs.rocshmem_n_pes()

src = rt.create_tensor((n, ROWS), torch.float32)  # collective: the same shape everywhere
dst = rt.create_tensor((n, ROWS), torch.float32)
# Row j is for PE j: 1000 * sender + 10 * receiver + 0, 1, 2, 3.
src.copy_(torch.stack([1000 * me + 10 * j + torch.arange(ROWS, dtype=torch.float32)
                       for j in range(n)]))
rt.barrier_all()  # every PE's src is ready
rt.alltoall(rs.WORLD, dst, src)  # row i of dst comes from PE i
rt.barrier_all()
if dst.is_cuda:
    torch.cuda.synchronize()  # the exchange ran on the stream; wait for it here

expected = torch.stack([1000 * i + 10 * me + torch.arange(ROWS, dtype=torch.float32)
                        for i in range(n)])
status = "OK" if torch.equal(dst.cpu(), expected) else "WRONG"
print(f"PE {me} of {n}: alltoall of {n}x{ROWS} float32 on {dst.device}: {status}")
rt.free_tensor(dst)
rt.free_tensor(src)
if "TORCHELASTIC_RUN_ID" in os.environ:
    rs.finalize_with_torch()  # also destroys the process group init_with_torch started
else:
    rs.rocshmem_finalize()
