"""The launcher's environment: torch-style names under mpirun, and the GPU
of this process."""
import os

# Open MPI's mpirun sets these; torch.distributed, rocshmem's GPU selection
# and the helpers here read the torch-style names.
_LAUNCHER_NAMES = (
    ("RANK", "OMPI_COMM_WORLD_RANK"),
    ("WORLD_SIZE", "OMPI_COMM_WORLD_SIZE"),
    ("LOCAL_RANK", "OMPI_COMM_WORLD_LOCAL_RANK"),
)


def map_launcher_environment(environ=os.environ):
    """Sets RANK, WORLD_SIZE and LOCAL_RANK from OMPI_COMM_WORLD_* where the
    former are unset (a value already there, from torchrun say, wins)."""
    for name, ompi_name in _LAUNCHER_NAMES:
        if name not in environ and ompi_name in environ:
            environ[name] = environ[ompi_name]


def set_hip_device_from_env():
    """Selects this process's GPU before rocshmem is initialized and returns
    its index.

    The device is ROCSHMEM_GPU_DEVICE when set (>= 0), else LOCAL_RANK modulo
    the number of GPUs: the rule librocshmem itself applies.  It is made
    torch's current device and exported as ROCSHMEM_GPU_DEVICE, so torch and
    rocshmem agree even if one of the rules changes.  Without torch or without
    a GPU it returns -1 and leaves the choice to librocshmem.
    """
    try:
        import torch
    except ImportError:
        return -1
    if not torch.cuda.is_available():  # ROCm builds of torch answer here too
        return -1
    chosen = int(os.environ.get("ROCSHMEM_GPU_DEVICE", "-1"))
    if chosen < 0:
        chosen = int(os.environ.get("LOCAL_RANK", "0")) % torch.cuda.device_count()
    torch.cuda.set_device(chosen)
    os.environ["ROCSHMEM_GPU_DEVICE"] = str(chosen)
    return chosen
