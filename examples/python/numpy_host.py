"""rocshmem4py with NumPy on host symmetric memory.

Every PE sends an array to its right neighbour (a ring) with a put, views
what it received as a NumPy array without copying, and sends its sum to
PE 0, which adds them up; an atomic counter on PE 0 counts the PEs.  Every
PE checks the numbers against the formula and prints one line.

    mpirun -np 2 python3 examples/python/numpy_host.py

(PYTHONPATH must reach the installed package: PREFIX/lib/python3.*/site-packages.)
"""
import numpy as np

import rocshmem4py as rs

N = 1000

rs.rocshmem_init()  # under mpirun: one PE per rank
me, n = rs.rocshmem_my_pe(), rs.rocshmem_n_pes()
left, right = (me - 1) % n, (me + 1) % n

with rs.SymmetricBuffer(N, "float64") as inbox, \
     rs.SymmetricBuffer(n, "float64", zero=True) as sums, \
     rs.SymmetricBuffer(1, "int64", zero=True) as arrivals:
    inbox.put(np.arange(N, dtype=np.float64) * (me + 1), right)
    rs.rocshmem_barrier_all()  # every put is complete and visible

    received = np.asarray(inbox)  # a view of the symmetric memory, not a copy
    ring_ok = np.array_equal(received, np.arange(N) * (left + 1))

    sums.put(np.array([received.sum()]), 0, offset=8 * me)
    rs.rocshmem_long_atomic_inc(arrivals.ptr, 0)
    rs.rocshmem_barrier_all()

    totals = np.empty(n)
    sums.get(totals, 0)  # PE 0's table, read by every PE
    expected = N * (N - 1) / 2 * sum(range(1, n + 1))
    reduce_ok = totals.sum() == expected
    count_ok = rs.rocshmem_long_atomic_fetch(arrivals.ptr, 0) == n
    rs.rocshmem_barrier_all()  # nobody reads PE 0's table any more

status = "OK" if ring_ok and reduce_ok and count_ok else "WRONG"
print(f"PE {me} of {n}: ring from PE {left}, sum {totals.sum():.0f}: {status}")
rs.rocshmem_finalize()
