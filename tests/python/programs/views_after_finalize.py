"""Views of symmetric memory used after free and after finalize (run by
test_launch.py under mpirun -np 2): no fault.  After finalize every view
still shows the data as finalize left it (a NumPy array, a memoryview, a
torch tensor, a peer view); after free it still addresses the heap."""
import sys

import numpy as np

import rocshmem4py as rs

rs.rocshmem_init()
me, n = rs.rocshmem_my_pe(), rs.rocshmem_n_pes()
kept = rs.SymmetricBuffer(1000, "float64")
arr = np.asarray(kept)
arr[:] = np.arange(1000) + me
words = memoryview(kept)
freed = rs.SymmetricBuffer(64, "int32")
freed_view = np.asarray(freed)
freed_view[:] = 7
try:
    import torch
    tensor = torch.from_dlpack(kept)
except ImportError:
    tensor = None
peer = np.asarray(kept.peer((me + 1) % n))  # the other PE's copy, mapped here
rs.rocshmem_barrier_all()
freed.free()
assert int(freed_view.sum()) >= 0  # mapped heap memory: reads do not fault
rs.rocshmem_finalize()

assert np.array_equal(arr, np.arange(1000) + me), "the view lost its data"
assert words[999] == 999 + me
assert np.array_equal(peer, np.arange(1000) + (me + 1) % n)
arr[0] = -1  # writable, private now
assert words[0] == -1
if tensor is not None:
    assert float(tensor[0]) == -1.0 and float(tensor.sum()) == float(arr.sum())
int(freed_view.sum())  # mapped again or still the heap's: no fault either way
try:
    np.asarray(kept)
except BufferError as error:
    assert "finalized" in str(error)
else:
    sys.exit("a new export after finalize was allowed")
del arr, words, tensor, peer, freed_view, kept  # unmaps the kept pages
print(f"PE {me}: views after finalize OK")
