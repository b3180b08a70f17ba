"""The module layout of rocSHMEM's package: _rocshmem4py is a top-level
module that rocshmem4py re-exports, and every way of importing it, in every
order, even with the package's own folder on sys.path, ends in one module
object.  And an interpreter the module was not built for is told which one
it was built for."""
import itertools
import os
import shutil
import subprocess
import sys

import pytest

from spawn import run

pytestmark = pytest.mark.single

WAYS = {
    "top": "import _rocshmem4py as m",
    "sub": "import rocshmem4py._rocshmem4py as m",
    "from": "from rocshmem4py import _rocshmem4py as m",
    "names": "from _rocshmem4py import rocshmem_init as f; import sys; m = sys.modules[f.__module__]",
}


def package_dir():
    import rocshmem4py
    return os.path.dirname(rocshmem4py.__file__)


@pytest.mark.parametrize("order", list(itertools.permutations(WAYS, 3)),
                         ids=lambda order: "-".join(order))
@pytest.mark.parametrize("package_dir_on_path", [False, True], ids=["plain", "pkgdir"])
def test_every_import_is_one_module(order, package_dir_on_path):
    lines = ["import sys", "seen = []"]
    if package_dir_on_path:  # what running a script from inside the package does
        lines.append(f"sys.path.insert(0, {package_dir()!r})")
    for way in order:
        lines += [WAYS[way], "seen.append(m)"]
    lines += ["import rocshmem4py",
              "assert all(s is seen[0] for s in seen), seen",
              "assert rocshmem4py._rocshmem4py is seen[0]",
              "assert rocshmem4py.rocshmem_init is seen[0].rocshmem_init",
              "assert sys.modules['rocshmem4py._rocshmem4py'] is sys.modules['_rocshmem4py']",
              "print('one module:', seen[0].__name__)"]
    done = run([sys.executable, "-c", "\n".join(lines)])
    assert "one module: _rocshmem4py" in done.stdout


def test_rocshmem_style_package_code_works():
    """What rocSHMEM's own rocshmem4py/__init__.py does."""
    code = ("from _rocshmem4py import rocshmem_init, rocshmem_my_pe, rocshmem_finalize\n"
            "import _rocshmem4py as _ext\n"
            "rocshmem_init(); assert rocshmem_my_pe() == 0 == _ext.rocshmem_my_pe()\n"
            "rocshmem_finalize(); print('rocSHMEM layout works')")
    assert "rocSHMEM layout works" in run([sys.executable, "-c", code]).stdout


def other_interpreter():
    """A Python other than this one (a different version), if there is one."""
    for name in ("python3", "python3.12", "python3.13", "python3.10", "python3.9"):
        path = shutil.which(name)
        if not path:
            continue
        version = subprocess.run([path, "-c", "import sys; print(sys.version_info[:2])"],
                                 capture_output=True, text=True).stdout.strip()
        if version and version != str(tuple(sys.version_info[:2])):
            return path
    return None


def test_another_interpreter_is_told_which_one_to_use():
    python = other_interpreter()
    if python is None:
        pytest.skip("no Python of another version on PATH")
    done = run([python, "-c", "import rocshmem4py"], check=False)
    assert done.returncode != 0
    assert "does not load into this interpreter" in done.stdout, done.stdout
    # make install records the interpreter (a pip build is for pip's own).
    try:
        from rocshmem4py._built_for import PYTHON, VERSION
    except ImportError:
        pytest.skip("this installation did not record its interpreter (a pip build)")
    assert f"built for Python {VERSION} ({PYTHON})" in done.stdout, done.stdout


def test_missing_dependency_names_the_interpreters(tmp_path):
    """An interpreter that loads the module but lacks mpi4py (the first
    python3 on PATH, often): init_with_mpi's ImportError says which
    interpreter the package was built for.  Simulated with a Python whose
    mpi4py import fails."""
    try:
        from rocshmem4py._built_for import PYTHON
    except ImportError:
        pytest.skip("this installation did not record its interpreter (a pip build)")
    blocker = tmp_path / "mpi4py"
    blocker.mkdir()
    (blocker / "__init__.py").write_text("raise ImportError('no mpi4py in this interpreter')\n")
    link = tmp_path / "python3-other"
    link.symlink_to(os.path.realpath(sys.executable))  # another sys.executable than PYTHON
    code = ("import rocshmem4py\ntry:\n    rocshmem4py.init_with_mpi()\n"
            "except ImportError as error:\n    print(error)\n")
    done = run([str(link), "-c", code], PYTHONPATH=f"{tmp_path}:{os.environ.get('PYTHONPATH', '')}")
    assert "init_with_mpi needs mpi4py.MPI" in done.stdout, done.stdout
    assert "rocshmem4py was built for Python" in done.stdout and PYTHON in done.stdout, done.stdout
