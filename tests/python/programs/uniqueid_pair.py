"""One of two processes started without any launcher: rank 0 makes the
unique ID and prints it (hex) on its first line; rank 1 gets it as an
argument.  Both start with rocshmem_init_attr and exchange data.

    python3 uniqueid_pair.py 0          # prints the ID, then the results
    python3 uniqueid_pair.py 1 HEXID
"""
import ctypes
import sys

import rocshmem4py as rs

rank = int(sys.argv[1])
if rank == 0:
    uid = rs.rocshmem_get_uniqueid()
    assert isinstance(uid, bytes) and len(uid) == 128
    print(uid.hex(), flush=True)
else:
    uid = bytes.fromhex(sys.argv[2])
assert rs.rocshmem_init_attr(rank, 2, uid) == rs.ROCSHMEM_SUCCESS
assert (rs.rocshmem_my_pe(), rs.rocshmem_n_pes()) == (rank, 2)
other = 1 - rank
with rs.SymmetricBuffer(2, "int64", zero=True) as buf:
    buf.put(ctypes.c_int64(1000 + rank), other, offset=8)
    for _ in range(100):  # both processes on PE 0's first word
        rs.rocshmem_long_atomic_add(buf.ptr, 1, 0)
    rs.rocshmem_barrier_all()
    got = (ctypes.c_int64 * 2)()
    buf.get(got, rank)
    assert got[1] == 1000 + other, list(got)
    assert rs.rocshmem_long_atomic_fetch(buf.ptr, 0) == 200
    rs.rocshmem_barrier_all()
team = rs.teams.split_strided(rs.WORLD, 1, 1, 1)
assert (team != rs.INVALID) == (rank == 1)
rs.teams.destroy(team)
rs.rocshmem_finalize()
print(f"rank {rank}: unique-ID launch OK")
