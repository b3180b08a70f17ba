"""The package as a user installs it: pip install --no-build-isolation of
python/ into a virtual environment (with the system's site packages, for
setuptools, wheel and pybind11), built against the installation `make
check` staged (ROCSHMEM_PREFIX), then a small program run by the
environment's interpreter, with no PYTHONPATH or LD_LIBRARY_PATH.  The
install writes nothing into the source folder it builds from (pip builds
in place, and a checkout may be read-only)."""
import os
import shutil
import site
import subprocess
import sys

import pytest

pytestmark = pytest.mark.single

SOURCE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "python")
PROGRAM = """
import array, rocshmem4py as rs
rs.rocshmem_init()
buf = rs.SymmetricBuffer(4, "int32")
buf.put(array.array("i", [1, 2, 3, 4]), 0)
out = array.array("i", [0] * 4)
buf.get(out, 0)
assert out.tolist() == [1, 2, 3, 4]
buf.free()
rs.rocshmem_finalize()
print("installed package works:", rs.__file__)
"""


def tree_state(root):
    """Every file and folder under root, with the size and modification
    time of the files."""
    state = {}
    for folder, dirs, files in os.walk(root):
        for name in dirs + files:
            path = os.path.join(folder, name)
            info = os.lstat(path)
            state[os.path.relpath(path, root)] = (info.st_size, info.st_mtime_ns) \
                if name in files else None
    return state


def test_pip_install_into_a_venv_and_run(tmp_path):
    prefix = os.environ.get("ROCTEST_STAGE_PREFIX")
    if not prefix or not os.path.isdir(os.path.join(prefix, "include", "rocshmem")):
        pytest.skip("no staged installation (ROCTEST_STAGE_PREFIX; make check stages one)")
    for module in ("venv", "setuptools", "wheel", "pybind11"):
        pytest.importorskip(module)
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "LD_LIBRARY_PATH")}
    # Debian's python3-venv may lack ensurepip's wheels: then there is no pip.
    venv = tmp_path / "venv"
    made = subprocess.run([sys.executable, "-m", "venv", "--system-site-packages", str(venv)],
                          env=env, capture_output=True, text=True)
    if made.returncode != 0:
        pytest.skip(f"cannot make a venv with pip (Debian: python3-venv): {made.stderr[-300:]}")
    python = str(venv / "bin" / "python")
    if sys.prefix != sys.base_prefix:
        # This interpreter is itself a venv's: --system-site-packages reaches
        # the base interpreter's packages, not this venv's (where setuptools
        # and pybind11 may be); a .pth file adds this one's too.
        purelib = subprocess.run([python, "-c", "import sysconfig; "
                                  "print(sysconfig.get_paths()['purelib'])"], env=env,
                                 capture_output=True, text=True, check=True).stdout.strip()
        with open(os.path.join(purelib, "parent_venv.pth"), "w") as pth:
            pth.write("\n".join(site.getsitepackages()) + "\n")
    # A copy of the sources as a checkout has them (no build outputs of a
    # make in the source tree), which the install must leave as it was.
    source = tmp_path / "src"
    shutil.copytree(SOURCE, source, ignore=shutil.ignore_patterns(
        "build", "*.egg-info", "__pycache__", "*.so", "_built_for.py"))
    before = tree_state(source)
    env.update(ROCSHMEM_PREFIX=prefix, CFLAGS="-O0 -g0")  # a quick build: this tests packaging
    pip = subprocess.run([python, "-m", "pip", "install", "--no-build-isolation", "--no-index",
                          "--no-deps", str(source)], env=env, capture_output=True, text=True,
                         timeout=900)
    assert pip.returncode == 0, pip.stdout[-3000:] + pip.stderr[-3000:]
    after = tree_state(source)
    changed = sorted(path for path in set(before) | set(after)
                     if before.get(path, "new") != after.get(path, "gone"))
    assert changed == [], f"pip install wrote into the source folder: {changed}"
    done = subprocess.run([python, "-c", PROGRAM], env=env, cwd=tmp_path, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "installed package works" in done.stdout and str(venv) in done.stdout, done.stdout
