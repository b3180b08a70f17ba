"""The native module's public names are exactly API.md's list."""
import os
import re

import pytest

from api_names import CALLS, PUBLIC, amo_ops

pytestmark = pytest.mark.single


def test_public_native_names_are_exactly_the_api_list():
    from rocshmem4py import _rocshmem4py as native
    public = {name for name in dir(native) if not name.startswith("_")}
    assert sorted(public - PUBLIC) == [], "exported but not in API.md"
    assert sorted(PUBLIC - public) == [], "in API.md but not exported"


def test_amo_matrix_has_74_routines_by_the_tables():
    # 7 standard types x 5, 9 extended x 3, 2 bitwise x 6.
    counts = {key: len(amo_ops(key)) for key in "int float uint32".split()}
    assert counts == {"int": 8, "float": 3, "uint32": 14}
    assert sum(1 for name in PUBLIC if "_atomic_" in name) == 74


def test_package_reexports_the_native_names():
    import rocshmem4py
    assert {name for name in PUBLIC if not hasattr(rocshmem4py, name)} == set()
    assert (rocshmem4py.WORLD, rocshmem4py.INVALID) == (0, -1)


def api_md():
    srcdir = os.environ.get("ROCTEST_SRCDIR", os.path.join(os.path.dirname(__file__), "..", ".."))
    return os.path.join(srcdir, "..", "shared", "API.md")


@pytest.mark.skipif(not os.path.exists(api_md()), reason="no ../shared/API.md next to the tree")
def test_the_expected_list_matches_api_md():
    text = open(api_md()).read()
    section = text[text.index("## Python: rocshmem4py"):]
    section = section[:section.index("Team handles in Python")]
    # The AMO matrix is written rocshmem_{int,long,...}_atomic_*: no match here.
    names = set(re.findall(r"\b(?:rocshmem_\w+|hip_device_synchronize|TeamConfig)\b", section))
    assert names == set(CALLS)
