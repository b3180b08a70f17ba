"""Under mpirun -np 2, one way of ending a job (argument):
  drain     leaked teams and buffers, then finalize_with_mpi
  atexit    no finalize at all: the package finalizes at interpreter exit
  raise     PE 1 raises while PE 0 waits in a barrier: the job must end
  subcomm   init_with_mpi on a communicator with the ranks reversed (the
            unique ID travels over MPI), then finalize_with_mpi
"""
import sys

from mpi4py import MPI

import rocshmem4py as rs

mode = sys.argv[1]
comm = MPI.COMM_WORLD.Split(0, -MPI.COMM_WORLD.Get_rank()) if mode == "subcomm" else None
rs.init_with_mpi(comm)
me = rs.rocshmem_my_pe()
if mode == "subcomm":
    assert me == comm.Get_rank() == 1 - MPI.COMM_WORLD.Get_rank()
    with rs.SymmetricBuffer(1, "int64", zero=True) as buf:
        rs.rocshmem_long_atomic_add(buf.ptr, 10 + me, 1 - me)
        rs.rocshmem_barrier_all()
        assert rs.rocshmem_long_atomic_fetch(buf.ptr, me) == 11 - me
        rs.rocshmem_barrier_all()
    rs.finalize_with_mpi()
elif mode == "drain":
    outer = rs.teams.split_strided(rs.WORLD, 0, 1, 2)
    rs.teams.split_strided(outer, 1, 1, 1)  # PE 1 only
    rs.teams.split_strided(rs.WORLD, 1, -1, 2)
    rs.SymmetricBuffer(16)
    left = rs.teams.live()
    rs.finalize_with_mpi()
    assert not rs._rocshmem4py._initialized() and rs.teams.live() == []
    print(f"PE {me}: drained teams {left}")
elif mode == "atexit":
    rs.teams.split_strided(rs.WORLD, 0, 1, 2)
    rs.SymmetricBuffer(16)
    print(f"PE {me}: leaving without finalize", flush=True)
elif mode == "raise":
    if me == 1:
        raise RuntimeError("PE 1 fails on purpose")
    rs.rocshmem_barrier_all()  # never completes: PE 1 is gone
print(f"PE {me}: {mode} OK")
