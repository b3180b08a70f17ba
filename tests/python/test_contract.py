"""rocSHMEM's rocshmem4py package as a contract: every public function,
class and constant of its __init__.py, called the way a program written
for rocSHMEM calls it, each result checked against what the call means
(data a put moved read back by the peer, AMO results against the
arithmetic, team numbering against the split's arithmetic).

Runs on 2 PEs in the main launch and on 1 and 4 PEs (any_pes), on whatever
memory rocshmem_malloc serves: the host heap under `make check`, the GPU
heap under run_gpu_python_tests.sh.  Local symmetric memory is read and
written through rocshmem_getmem / rocshmem_putmem to this PE, which works
on both.  The init/finalize helpers run in processes of their own
(test_contract_launch.py)."""
import ctypes
import inspect

import pytest

from api_names import AMOS, CALLS, CONSTANTS
from test_amo import CTYPES, expected, operands

pytestmark = pytest.mark.any_pes

# The reference's Python-level signatures: (name, kind, default) per
# parameter; "KW" is keyword-only, "PK" positional-or-keyword.
EMPTY = inspect.Parameter.empty
SIGNATURES = {
    "set_hip_device_from_env": [],
    "SymmetricBuffer": [("size", "PK", EMPTY), ("ptr", "KW", None), ("dtype", "KW", None),
                        ("own_data", "KW", True)],
    "rocshmem_create_buffer": [("nbytes", "PK", EMPTY)],
    "rocshmem_get_heap_bases": [("ptr", "PK", EMPTY)],
    "rocshmem_get_peer_buffer": [("buf", "PK", EMPTY), ("peer", "PK", EMPTY)],
    "init_rocshmem_by_uniqueid": [("group", "PK", EMPTY)],
    "init_with_mpi": [("mpi_comm", "PK", None)],
    "init_with_torch": [("group", "PK", None), ("backend", "PK", "cpu:gloo,cuda:nccl"),
                        ("init_method", "PK", None)],
    "finalize_with_mpi": [],
    "finalize_with_torch": [],
    "rocshmem_team_split_strided": [("parent", "PK", EMPTY), ("start", "PK", EMPTY),
                                    ("stride", "PK", EMPTY), ("size", "PK", EMPTY),
                                    ("config", "PK", None), ("mask", "PK", 0)],
    "rocshmem_team_destroy": [("team", "PK", EMPTY)],
}
# rocSHMEM's __all__: its host names, the team handles, TeamConfig, the
# buffer helpers and the init/finalize helpers.
PACKAGE_NAMES = ["ROCSHMEM_TEAM_INVALID", "ROCSHMEM_TEAM_WORLD", "rocshmem_get_heap_bases",
                 *SIGNATURES]
CONTRACT_ALL = sorted(set(CALLS) - {"hip_device_synchronize"} | set(CONSTANTS) | set(AMOS)
                      | set(PACKAGE_NAMES) | {"__version__"})


# ---------------------------------------------------------------- helpers
def read(rs, address, nbytes, pe=None):
    """nbytes of symmetric memory at address on PE pe (default: this PE)."""
    out = ctypes.create_string_buffer(nbytes)
    rs.rocshmem_getmem(ctypes.addressof(out), address, nbytes,
                       rs.rocshmem_my_pe() if pe is None else pe)
    return out.raw


def write(rs, address, data, pe=None):
    """Stores bytes `data` at symmetric address on PE pe (default: this PE)."""
    source = ctypes.create_string_buffer(data, len(data))
    rs.rocshmem_putmem(address, ctypes.addressof(source), len(data),
                       rs.rocshmem_my_pe() if pe is None else pe)


def pattern(pe, nbytes, salt=0):
    return bytes((7 * pe + 3 * i + salt) % 251 for i in range(nbytes))


def gpu_heap(rs):
    return rs._rocshmem4py._heap_is_gpu()


def visible_gpus():
    """GPUs torch sees (0 without torch or without a GPU)."""
    try:
        import torch
    except ImportError:
        return 0
    return torch.cuda.device_count() if torch.cuda.is_available() else 0


# ---------------------------------------------------------------- names and constants
def test_every_contract_name_is_there_and_in_all(rs):
    missing = [name for name in CONTRACT_ALL if not hasattr(rs, name)]
    assert missing == []
    assert sorted(set(CONTRACT_ALL) - set(rs.__all__)) == []
    assert all(hasattr(rs, name) for name in rs.__all__)
    namespace = {}
    exec("from rocshmem4py import *", namespace)
    assert set(CONTRACT_ALL) <= set(namespace)


@pytest.mark.parametrize("name", sorted(SIGNATURES))
def test_python_level_signatures_are_rocshmems(rs, name):
    """rocSHMEM's parameters, by name, kind and default; its positional ones
    first and in its order; ours beside them only with defaults."""
    params = inspect.signature(getattr(rs, name)).parameters
    for pname, kind, default in SIGNATURES[name]:
        assert pname in params, f"{name} lacks parameter {pname}"
        # A default where rocSHMEM has none only adds a call form.
        assert default is EMPTY or params[pname].default == default, (name, pname)
        if kind == "PK":
            assert params[pname].kind == params[pname].POSITIONAL_OR_KEYWORD, (name, pname)
        else:
            assert params[pname].kind in (params[pname].KEYWORD_ONLY,
                                          params[pname].POSITIONAL_OR_KEYWORD), (name, pname)
    theirs = [pname for pname, kind, _ in SIGNATURES[name] if kind == "PK"]
    assert list(params)[:len(theirs)] == theirs
    names = {pname for pname, _, _ in SIGNATURES[name]}
    extra = [p for p in params.values() if p.name not in names
             and p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD)]
    assert all(p.default is not EMPTY for p in extra), (name, extra)


def test_version_and_constants(rs):
    major, minor = rs.__version__.split(".")[:2]
    assert major.isdigit() and minor.isdigit()
    assert (rs.ROCSHMEM_TEAM_WORLD, rs.ROCSHMEM_TEAM_INVALID, rs.ROCSHMEM_SUCCESS) == (0, -1, 0)
    assert rs.ROCSHMEM_SIGNAL_SET != rs.ROCSHMEM_SIGNAL_ADD
    cmps = [getattr(rs, f"ROCSHMEM_CMP_{c}") for c in ("EQ", "NE", "GT", "GE", "LT", "LE")]
    assert len(set(cmps)) == 6 and all(isinstance(c, int) for c in cmps)


def test_cmp_constants_and_signals_mean_their_comparison(rs, me, npes):
    """Each ROCSHMEM_CMP_* with a value that makes it true returns at once
    (a wrong constant would wait forever: the launch's time limit); the
    signal operations SET and ADD land on the right PE."""
    right = (me + 1) % npes
    data, signal = rs.rocshmem_calloc(1, 16), rs.rocshmem_calloc(1, 8)
    source = rs.rocshmem_malloc(16)  # local memory the GPU can read, where the heap is a GPU's
    write(rs, source, pattern(me, 16))
    if gpu_heap(rs):
        rs.rocshmem_putmem_signal_on_stream(data, source, 16, signal, 5,
                                            rs.ROCSHMEM_SIGNAL_SET, right, 0)
        rs.rocshmem_putmem_signal_on_stream(data, source, 16, signal, 2,
                                            rs.ROCSHMEM_SIGNAL_ADD, right, 0)
        rs.hip_device_synchronize()
        rs.rocshmem_barrier_all()
        for name, value in (("EQ", 7), ("NE", 6), ("GT", 6), ("GE", 7), ("LT", 8), ("LE", 7)):
            rs.rocshmem_signal_wait_until_on_stream(signal, getattr(rs, f"ROCSHMEM_CMP_{name}"),
                                                    value, 0)
        rs.hip_device_synchronize()
    else:
        # Host heap: the stream form is refused; the same signal words through
        # the package's host signal routines.
        with pytest.raises(RuntimeError, match="rocshmem_putmem_signal_on_stream"):
            rs.rocshmem_putmem_signal_on_stream(data, source, 16, signal, 5,
                                                rs.ROCSHMEM_SIGNAL_SET, right, 0)
        with pytest.raises(RuntimeError, match="rocshmem_signal_wait_until_on_stream"):
            rs.rocshmem_signal_wait_until_on_stream(signal, rs.ROCSHMEM_CMP_EQ, 0, 0)
        rs._rocshmem4py._put_signal(data, source, 16, signal, 5, rs.ROCSHMEM_SIGNAL_SET, right,
                                    False)
        rs._rocshmem4py._put_signal(data, source, 16, signal, 2, rs.ROCSHMEM_SIGNAL_ADD, right,
                                    False)
        rs.rocshmem_barrier_all()
        for name, value in (("EQ", 7), ("NE", 6), ("GT", 6), ("GE", 7), ("LT", 8), ("LE", 7)):
            assert rs._rocshmem4py._signal_wait_until(
                signal, getattr(rs, f"ROCSHMEM_CMP_{name}"), value) == 7
    assert int.from_bytes(read(rs, signal, 8), "little") == 7  # 5 set, then 2 added
    assert read(rs, data, 16) == pattern((me - 1) % npes, 16)
    rs.rocshmem_barrier_all()
    for block in (source, signal, data):
        rs.rocshmem_free(block)


# ---------------------------------------------------------------- setup and queries
def test_queries(rs, me, npes):
    mpi = pytest.importorskip("mpi4py.MPI")
    assert (me, npes) == (mpi.COMM_WORLD.Get_rank(), mpi.COMM_WORLD.Get_size())
    assert rs.rocshmem_team_my_pe(rs.ROCSHMEM_TEAM_WORLD) == me
    assert rs.rocshmem_team_n_pes(rs.ROCSHMEM_TEAM_WORLD) == npes
    assert rs.rocshmem_query_thread() in range(4)  # ROCSHMEM_THREAD_SINGLE ... MULTIPLE
    assert rs.rocshmem_dump_stats() is None and rs.rocshmem_reset_stats() is None
    assert (rs.rocshmem_get_device_ctx() != 0) == gpu_heap(rs)
    assert rs.hip_device_synchronize() is None
    # The GPU is chosen through torch: -1 where torch sees none (whatever the heap).
    gpus = visible_gpus()
    assert rs.set_hip_device_from_env() in (range(gpus) if gpus else (-1,))
    uid = rs.rocshmem_get_uniqueid()
    assert isinstance(uid, (bytes, bytearray)) and len(uid) > 0
    rs.rocshmem_init()  # already initialized: nothing happens, the job goes on
    assert rs.rocshmem_my_pe() == me
    if not gpu_heap(rs):
        with pytest.raises(RuntimeError, match="rocshmem_hipmodule_init"):
            rs.rocshmem_hipmodule_init(0)


# ---------------------------------------------------------------- memory
def test_malloc_calloc_align_free_ptr(rs, me, npes):
    block = rs.rocshmem_malloc(100)
    zeroed = rs.rocshmem_calloc(10, 8)
    aligned = rs.rocshmem_align(4096, 24)
    assert 0 not in (block, zeroed, aligned) and aligned % 4096 == 0
    assert read(rs, zeroed, 80) == bytes(80)
    write(rs, block, pattern(me, 100))
    assert read(rs, block, 100) == pattern(me, 100)
    assert rs.rocshmem_ptr(block, me) == block
    for pe in range(npes):
        mapped = rs.rocshmem_ptr(block, pe)
        assert mapped == 0 or rs.rocshmem_get_heap_bases(block)[pe] == mapped
    rs.rocshmem_barrier_all()
    for address in (block, zeroed, aligned):
        rs.rocshmem_free(address)
    with pytest.raises(ValueError, match="rocshmem_free"):
        rs.rocshmem_free(block)
    assert rs.rocshmem_malloc(0) == 0


def test_buffer_register_calls(rs):
    local = ctypes.create_string_buffer(64)
    assert rs.rocshmem_buffer_register(ctypes.addressof(local), 64) == rs.ROCSHMEM_SUCCESS
    with pytest.raises(ValueError, match="rocshmem_buffer_register"):
        rs.rocshmem_buffer_register(ctypes.addressof(local) + 8, 8)  # overlaps
    assert rs.rocshmem_buffer_unregister(ctypes.addressof(local)) == rs.ROCSHMEM_SUCCESS
    with pytest.raises(ValueError, match="rocshmem_buffer_unregister"):
        rs.rocshmem_buffer_unregister(ctypes.addressof(local))
    assert rs.rocshmem_buffer_register(ctypes.addressof(local), 64) == rs.ROCSHMEM_SUCCESS
    assert rs.rocshmem_buffer_unregister_all() == rs.ROCSHMEM_SUCCESS
    assert rs.rocshmem_buffer_register(ctypes.addressof(local), 64) == rs.ROCSHMEM_SUCCESS
    rs.rocshmem_buffer_unregister_all()


# ---------------------------------------------------------------- RMA and ordering
@pytest.mark.parametrize("form", ["blocking", "nbi"])
def test_putmem_getmem(rs, me, npes, form):
    put = rs.rocshmem_putmem if form == "blocking" else rs.rocshmem_putmem_nbi
    get = rs.rocshmem_getmem if form == "blocking" else rs.rocshmem_getmem_nbi
    right, left = (me + 1) % npes, (me - 1) % npes
    box = rs.rocshmem_calloc(2, 64)
    first = ctypes.create_string_buffer(pattern(me, 64), 64)
    second = ctypes.create_string_buffer(pattern(me, 64, salt=1), 64)
    put(box, ctypes.addressof(first), 64, right)
    rs.rocshmem_fence()  # orders the two puts to the same PE
    put(box + 64, ctypes.addressof(second), 64, right)
    rs.rocshmem_quiet()  # both complete
    rs.rocshmem_barrier_all()
    assert read(rs, box, 128) == pattern(left, 64) + pattern(left, 64, salt=1)
    fetched = ctypes.create_string_buffer(64)
    get(ctypes.addressof(fetched), box + 64, 64, right)
    rs.rocshmem_quiet()
    assert fetched.raw == pattern(me, 64, salt=1)  # what this PE put there
    rs.rocshmem_barrier_all()
    rs.rocshmem_free(box)


def test_barriers_and_syncs_order_puts(rs, me, npes):
    right, left = (me + 1) % npes, (me - 1) % npes
    word = rs.rocshmem_calloc(1, 8)
    for step, wait in enumerate((lambda: rs.rocshmem_barrier_all(),
                                 lambda: rs.rocshmem_barrier(rs.ROCSHMEM_TEAM_WORLD),
                                 lambda: (rs.rocshmem_quiet(), rs.rocshmem_sync_all()),
                                 lambda: (rs.rocshmem_quiet(),
                                          rs.rocshmem_team_sync(rs.ROCSHMEM_TEAM_WORLD)))):
        write(rs, word, (100 * step + me).to_bytes(8, "little"), right)
        wait()
        assert int.from_bytes(read(rs, word, 8), "little") == 100 * step + left
        rs.rocshmem_barrier_all()
    rs.rocshmem_free(word)


# ---------------------------------------------------------------- the stream routines
STREAM_CALLS = ["rocshmem_putmem_on_stream", "rocshmem_getmem_on_stream",
                "rocshmem_barrier_all_on_stream", "rocshmem_barrier_on_stream",
                "rocshmem_sync_all_on_stream", "rocshmem_team_sync_on_stream",
                "rocshmem_alltoallmem_on_stream", "rocshmem_broadcastmem_on_stream"]


def test_stream_routines(rs, me, npes):
    """On the GPU heap, each routine on the default stream (0), checked after
    hip_device_synchronize; on the host heap each is refused by name (there is
    no stream to enqueue on)."""
    world = rs.ROCSHMEM_TEAM_WORLD
    right, left = (me + 1) % npes, (me - 1) % npes
    block = 16
    # dst holds the alltoall's npes blocks, and at least two: the get lands in the second.
    src, dst = rs.rocshmem_malloc(block * npes), rs.rocshmem_calloc(max(npes, 2), block)
    write(rs, src, b"".join(pattern(100 * me + j, block) for j in range(npes)))
    rs.rocshmem_barrier_all()
    if not gpu_heap(rs):
        calls = {"rocshmem_putmem_on_stream": (dst, src, block, right, 0),
                 "rocshmem_getmem_on_stream": (dst, src, block, right, 0),
                 "rocshmem_barrier_all_on_stream": (0,), "rocshmem_barrier_on_stream": (world, 0),
                 "rocshmem_sync_all_on_stream": (0,), "rocshmem_team_sync_on_stream": (world, 0),
                 "rocshmem_alltoallmem_on_stream": (world, dst, src, block, 0),
                 "rocshmem_broadcastmem_on_stream": (world, dst, src, block, 0, 0)}
        for name in STREAM_CALLS:
            with pytest.raises(RuntimeError, match=name):
                getattr(rs, name)(*calls[name])
    else:
        rs.rocshmem_alltoallmem_on_stream(world, dst, src, block, 0)
        rs.rocshmem_barrier_all_on_stream(0)
        rs.hip_device_synchronize()
        assert read(rs, dst, block * npes) == b"".join(pattern(100 * j + me, block)
                                                       for j in range(npes))
        root = npes - 1
        rs.rocshmem_broadcastmem_on_stream(world, dst, src, block, root, 0)
        rs.rocshmem_barrier_on_stream(world, 0)
        rs.hip_device_synchronize()
        assert read(rs, dst, block) == pattern(100 * root, block)
        rs.rocshmem_putmem_on_stream(dst, src + block * right, block, right, 0)
        rs.rocshmem_sync_all_on_stream(0)  # the quiet is part of the stream routine's return
        rs.hip_device_synchronize()
        rs.rocshmem_barrier_all()
        assert read(rs, dst, block) == pattern(100 * left + me, block)
        rs.rocshmem_getmem_on_stream(dst + block, src, block, right, 0)
        rs.rocshmem_team_sync_on_stream(world, 0)
        rs.hip_device_synchronize()
        assert read(rs, dst + block, block) == pattern(100 * right, block)
    rs.rocshmem_barrier_all()
    rs.rocshmem_free(dst)
    rs.rocshmem_free(src)


# ---------------------------------------------------------------- teams
def test_split_members_and_non_members(rs, me, npes):
    """The PEs with even numbers: members get a team numbered by the split's
    arithmetic; the others get ROCSHMEM_TEAM_INVALID, never WORLD, from the
    package and from the native module alike.  (Every collective runs before
    the checks, so a wrong answer fails here rather than stalling a peer.)"""
    size, member = (npes + 1) // 2, me % 2 == 0
    seen = []
    for split in (rs.rocshmem_team_split_strided, rs._rocshmem4py.rocshmem_team_split_strided):
        status, team = split(rs.ROCSHMEM_TEAM_WORLD, 0, 2, size)
        seen.append((status, team, rs.rocshmem_team_my_pe(team), rs.rocshmem_team_n_pes(team),
                     [rs.rocshmem_team_translate_pe(team, j, rs.ROCSHMEM_TEAM_WORLD)
                      for j in range(size)],
                     rs.rocshmem_team_translate_pe(rs.ROCSHMEM_TEAM_WORLD, me, team)))
        if member and team > 0:
            rs.rocshmem_team_sync(team)
            rs.rocshmem_team_destroy(team)
        elif team <= 0:
            rs.rocshmem_team_destroy(team)  # INVALID (or WORLD): left alone
        rs.rocshmem_barrier_all()
    rs.rocshmem_team_destroy(rs.ROCSHMEM_TEAM_WORLD)  # predefined: left alone
    assert rs.rocshmem_team_n_pes(rs.ROCSHMEM_TEAM_WORLD) == npes
    for status, team, my_pe, n_pes, to_world, from_world in seen:
        assert status == rs.ROCSHMEM_SUCCESS
        if member:
            assert team not in (rs.ROCSHMEM_TEAM_WORLD, rs.ROCSHMEM_TEAM_INVALID)
            assert (my_pe, n_pes, from_world) == (me // 2, size, me // 2)
            assert to_world == [2 * j for j in range(size)]
        else:
            assert team == rs.ROCSHMEM_TEAM_INVALID
            assert (my_pe, n_pes, from_world) == (-1, -1, -1)
            assert to_world == [-1] * size
    assert rs.teams.live() == []


def test_split_with_team_config_and_refused_split(rs, me, npes):
    config = rs.TeamConfig(num_contexts=2)
    assert config.num_contexts == 2
    status, team = rs.rocshmem_team_split_strided(rs.ROCSHMEM_TEAM_WORLD, npes - 1, -1, npes,
                                                  config, 1)
    assert status == rs.ROCSHMEM_SUCCESS and rs.rocshmem_team_my_pe(team) == npes - 1 - me
    rs.rocshmem_barrier(team)
    rs.rocshmem_team_destroy(team)
    status, team = rs.rocshmem_team_split_strided(rs.ROCSHMEM_TEAM_WORLD, 0, 1, npes + 1)
    assert status != rs.ROCSHMEM_SUCCESS and team == rs.ROCSHMEM_TEAM_INVALID


# ---------------------------------------------------------------- AMOs imported by name
@pytest.mark.parametrize("name", AMOS)
def test_amo_imported_by_name(rs, me, npes, name):
    namespace = {}
    exec(f"from rocshmem4py import {name}", namespace)
    fn = namespace[name]
    key, op = name[len("rocshmem_"):].split("_atomic_")
    ctype = CTYPES[key]
    size = ctypes.sizeof(ctype)
    array = rs.rocshmem_calloc(npes, size)
    right = (me + 1) % npes
    slot = array + me * size
    x0, v = operands(key, me)
    write(rs, slot, bytes(ctype(x0)), right)
    rs.rocshmem_quiet()
    if op in ("fetch", "fetch_inc", "inc"):
        returned = fn(slot, right)
    elif op == "compare_swap":
        returned = fn(slot, x0, v, right)
    else:
        returned = fn(slot, v, right)
    want_returned, want_new = expected(key, op, x0, v)
    assert returned == want_returned
    rs.rocshmem_barrier_all()
    left = (me - 1) % npes
    lx0, lv = operands(key, left)
    got = ctype.from_buffer_copy(read(rs, array + left * size, size))
    assert got.value == expected(key, op, lx0, lv)[1]
    rs.rocshmem_barrier_all()
    rs.rocshmem_free(array)


# ---------------------------------------------------------------- SymmetricBuffer and helpers
def test_symmetric_buffer_rocshmem_form(rs, me, npes):
    right, left = (me + 1) % npes, (me - 1) % npes
    buf = rs.SymmetricBuffer(64)
    assert (buf.nbytes, buf.size, buf.own_data) == (64, 64, True)
    assert int(buf) == buf.ptr and f"{buf.ptr:x}" in repr(buf)
    try:
        import torch
        assert buf.dtype == torch.uint8
    except ImportError:
        assert buf.dtype is None
    if gpu_heap(rs):
        face = buf.__cuda_array_interface__
        assert face["data"] == (buf.ptr, False) and face["shape"] == (64,)
    else:
        assert not hasattr(buf, "__cuda_array_interface__")
    source = ctypes.create_string_buffer(pattern(me, 64), 64)
    buf.put(ctypes.addressof(source), 64, right)  # into buf on PE right
    rs.rocshmem_barrier_all()
    assert read(rs, buf.ptr, 64) == pattern(left, 64)
    other = rs.rocshmem_create_buffer(64)
    assert isinstance(other, rs.SymmetricBuffer) and other.nbytes == 64
    other.get(buf.ptr, 32, right)  # other's first 32 bytes = buf's on PE right
    assert read(rs, other.ptr, 32) == pattern(me, 32)
    other.put(source_ptr=ctypes.addressof(source), nelems=16, pe=me)
    assert read(rs, other.ptr, 16) == pattern(me, 16)
    rs.rocshmem_barrier_all()
    other.free()
    buf.free()
    assert not buf.live


def test_symmetric_buffer_over_a_pointer(rs, me, npes):
    right, left = (me + 1) % npes, (me - 1) % npes
    block = rs.rocshmem_malloc(48)
    view = rs.SymmetricBuffer(32, ptr=block + 16, dtype="float32", own_data=False)
    assert (view.ptr, view.nbytes, view.own_data, view.dtype) == (block + 16, 32, False, "float32")
    source = ctypes.create_string_buffer(pattern(me, 32), 32)
    view.put(ctypes.addressof(source), 32, right)
    rs.rocshmem_barrier_all()
    assert read(rs, block + 16, 32) == pattern(left, 32)
    with pytest.raises(ValueError, match="owns no memory"):
        view.free()
    if rs.rocshmem_ptr(view.ptr, right):  # a peer view of a view: the same place on PE right
        assert rs.rocshmem_get_peer_buffer(view, right).ptr == rs.rocshmem_ptr(view.ptr, right)
    owner = rs.SymmetricBuffer(48, ptr=block)  # own_data=True: free() releases the block
    assert owner.own_data
    with pytest.raises(ValueError, match="not symmetric memory"):
        rs.SymmetricBuffer(8, ptr=ctypes.addressof(source), own_data=False)
    rs.rocshmem_barrier_all()
    owner.free()
    with pytest.raises(ValueError, match="rocshmem_free"):
        rs.rocshmem_free(block)


def test_heap_bases_and_peer_buffers(rs, me, npes):
    buf = rs.rocshmem_create_buffer(32)
    bases = rs.rocshmem_get_heap_bases(buf.ptr)
    assert len(bases) == npes and bases[me] == buf.ptr
    assert bases == [rs.rocshmem_ptr(buf.ptr, pe) for pe in range(npes)]
    assert rs.rocshmem_get_peer_buffer(buf, me) is buf
    write(rs, buf.ptr, pattern(me, 32))
    rs.rocshmem_barrier_all()
    for pe in range(npes):
        if pe == me:
            continue
        if bases[pe] == 0:
            with pytest.raises(RuntimeError):
                rs.rocshmem_get_peer_buffer(buf, pe)
            continue
        peer = rs.rocshmem_get_peer_buffer(buf, pe)
        assert (peer.ptr, peer.nbytes, peer.own_data) == (bases[pe], 32, False)
        if not gpu_heap(rs):  # host memory: load through the mapping itself
            assert bytes(memoryview(peer)) == pattern(pe, 32)
    rs.rocshmem_barrier_all()
    buf.free()


def test_reductions_offer_no_as_bytes(rs):
    """The reductions need the element type: a mismatch is a TypeError that
    does not suggest as_bytes, which they do not take."""
    from rocshmem4py import collectives
    src, dst = rs.SymmetricBuffer(4, "int32"), rs.SymmetricBuffer(4, "float32")
    with pytest.raises(TypeError) as raised:
        collectives.reduce(dst, src)
    assert "int32" in str(raised.value) and "as_bytes" not in str(raised.value)
    with pytest.raises(TypeError, match="as_bytes"):
        collectives.reduce(dst, src, as_bytes=True)  # not a keyword of reduce
    rs.rocshmem_barrier_all()
    dst.free()
    src.free()
