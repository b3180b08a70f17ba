"""Misuse raises a Python exception naming the call and the argument, and
the job goes on (each test ends with a collective that must still work).
Calls before init are in test_launch.py (they need a fresh process)."""
import ctypes

import pytest


@pytest.fixture
def block(rs):
    p = rs.rocshmem_malloc(64)
    yield p
    rs.rocshmem_free(p)
    rs.rocshmem_barrier_all()  # the job still works


def local(size=64):
    buf = ctypes.create_string_buffer(size)
    return buf, ctypes.addressof(buf)


@pytest.mark.parametrize("pe", [-1, 2, 1000])
def test_bad_pe(rs, block, pe):
    keep, src = local()
    for call in (lambda: rs.rocshmem_putmem(block, src, 8, pe),
                 lambda: rs.rocshmem_getmem(src, block, 8, pe),
                 lambda: rs.rocshmem_putmem_nbi(block, src, 8, pe),
                 lambda: rs.rocshmem_ptr(block, pe),
                 lambda: rs.rocshmem_long_atomic_fetch_add(block, 1, pe)):
        with pytest.raises(ValueError, match=f"pe = {pe} is out of range \\[0, 2\\)"):
            call()


@pytest.mark.parametrize("team", [7, 12345, -5])
def test_unknown_team(rs, team):
    for call in (rs.rocshmem_barrier, rs.rocshmem_team_sync, rs.rocshmem_team_my_pe,
                 rs.rocshmem_team_n_pes, rs.rocshmem_team_destroy,
                 lambda t: rs.rocshmem_team_translate_pe(t, 0, rs.WORLD),
                 lambda t: rs.rocshmem_team_split_strided(t, 0, 1, 1, None, 0)):
        with pytest.raises(ValueError, match=f"= {team} is not a live team"):
            call(team)
    rs.rocshmem_barrier_all()


def test_invalid_team_where_a_team_is_needed(rs):
    with pytest.raises(ValueError, match="rocshmem_barrier: team = -1"):
        rs.rocshmem_barrier(rs.INVALID)
    with pytest.raises(ValueError, match="rocshmem_team_sync: team = -1"):
        rs.rocshmem_team_sync(rs.INVALID)
    # The native call refuses to destroy WORLD; the package's (rocSHMEM's
    # contract) leaves the predefined handles alone.
    with pytest.raises(ValueError, match="TEAM_WORLD\\) is predefined"):
        rs._rocshmem4py.rocshmem_team_destroy(rs.WORLD)
    rs.rocshmem_team_destroy(rs.WORLD)
    assert rs.rocshmem_team_n_pes(rs.WORLD) == rs.rocshmem_n_pes()
    rs.rocshmem_barrier_all()


def test_destroyed_team(rs):
    team = rs.teams.split_strided(rs.WORLD, 0, 1, 2)
    rs.teams.destroy(team)
    with pytest.raises(ValueError, match="not a live team"):
        rs.rocshmem_barrier(team)
    with pytest.raises(ValueError, match="not a live team"):
        rs.teams.destroy(team)
    rs.rocshmem_barrier_all()


def test_double_free_and_foreign_pointers(rs):
    p = rs.rocshmem_malloc(32)
    rs.rocshmem_free(p)
    with pytest.raises(ValueError, match="rocshmem_free: ptr = 0x[0-9a-f]+ is not a live block"):
        rs.rocshmem_free(p)
    q = rs.rocshmem_malloc(32)
    with pytest.raises(ValueError, match="not a live block"):
        rs.rocshmem_free(q + 8)
    keep, address = local()
    with pytest.raises(ValueError, match="not a live block"):
        rs.rocshmem_free(address)
    rs.rocshmem_free(q)


def test_transfers_overrunning_a_block(rs, me, block):
    keep, src = local(128)
    with pytest.raises(ValueError, match="rocshmem_putmem: 65 bytes at dest = .* overrun"):
        rs.rocshmem_putmem(block, src, 65, me)
    with pytest.raises(ValueError, match="rocshmem_getmem: 8 bytes at source = .* overrun"):
        rs.rocshmem_getmem(src, block + 60, 8, me)
    with pytest.raises(ValueError, match="rocshmem_getmem_nbi: .*overrun"):
        rs.rocshmem_getmem_nbi(src, block, 1 << 20, me)
    with pytest.raises(ValueError, match="rocshmem_putmem: 40 bytes at source"):
        rs.rocshmem_putmem(block, block + 32, 40, me)  # a local side inside a block is checked too


def test_non_symmetric_and_null_addresses(rs, me, block):
    keep, address = local()
    with pytest.raises(ValueError, match="dest = 0x[0-9a-f]+ is not in a live symmetric block"):
        rs.rocshmem_putmem(address, address, 8, me)
    with pytest.raises(ValueError, match="source = NULL with 8 bytes"):
        rs.rocshmem_putmem(block, 0, 8, me)
    with pytest.raises(ValueError, match="not in a live symmetric block"):
        rs.rocshmem_int_atomic_fetch(address, me)


def test_misaligned_atomic(rs, me, block):
    with pytest.raises(ValueError, match="dest = .* is not aligned to 8 bytes"):
        rs.rocshmem_uint64_atomic_add(block + 4, 1, me)
    with pytest.raises(ValueError, match="overrun"):
        rs.rocshmem_uint64_atomic_add(block + 60, 1, me)


def test_wrong_types_and_values(rs, me, block):
    with pytest.raises(TypeError):
        rs.rocshmem_putmem("dest", 0, 8, me)
    with pytest.raises(TypeError):
        rs.rocshmem_int_atomic_add(block, 1 << 40, me)  # does not fit an int
    with pytest.raises(TypeError):
        rs.rocshmem_malloc(-1)
    with pytest.raises(TypeError):
        rs.TeamConfig("two")


def test_bad_unique_id_arguments(rs):
    with pytest.raises(ValueError, match="uid has 3 bytes, not 128"):
        rs.rocshmem_init_attr(0, 2, b"abc")
    with pytest.raises(ValueError, match="rank = 2 is out of range"):
        rs.rocshmem_init_attr(2, 2, bytes(128))
    with pytest.raises(ValueError, match="nranks = 0"):
        rs.rocshmem_init_attr(0, 0, bytes(128))


def test_buffer_misuse(rs, np, me):
    buf = rs.SymmetricBuffer(4, "int32")
    with pytest.raises(ValueError, match="overrun the buffer of 16 bytes"):
        buf.put(np.zeros(5, dtype=np.int32), me)
    with pytest.raises(ValueError, match="overrun"):
        buf.get(np.zeros(2, dtype=np.int32), me, offset=12)
    with pytest.raises(ValueError, match="only contiguous"):
        buf.put(np.zeros(8, dtype=np.int32)[::2], me)
    with pytest.raises(TypeError, match="unsupported element type"):
        rs.SymmetricBuffer(4, "int128")
    with pytest.raises(ValueError, match="zero bytes"):
        rs.SymmetricBuffer(0)
    with pytest.raises(ValueError, match="pe = 5 is out of range"):
        buf.peer(5)
    with pytest.raises(ValueError, match="already a peer view"):
        buf.peer(me).peer(me)
    buf.free()
    with pytest.raises(BufferError, match="freed"):
        buf.put(b"1234", me)
    rs.rocshmem_barrier_all()
