"""Finds the native module.

_rocshmem4py is a top-level extension module, as in rocSHMEM (whose
rocshmem4py package does `import _rocshmem4py as _ext`): installed next to
the package, not inside it.  The package registers it under its second name,
rocshmem4py._rocshmem4py, so every way of importing it ends in the one module
object: `import _rocshmem4py`, `import rocshmem4py._rocshmem4py` and `from
rocshmem4py import _rocshmem4py`, in any order.  (Two module objects of one
pybind11 extension would register its types twice, which pybind11 refuses.)

A compiled module loads into the interpreter it was built for only; under
another one the ImportError says which interpreter that is.  An interpreter
of the same version may load it but lack the optional modules (mpi4py,
NumPy, torch): `dependency` says so too.
"""
import importlib
import glob
import os
import sys


def _built_for():
    """The interpreter the native module was built for, where the build
    recorded it (make writes _built_for.py; a pip build is for the pip's
    interpreter)."""
    try:
        from ._built_for import PYTHON, VERSION
    except ImportError:
        return "the Python it was built with"
    return f"Python {VERSION} ({PYTHON})"


def _interpreter_note():
    """Where this interpreter is not the one of the build: a sentence saying
    both (empty otherwise)."""
    try:
        from ._built_for import PYTHON
    except ImportError:
        return ""
    if os.path.abspath(PYTHON) == os.path.abspath(sys.executable):
        return ""
    return (f" Note: rocshmem4py was built for {_built_for()}, and this is {sys.executable}; "
            f"under mpirun, name the interpreter: `mpirun -np 2 {PYTHON} prog.py`.")


def dependency(name, purpose):
    """Imports optional module `name` (needed for `purpose`); its
    ImportError says which interpreter is running when it is not the one the
    package was built for (the usual cause: the first python3 on PATH)."""
    try:
        return importlib.import_module(name)
    except ImportError as error:
        raise ImportError(f"rocshmem4py: {purpose} needs {name}, which this interpreter "
                          f"cannot import ({error}).{_interpreter_note()}",
                          name=name) from error


def _load():
    try:
        import _rocshmem4py
    except ImportError as error:
        here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
        found = sorted(glob.glob(os.path.join(here, "_rocshmem4py*")))
        where = ", ".join(found) if found else f"nothing named _rocshmem4py* in {here}"
        raise ImportError(
            f"rocshmem4py: its native module _rocshmem4py does not load into this interpreter, "
            f"Python {sys.version.split()[0]} ({sys.executable}): {error}. The module is built "
            f"for {_built_for()}; run programs with that interpreter (`mpirun -np 2 "
            f"/usr/bin/python3 prog.py` rather than the first python3 on PATH), or build the "
            f"package for this one (configure PYTHON=..., or pip install ./python with it). "
            f"Found: {where}.", name="_rocshmem4py") from error
    return _rocshmem4py


module = _load()
sys.modules.setdefault(__package__ + "._rocshmem4py", module)
