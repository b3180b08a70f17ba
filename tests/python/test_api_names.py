"""The native module's public names are exactly the contract's list (api_names.py:
rocSHMEM's rocshmem4py names)."""

import pytest

from api_names import CALLS, PUBLIC, amo_ops

pytestmark = pytest.mark.single


def test_public_native_names_are_exactly_the_api_list():
    from rocshmem4py import _rocshmem4py as native
    public = {name for name in dir(native) if not name.startswith("_")}
    assert sorted(public - PUBLIC) == [], "exported but not in the contract"
    assert sorted(PUBLIC - public) == [], "in the contract but not exported"


def test_amo_matrix_has_74_routines_by_the_tables():
    # 7 standard types x 5, 9 extended x 3, 2 bitwise x 6.
    counts = {key: len(amo_ops(key)) for key in "int float uint32".split()}
    assert counts == {"int": 8, "float": 3, "uint32": 14}
    assert sum(1 for name in PUBLIC if "_atomic_" in name) == 74


def test_package_reexports_the_native_names():
    import rocshmem4py
    assert {name for name in PUBLIC if not hasattr(rocshmem4py, name)} == set()
    assert (rocshmem4py.WORLD, rocshmem4py.INVALID) == (0, -1)



def test_readme_lists_every_name_of_rocshmems_package_once():
    import os
    import re
    from test_contract import CONTRACT_ALL
    readme = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "python",
                          "README.md")
    with open(readme) as f:
        text = f.read()
    section = text.split("## rocSHMEM's package, name by name", 1)[1].split("\n## ", 1)[0]
    listed = re.findall(r"^\| `([A-Za-z0-9_]+)` \|", section, re.M)
    want = set(CONTRACT_ALL) | {"__all__", "TeamConfig", "hip_device_synchronize"}
    assert sorted(want - set(listed)) == [] and len(listed) == len(set(listed))
    assert sorted(set(listed) - want) == []
