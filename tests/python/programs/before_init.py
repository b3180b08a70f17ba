"""Every call before init and after finalize raises RuntimeError (one
process, no launcher)."""
import rocshmem4py as rs

CALLS = [
    (rs.rocshmem_my_pe,), (rs.rocshmem_n_pes,), (rs.rocshmem_query_thread,),
    (rs.rocshmem_malloc, 8), (rs.rocshmem_calloc, 1, 8), (rs.rocshmem_align, 8, 8),
    (rs.rocshmem_free, 8), (rs.rocshmem_ptr, 8, 0),
    (rs.rocshmem_putmem, 8, 8, 8, 0), (rs.rocshmem_getmem_nbi, 8, 8, 8, 0),
    (rs.rocshmem_barrier_all,), (rs.rocshmem_sync_all,), (rs.rocshmem_fence,),
    (rs.rocshmem_quiet,), (rs.rocshmem_barrier, 0), (rs.rocshmem_team_sync, 0),
    (rs.rocshmem_team_my_pe, 0), (rs.rocshmem_team_n_pes, 0),
    (rs.rocshmem_team_translate_pe, 0, 0, 0), (rs.rocshmem_team_destroy, 1),
    (rs.rocshmem_team_split_strided, 0, 0, 1, 1, None, 0),
    (rs.rocshmem_int_atomic_add, 8, 1, 0), (rs.rocshmem_double_atomic_fetch, 8, 0),
    (rs.rocshmem_buffer_register, 8, 8), (rs.rocshmem_buffer_unregister_all,),
    (rs.rocshmem_dump_stats,), (rs.rocshmem_reset_stats,),
    (rs.SymmetricBuffer, 8), (rs.rocshmem_get_heap_bases,),
]


def all_raise(when):
    for fn, *args in CALLS:
        try:
            fn(*args)
        except RuntimeError as error:
            assert "not initialized" in str(error), error
        else:
            raise AssertionError(f"{when}: {fn.__name__}{tuple(args)} did not raise")


all_raise("before init")
rs.rocshmem_finalize()  # nothing to finalize: does nothing, as in C
rs.hip_device_synchronize()  # nothing launched: does nothing
assert rs.rocshmem_get_device_ctx() == 0
rs.rocshmem_init()  # no launcher: a single PE
assert (rs.rocshmem_my_pe(), rs.rocshmem_n_pes()) == (0, 1)
buf = rs.SymmetricBuffer(4, "int32")
rs.rocshmem_finalize()
all_raise("after finalize")
assert not buf.live
try:
    memoryview(buf)
except BufferError as error:
    assert "finalized" in str(error)
else:
    raise AssertionError("a buffer exported memory after finalize")
print("before/after init: OK")
