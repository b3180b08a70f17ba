"""rocshmem4py: the rocshmem host API for Python, symmetric buffers for
NumPy and PyTorch, and launch helpers (mpirun / mpi4py, torchrun /
torch.distributed).

Every public name of rocSHMEM's own rocshmem4py package is here with its
meaning (python/README.md lists them): the names of the native module
_rocshmem4py (the rocshmem_* calls with pointers as ints, TeamConfig, the
AMO matrix and the constants), ROCSHMEM_TEAM_WORLD (0) and
ROCSHMEM_TEAM_INVALID (-1), the tracked team split/destroy, SymmetricBuffer
and its helpers, and the init/finalize helpers.  As in rocSHMEM,
_rocshmem4py is a top-level module; rocshmem4py._rocshmem4py is the same
module object.  Beside them: typed buffers, the team registry (teams),
collectives and signals on host and GPU buffers (collectives) and
interop.torch.
"""
from . import _env

# Before anything reads them: torch-style names under Open MPI's mpirun.
_env.map_launcher_environment()

# The top-level native module, also registered as rocshmem4py._rocshmem4py.
from ._loader import module as _rocshmem4py  # noqa: E402
from _rocshmem4py import *  # noqa: E402,F401,F403  (the public native names)
from ._env import set_hip_device_from_env  # noqa: E402,F401
from .buffer import (  # noqa: E402,F401
    PeerUnreachableError, SymmetricBuffer, rocshmem_create_buffer, rocshmem_get_heap_bases,
    rocshmem_get_peer_buffer)
from .launch import (  # noqa: E402,F401
    finalize_with_mpi, finalize_with_torch, init_rocshmem_by_uniqueid, init_with_mpi,
    init_with_torch)
from . import collectives, teams  # noqa: E402,F401
from .teams import (  # noqa: E402,F401  (the package's split and destroy replace the native ones)
    INVALID, ROCSHMEM_TEAM_INVALID, ROCSHMEM_TEAM_WORLD, WORLD, rocshmem_team_destroy,
    rocshmem_team_split_strided)

__version__ = _rocshmem4py._version

__all__ = sorted(
    {name for name in globals() if name.startswith(("rocshmem_", "ROCSHMEM_"))}
    | {"__version__", "TeamConfig", "hip_device_synchronize", "SymmetricBuffer",
       "PeerUnreachableError", "init_rocshmem_by_uniqueid", "init_with_mpi", "init_with_torch",
       "finalize_with_mpi", "finalize_with_torch", "set_hip_device_from_env", "WORLD",
       "INVALID"})
