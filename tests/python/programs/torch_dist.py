"""Under torchrun --nproc_per_node 2: init_with_torch (gloo carries the
unique ID), then interop.torch on whatever memory the job has (CPU
tensors on the host heap, CUDA tensors with a GPU heap)."""
import torch
import torch.distributed as dist

import rocshmem4py as rs
from rocshmem4py.interop import torch as rt

gpu = rs.set_hip_device_from_env() >= 0
rs.init_with_torch(backend="gloo")
me, n = rs.rocshmem_my_pe(), rs.rocshmem_n_pes()
assert (me, n) == (dist.get_rank(), dist.get_world_size())
src = rt.create_tensor((n, 4), torch.int64)
dst = rt.create_tensor((n, 4), torch.int64)
expect_device = "cuda" if rs._rocshmem4py._heap_is_gpu() else "cpu"
assert src.device.type == expect_device, (src.device, gpu)
src.copy_(torch.arange(n * 4, dtype=torch.int64).reshape(n, 4) + 100 * me)
rt.barrier_all()
rt.alltoall(rs.WORLD, dst, src)
rt.barrier_all()
if expect_device == "cuda":
    torch.cuda.synchronize()
want = torch.stack([torch.arange(4) + 4 * me + 100 * j for j in range(n)])
assert torch.equal(dst.cpu(), want), (dst, want)
rt.free_tensor(dst)
rt.free_tensor(src)
rs.finalize_with_torch()
assert not dist.is_initialized()  # finalize_with_torch destroyed the process group
print(f"PE {me}: torchrun on {expect_device} OK")
