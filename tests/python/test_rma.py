"""putmem/getmem (blocking and _nbi) and the ordering/synchronization calls,
with raw pointers, on 2 PEs (host or GPU heap alike: data goes through
host buffers)."""
import ctypes

import pytest

SIZES = [0, 1, 7, 64, 4096, 1 << 20]


def pattern(size, seed):
    return bytes((seed * 31 + i * 7) & 0xFF for i in range(size)) if size < 4096 else \
        (bytes(range(256)) * (size // 256 + 1))[seed:seed + size]


@pytest.mark.parametrize("nbi", [False, True], ids=["blocking", "nbi"])
@pytest.mark.parametrize("size", SIZES)
def test_putmem_ring(rs, me, npes, size, nbi):
    block = rs.rocshmem_malloc(max(size, 1))
    src = ctypes.create_string_buffer(pattern(size, me), max(size, 1))
    put = rs.rocshmem_putmem_nbi if nbi else rs.rocshmem_putmem
    put(block, ctypes.addressof(src), size, (me + 1) % npes)
    if nbi:
        rs.rocshmem_quiet()
    rs.rocshmem_barrier_all()
    out = ctypes.create_string_buffer(max(size, 1))
    rs.rocshmem_getmem(ctypes.addressof(out), block, size, me)
    assert out.raw[:size] == pattern(size, (me - 1) % npes)
    rs.rocshmem_free(block)


@pytest.mark.parametrize("nbi", [False, True], ids=["blocking", "nbi"])
@pytest.mark.parametrize("size", SIZES)
def test_getmem_from_the_neighbour(rs, me, npes, size, nbi):
    block = rs.rocshmem_malloc(max(size, 1))
    mine = ctypes.create_string_buffer(pattern(size, me + 5), max(size, 1))
    rs.rocshmem_putmem(block, ctypes.addressof(mine), size, me)
    rs.rocshmem_barrier_all()
    out = ctypes.create_string_buffer(max(size, 1))
    get = rs.rocshmem_getmem_nbi if nbi else rs.rocshmem_getmem
    get(ctypes.addressof(out), block, size, (me + 1) % npes)
    if nbi:
        rs.rocshmem_quiet()
    assert out.raw[:size] == pattern(size, (me + 1) % npes + 5)
    rs.rocshmem_barrier_all()
    rs.rocshmem_free(block)


def test_zero_bytes_need_no_valid_address(rs, me):
    rs.rocshmem_putmem(0, 0, 0, me)
    rs.rocshmem_getmem(0, 0, 0, me)


def test_fence_orders_puts_to_one_pe(rs, me, npes):
    data, flag = rs.rocshmem_calloc(1, 4096), rs.rocshmem_calloc(1, 8)
    right = (me + 1) % npes
    payload = ctypes.create_string_buffer(b"\x5a" * 4096, 4096)
    one = ctypes.c_uint64(1)
    for _ in range(20):
        rs.rocshmem_putmem(data, ctypes.addressof(payload), 4096, right)
        rs.rocshmem_fence()
        rs.rocshmem_putmem(flag, ctypes.addressof(one), 8, right)
    rs.rocshmem_barrier_all()
    seen = ctypes.create_string_buffer(4096)
    rs.rocshmem_getmem(ctypes.addressof(seen), data, 4096, me)
    assert seen.raw == b"\x5a" * 4096
    rs.rocshmem_barrier_all()
    rs.rocshmem_free(flag)
    rs.rocshmem_free(data)


def test_barriers_and_syncs_complete_puts(rs, me, npes):
    counter = rs.rocshmem_calloc(npes, 8)
    for rounds, sync in enumerate([rs.rocshmem_barrier_all,
                                   lambda: rs.rocshmem_barrier(rs.WORLD),
                                   lambda: (rs.rocshmem_quiet(), rs.rocshmem_sync_all()),
                                   lambda: (rs.rocshmem_quiet(), rs.rocshmem_team_sync(rs.WORLD))],
                                  start=1):
        value = ctypes.c_int64(rounds * 10 + me)
        for pe in range(npes):
            rs.rocshmem_putmem(counter + 8 * me, ctypes.addressof(value), 8, pe)
        sync()
        got = (ctypes.c_int64 * npes)()
        rs.rocshmem_getmem(ctypes.addressof(got), counter, 8 * npes, me)
        assert list(got) == [rounds * 10 + pe for pe in range(npes)]
        rs.rocshmem_barrier_all()
    assert rs.rocshmem_team_sync(rs.WORLD) == 0
    rs.rocshmem_free(counter)
