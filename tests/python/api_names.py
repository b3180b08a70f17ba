"""The public names of _rocshmem4py: the names rocSHMEM's own rocshmem4py
module exports (the contract Python programs are written against), written
out here independently of the binding's sources."""

CALLS = """
hip_device_synchronize rocshmem_init rocshmem_finalize rocshmem_hipmodule_init
rocshmem_my_pe rocshmem_n_pes rocshmem_team_my_pe rocshmem_team_n_pes rocshmem_malloc
rocshmem_free rocshmem_calloc rocshmem_align rocshmem_buffer_register
rocshmem_buffer_unregister rocshmem_buffer_unregister_all rocshmem_ptr
rocshmem_barrier_all rocshmem_barrier rocshmem_barrier_all_on_stream
rocshmem_barrier_on_stream rocshmem_fence rocshmem_quiet rocshmem_get_uniqueid
rocshmem_init_attr rocshmem_putmem rocshmem_getmem rocshmem_putmem_nbi rocshmem_getmem_nbi
rocshmem_putmem_on_stream rocshmem_getmem_on_stream rocshmem_putmem_signal_on_stream
rocshmem_signal_wait_until_on_stream TeamConfig rocshmem_sync_all rocshmem_team_sync
rocshmem_sync_all_on_stream rocshmem_team_sync_on_stream rocshmem_alltoallmem_on_stream
rocshmem_broadcastmem_on_stream rocshmem_query_thread rocshmem_global_exit
rocshmem_dump_stats rocshmem_reset_stats rocshmem_get_device_ctx
rocshmem_team_split_strided rocshmem_team_destroy rocshmem_team_translate_pe
""".split()

CONSTANTS = """
ROCSHMEM_SUCCESS ROCSHMEM_SIGNAL_SET ROCSHMEM_SIGNAL_ADD ROCSHMEM_CMP_EQ ROCSHMEM_CMP_NE
ROCSHMEM_CMP_GT ROCSHMEM_CMP_GE ROCSHMEM_CMP_LT ROCSHMEM_CMP_LE
""".split()

# The AMO matrix: rocSHMEM's nine Python types, each with the operations of
# the OpenSHMEM AMO tables (standard, extended, bitwise) it belongs to.
PYTHON_AMO_TYPES = "int long longlong uint32 uint64 size ptrdiff float double".split()
STANDARD_TYPES = ("int long longlong uint ulong ulonglong int32 int64 uint32 uint64 size "
                  "ptrdiff").split()
EXTENDED_TYPES = STANDARD_TYPES + ["float", "double"]
BITWISE_TYPES = "uint ulong ulonglong int32 int64 uint32 uint64".split()
STANDARD_OPS = "compare_swap fetch_inc inc fetch_add add".split()
EXTENDED_OPS = "fetch set swap".split()
BITWISE_OPS = "fetch_and and fetch_or or fetch_xor xor".split()
AMO_TABLES = ((STANDARD_TYPES, STANDARD_OPS), (EXTENDED_TYPES, EXTENDED_OPS),
              (BITWISE_TYPES, BITWISE_OPS))


def amo_ops(key):
    """The AMO operations of element type `key`."""
    return [op for types, ops in AMO_TABLES if key in types for op in ops]


AMOS = [f"rocshmem_{key}_atomic_{op}" for key in PYTHON_AMO_TYPES for op in amo_ops(key)]

PUBLIC = set(CALLS) | set(CONSTANTS) | set(AMOS)
