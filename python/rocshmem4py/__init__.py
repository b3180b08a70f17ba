"""rocshmem4py: the rocshmem host API for Python, symmetric buffers for
NumPy and PyTorch, and launch helpers (mpirun / mpi4py, torchrun /
torch.distributed).

The names of the native module _rocshmem4py (exactly rocSHMEM's list: the
rocshmem_* calls with pointers as ints, TeamConfig, the AMO matrix and the
constants) are re-exported here.  As in rocSHMEM, _rocshmem4py is a top-level
module; rocshmem4py._rocshmem4py is the same module object.  The package adds SymmetricBuffer and its
helpers, the init/finalize helpers, the team registry (teams),
collectives and signals on host buffers (collectives) and interop.torch.
Teams: WORLD is 0, INVALID is -1.
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
from .teams import INVALID, WORLD  # noqa: E402,F401

__version__ = _rocshmem4py._version
