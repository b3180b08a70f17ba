"""Starting and ending rocshmem from Python: under mpirun (mpi4py), under
torchrun / torch.distributed (the unique ID broadcast over a process group),
and at interpreter exit."""
import atexit
import os
import sys

from . import _env, _loader, _rocshmem4py as _native
from . import teams


def _check(status, what):
    if status != _native.ROCSHMEM_SUCCESS:
        raise RuntimeError(f"{what} failed with status {status} (the library printed why)")


def init_with_mpi(mpi_comm=None):
    """Collective over `mpi_comm` (an mpi4py communicator, default
    COMM_WORLD): its ranks become the PEs, on the GPU of
    set_hip_device_from_env.  COMM_WORLD (or a congruent copy) starts the
    library's MPI bootstrap; another communicator broadcasts a unique ID over
    it and starts the unique-ID bootstrap (rocshmem_init_attr).
    RuntimeError where the launcher started more processes than COMM_WORLD
    has (torchrun, whose processes are MPI singletons: use init_with_torch)."""
    MPI = _loader.dependency("mpi4py.MPI", "init_with_mpi")
    world = MPI.COMM_WORLD
    comm = world if mpi_comm is None else mpi_comm
    if "torch" in sys.modules:  # else librocshmem picks the GPU by the same rule
        _env.set_hip_device_from_env()
    if MPI.Comm.Compare(comm, world) in (MPI.IDENT, MPI.CONGRUENT):
        launched = os.environ.get("WORLD_SIZE") or os.environ.get("OMPI_COMM_WORLD_SIZE")
        if launched is not None and int(launched) != world.Get_size():
            raise RuntimeError(
                f"init_with_mpi: MPI.COMM_WORLD has {world.Get_size()} process(es) but the "
                f"launcher reports WORLD_SIZE={launched}: not an MPI launch (under torchrun "
                "every process is an MPI singleton); use init_with_torch() there, or mpirun")
        _native.rocshmem_init()
        return
    uid = _native.rocshmem_get_uniqueid() if comm.Get_rank() == 0 else None
    uid = comm.bcast(uid, root=0)
    _check(_native.rocshmem_init_attr(comm.Get_rank(), comm.Get_size(), uid), "rocshmem_init_attr")


def _group_root(dist, group):
    """Global rank of the group's rank 0 (the name changed in torch 2.0)."""
    if group is None or group is dist.group.WORLD:
        return 0
    to_global = getattr(dist, "get_global_rank", None) or dist.distributed_c10d._get_global_rank
    return to_global(group, 0)


def init_rocshmem_by_uniqueid(group=None):
    """Collective over a torch.distributed process group (default: the whole
    world): its rank 0 makes a unique ID, broadcasts it over the group, and
    every member starts rocshmem with it (no MPI involved)."""
    dist = _loader.dependency("torch.distributed", "the torch.distributed launch")
    rank, size = dist.get_rank(group), dist.get_world_size(group)
    box = [_native.rocshmem_get_uniqueid() if rank == 0 else None]
    dist.broadcast_object_list(box, src=_group_root(dist, group), group=group)
    _check(_native.rocshmem_init_attr(rank, size, box[0]), "rocshmem_init_attr")


def _usable_backend(dist, torch, backend):
    """`backend` ("gloo", or per device "cpu:gloo,cuda:nccl") less the parts
    this torch cannot run (NCCL without a GPU or without NCCL support); a
    single remaining backend is named alone, which every torch version takes."""
    parts = [part.split(":", 1) if ":" in part else [None, part]
             for part in backend.split(",") if part]
    usable = [(device, name) for device, name in parts
              if name != "nccl" or (dist.is_nccl_available() and torch.cuda.is_available())]
    if not usable:
        raise RuntimeError(f"init_with_torch: backend = {backend!r}: this torch has none of "
                           "them (NCCL needs a GPU and a torch built with it); use 'gloo'")
    if len(usable) == 1:
        return usable[0][1]
    return ",".join(name if device is None else f"{device}:{name}" for device, name in usable)


def init_with_torch(group=None, backend="cpu:gloo,cuda:nccl", init_method=None):
    """Starts torch.distributed if it is not (init_process_group with
    `backend`, less the parts this torch cannot run, and `init_method`,
    default "env://"), on the GPU of set_hip_device_from_env; then
    init_rocshmem_by_uniqueid(group).  Under mpirun RANK, WORLD_SIZE and
    LOCAL_RANK come from OMPI_COMM_WORLD_*; MASTER_ADDR / MASTER_PORT default
    to ROCSHMEM_MASTER_ADDR / ROCSHMEM_MASTER_PORT, else 127.0.0.1:29500."""
    torch = _loader.dependency("torch", "init_with_torch")
    dist = _loader.dependency("torch.distributed", "init_with_torch")
    _env.set_hip_device_from_env()
    if not dist.is_initialized():
        os.environ.setdefault("MASTER_ADDR", os.environ.get("ROCSHMEM_MASTER_ADDR", "127.0.0.1"))
        os.environ.setdefault("MASTER_PORT", os.environ.get("ROCSHMEM_MASTER_PORT", "29500"))
        try:
            dist.init_process_group(backend=_usable_backend(dist, torch, backend),
                                    init_method=init_method or "env://")
        except (RuntimeError, ValueError) as error:
            raise RuntimeError(f"init_with_torch: torch.distributed did not start ({error}); "
                               "RANK, WORLD_SIZE, MASTER_ADDR and MASTER_PORT must describe "
                               "the job (torchrun and mpirun set the first two)") from error
    init_rocshmem_by_uniqueid(group)


def _finalize():
    """Drains the teams left over (collectively, in creation order) and
    finalizes; True where there was something to finalize."""
    if not _native._initialized():
        return False
    _native.hip_device_synchronize()
    teams.destroy_all()
    _native.rocshmem_barrier_all()
    return True


def finalize_with_mpi():
    """Waits for this PE's GPU, destroys the teams left over (collectively,
    in creation order), then finalizes rocshmem; nothing where it is not
    initialized.  MPI stays initialized: mpi4py finalizes it at exit."""
    if _finalize():
        _native.rocshmem_finalize()


def finalize_with_torch():
    """As finalize_with_mpi, with a torch.distributed barrier before the
    finalize, and the default process group destroyed after it (as rocSHMEM's
    finalize_with_torch does)."""
    if not _finalize():
        return
    dist = _loader.dependency("torch.distributed", "finalize_with_torch")
    if dist.is_initialized():
        dist.barrier()
    _native.rocshmem_finalize()
    if dist.is_initialized():
        dist.destroy_process_group()


# ---------------------------------------------------------------- interpreter exit
# Python's atexit handlers run before mpi4py finalizes MPI (Py_AtExit), and
# before librocshmem's own exit-time finalize, which would be too late under
# mpi4py.  An uncaught exception on one PE ends the whole job instead: a
# collective finalize there would wait forever for PEs still computing.
_uncaught = False
_previous_excepthook = sys.excepthook


def _excepthook(kind, value, traceback):
    global _uncaught
    _uncaught = True
    _previous_excepthook(kind, value, traceback)


def _at_exit():
    if not _native._initialized():
        return
    if _uncaught:
        _native.rocshmem_global_exit(1)
    teams.destroy_all()
    _native.rocshmem_finalize()


sys.excepthook = _excepthook
atexit.register(_at_exit)
