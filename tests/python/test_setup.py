"""Set-up and queries on 2 PEs (init_with_mpi from the session fixture)."""
import os

import pytest


def test_init_with_mpi_numbers_pes_as_mpi(rs, me, npes):
    from mpi4py import MPI
    assert (me, npes) == (MPI.COMM_WORLD.Get_rank(), MPI.COMM_WORLD.Get_size())
    assert rs._rocshmem4py._initialized()


def test_world_team_queries(rs, me, npes):
    assert rs.rocshmem_team_my_pe(rs.WORLD) == me
    assert rs.rocshmem_team_n_pes(rs.WORLD) == npes
    assert rs.rocshmem_team_translate_pe(rs.WORLD, me, rs.WORLD) == me


def test_query_thread_is_single(rs):
    assert rs.rocshmem_query_thread() == 0  # ROCSHMEM_THREAD_SINGLE: rocshmem_init


def test_stats_print_this_pes_counters(rs, capfd):
    """dump_stats prints one JSON line of this PE's network counters on
    stderr; reset_stats zeroes them (one node: nothing crosses a network, so
    every counter reads 0 after the reset)."""
    import json
    assert rs.rocshmem_reset_stats() is None
    capfd.readouterr()
    assert rs.rocshmem_dump_stats() is None
    err = capfd.readouterr().err
    prefix = f"rocshmem[PE {rs.rocshmem_my_pe()}] stats: "
    lines = [line for line in err.splitlines() if line.startswith(prefix)]
    assert len(lines) == 1, err
    counts = json.loads(lines[0][len(prefix):])
    assert counts["pe"] == rs.rocshmem_my_pe()
    assert {"endpoints", "put", "get", "atomic"} <= counts.keys()
    assert all(v == 0 for k, v in counts.items() if k != "pe"), counts


def test_constants_have_the_c_values(rs):
    assert rs.ROCSHMEM_SUCCESS == 0
    assert (rs.ROCSHMEM_SIGNAL_SET, rs.ROCSHMEM_SIGNAL_ADD) == (0, 1)
    assert [rs.ROCSHMEM_CMP_EQ, rs.ROCSHMEM_CMP_NE, rs.ROCSHMEM_CMP_GT, rs.ROCSHMEM_CMP_GE,
            rs.ROCSHMEM_CMP_LT, rs.ROCSHMEM_CMP_LE] == list(range(6))


def test_launcher_environment_is_mapped(rs):
    for name, ompi in (("RANK", "OMPI_COMM_WORLD_RANK"), ("WORLD_SIZE", "OMPI_COMM_WORLD_SIZE"),
                       ("LOCAL_RANK", "OMPI_COMM_WORLD_LOCAL_RANK")):
        assert os.environ[name] == os.environ[ompi]


def test_version_is_the_library_version(rs):
    assert rs.__version__ and rs.__version__ == rs._rocshmem4py._version


@pytest.fixture
def host_only(rs):
    if rs._rocshmem4py._heap_is_gpu():
        pytest.skip("this job has a GPU heap")


def test_without_gpu_heap_device_ctx_is_null_and_sync_is_a_noop(rs, host_only):
    assert rs.rocshmem_get_device_ctx() == 0
    assert rs.hip_device_synchronize() is None
    assert rs.set_hip_device_from_env() == -1 or rs._rocshmem4py._gpu_platform() != "none"


STREAM_CALLS = {
    "rocshmem_putmem_on_stream": (0, 0, 8, 0, 0),
    "rocshmem_getmem_on_stream": (0, 0, 8, 0, 0),
    "rocshmem_putmem_signal_on_stream": (0, 0, 8, 0, 1, 0, 0, 0),
    "rocshmem_signal_wait_until_on_stream": (0, 0, 1, 0),
    "rocshmem_barrier_all_on_stream": (0,),
    "rocshmem_sync_all_on_stream": (0,),
    "rocshmem_barrier_on_stream": (0, 0),
    "rocshmem_team_sync_on_stream": (0, 0),
    "rocshmem_alltoallmem_on_stream": (0, 0, 0, 8, 0),
    "rocshmem_broadcastmem_on_stream": (0, 0, 0, 8, 0, 0),
    "rocshmem_hipmodule_init": (1,),
}


@pytest.mark.parametrize("name", sorted(STREAM_CALLS))
def test_gpu_routines_raise_a_clear_error_without_gpu(rs, host_only, name):
    gpu_build = rs._rocshmem4py._gpu_platform() != "none"
    expected = "no GPU heap" if gpu_build else "built without GPU support"
    if gpu_build and name == "rocshmem_hipmodule_init":
        pytest.skip("a GPU build initializes modules without a GPU heap too")
    with pytest.raises(RuntimeError, match=f"{name}: .*{expected}"):
        getattr(rs, name)(*STREAM_CALLS[name])
