"""Under torchrun --nproc_per_node 2, one of rocSHMEM's torch launches
(argument):
  init_with_torch   init_with_torch() with its defaults (backend
                    "cpu:gloo,cuda:nccl", less what this torch cannot run;
                    init_method env://)
  by_uniqueid       the program starts torch.distributed itself, then
                    init_rocshmem_by_uniqueid(dist.group.WORLD)
then a ring put through SymmetricBuffer.put(source_ptr, nelems, pe), a
team left over (INVALID on its non-member), and finalize_with_torch, which
drains the team and destroys the process group."""
import ctypes
import sys

import torch.distributed as dist

import rocshmem4py as rs

mode = sys.argv[1]
if mode == "init_with_torch":
    rs.init_with_torch()
else:
    dist.init_process_group("gloo")
    rs.init_rocshmem_by_uniqueid(dist.group.WORLD)
me, n = rs.rocshmem_my_pe(), rs.rocshmem_n_pes()
assert (me, n) == (dist.get_rank(), dist.get_world_size()), (me, n)

buf = rs.rocshmem_create_buffer(64)
source = ctypes.create_string_buffer(bytes([me + 1]) * 64, 64)
buf.put(ctypes.addressof(source), 64, (me + 1) % n)
rs.rocshmem_barrier_all()
seen = ctypes.create_string_buffer(64)
rs.rocshmem_getmem(ctypes.addressof(seen), buf.ptr, 64, me)
assert seen.raw == bytes([(me - 1) % n + 1]) * 64, seen.raw

status, team = rs.rocshmem_team_split_strided(rs.ROCSHMEM_TEAM_WORLD, n - 1, 1, 1)
assert status == rs.ROCSHMEM_SUCCESS
assert (team == rs.ROCSHMEM_TEAM_INVALID) == (me != n - 1), team
rs.finalize_with_torch()
assert not dist.is_initialized() and not rs._rocshmem4py._initialized()
print(f"PE {me}: {mode} OK")
