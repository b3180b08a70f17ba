"""Starting and ending rocshmem from Python: under mpirun (mpi4py), under
torchrun / torch.distributed (the unique ID broadcast over a process group),
and at interpreter exit."""
import atexit
import sys

from . import _loader, _rocshmem4py as _native
from . import teams


def _check(status, what):
    if status != _native.ROCSHMEM_SUCCESS:
        raise RuntimeError(f"{what} failed with status {status} (the library printed why)")


def init_with_mpi(comm=None):
    """Collective over `comm` (an mpi4py communicator, default COMM_WORLD):
    its ranks become the PEs.  COMM_WORLD (or a congruent copy) starts the
    library's MPI bootstrap; another communicator broadcasts a unique ID over
    it and starts the unique-ID bootstrap (rocshmem_init_attr)."""
    MPI = _loader.dependency("mpi4py.MPI", "init_with_mpi")
    world = MPI.COMM_WORLD
    if comm is None or MPI.Comm.Compare(comm, world) in (MPI.IDENT, MPI.CONGRUENT):
        _native.rocshmem_init()
        return
    uid = _native.rocshmem_get_uniqueid() if comm.Get_rank() == 0 else None
    uid = comm.bcast(uid, root=0)
    _check(_native.rocshmem_init_attr(comm.Get_rank(), comm.Get_size(), uid), "rocshmem_init_attr")


def _group_root(dist, group):
    """Global rank of the group's rank 0 (the name changed in torch 2.0)."""
    if group is None:
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


def init_with_torch(group=None, backend=None):
    """Starts torch.distributed if it is not (init_process_group with
    `backend`, default "gloo": it only carries the 128-byte ID, and NCCL
    refuses several ranks on one GPU), then init_rocshmem_by_uniqueid(group).
    Under mpirun, RANK/WORLD_SIZE/LOCAL_RANK come from OMPI_COMM_WORLD_*;
    MASTER_ADDR/MASTER_PORT must be set as for any torch.distributed job."""
    dist = _loader.dependency("torch.distributed", "the torch.distributed launch")
    if not dist.is_initialized():
        dist.init_process_group(backend=backend or "gloo")
    init_rocshmem_by_uniqueid(group)


def _finalize():
    if not _native._initialized():
        return
    teams.destroy_all()
    _native.rocshmem_finalize()


def finalize_with_mpi():
    """Destroys the teams left over (collectively, in creation order), then
    finalizes rocshmem.  MPI stays initialized: mpi4py finalizes it at exit."""
    _finalize()


def finalize_with_torch():
    """Destroys the teams left over (collectively, in creation order), then
    finalizes rocshmem.  The process group is left to the caller."""
    _finalize()


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
    _finalize()


sys.excepthook = _excepthook
atexit.register(_at_exit)
