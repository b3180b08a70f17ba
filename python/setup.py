"""Builds rocshmem4py's native module against an installed rocshmem.

The installation is ROCSHMEM_PREFIX when set (PREFIX/include, PREFIX/lib
or lib64), else what `pkg-config rocshmem` reports.  The module records
the library directory as its run path, so it finds librocshmem without
LD_LIBRARY_PATH.  The same sources build with `make` when rocshmem is
configured with --enable-python (python/local.mk).  Nothing is written
into the source tree.
"""
import atexit
import glob
import os
import re
import shutil
import subprocess
import tempfile

from pybind11.setup_helpers import ParallelCompile, Pybind11Extension, build_ext
from setuptools import setup

HELP = ("rocshmem4py: point ROCSHMEM_PREFIX at the rocshmem installation (the --prefix "
        "of its `make install`), or make `pkg-config rocshmem` find it "
        "(PKG_CONFIG_PATH=PREFIX/lib/pkgconfig)")


def pkg_config_variable(name):
    try:
        out = subprocess.run(["pkg-config", f"--variable={name}", "rocshmem"],
                             check=True, capture_output=True, text=True)
    except (OSError, subprocess.CalledProcessError):
        raise SystemExit(HELP) from None
    return out.stdout.strip()


def installed_rocshmem():
    """(include directory, library directory) of the installed library."""
    prefix = os.environ.get("ROCSHMEM_PREFIX")
    if prefix:
        include = os.path.join(prefix, "include")
        libs = [os.path.join(prefix, d) for d in ("lib", "lib64")]
        lib = next((d for d in libs if glob.glob(os.path.join(d, "librocshmem.so*"))), libs[0])
    else:
        include, lib = pkg_config_variable("includedir"), pkg_config_variable("libdir")
    if not os.path.isfile(os.path.join(include, "rocshmem", "rocshmem.h")):
        raise SystemExit(f"{HELP}: no rocshmem/rocshmem.h under {include}")
    if not glob.glob(os.path.join(lib, "librocshmem.so*")):
        raise SystemExit(f"{HELP}: no librocshmem.so in {lib}")
    return include, lib


def library_version(include):
    with open(os.path.join(include, "rocshmem", "rocshmem_version.h")) as header:
        return re.search(r'ROCSHMEM_VERSION_STRING "([^"]+)"', header.read()).group(1)


include_dir, lib_dir = installed_rocshmem()
# The module's sources compile in parallel: one process per CPU, or
# NPY_NUM_BUILD_JOBS (numpy's variable, which pybind11 reads).  One after the
# other they took 48 s on 2 cores at -O0 (tests/python/test_install.py).
ParallelCompile("NPY_NUM_BUILD_JOBS").install()
os.chdir(os.path.dirname(os.path.abspath(__file__)))  # setuptools wants relative sources
# Nothing is written into the source tree (which may be read-only): setuptools'
# build/ and *.egg-info go to a scratch folder, removed when the build ends
# (the wheel and its metadata are written where pip asks, elsewhere).
scratch = tempfile.mkdtemp(prefix="rocshmem4py-build.")
atexit.register(shutil.rmtree, scratch, ignore_errors=True)
setup(
    options={"build": {"build_base": os.path.join(scratch, "build")},
             "egg_info": {"egg_base": scratch}},
    version=library_version(include_dir),
    ext_modules=[Pybind11Extension(
        "_rocshmem4py", sorted(glob.glob("src/*.cc")),
        include_dirs=[include_dir], library_dirs=[lib_dir], runtime_library_dirs=[lib_dir],
        libraries=["rocshmem"], cxx_std=17)],
    cmdclass={"build_ext": build_ext},
)
