"""Teams at the package level: WORLD is 0 and INVALID is -1, and a split
returns INVALID to the PEs outside the new team (the native call returns 0
there, as rocSHMEM's module does).

Every team made by a split is tracked by the native module (ids 1, 2, 3 ...
in creation order, never reused), so finalize can destroy the ones left
over: collectively, in creation order, which is the same relative order on
every PE that shares two teams (team splits are collective over the parent),
so no two PEs wait for each other in different teams.
"""
from . import _rocshmem4py as _native

WORLD = 0
INVALID = -1
TEAM_NUM_CONTEXTS = 1  # ROCSHMEM_TEAM_NUM_CONTEXTS: the config_mask bit of num_contexts


def split_strided(parent, start, stride, size, num_contexts=None):
    """Collective over `parent`: the team of its PEs start, start + stride, ...
    (size of them).  Returns the new team, or INVALID on PEs outside it;
    raises RuntimeError when the library refuses the arguments."""
    config = None if num_contexts is None else _native.TeamConfig(num_contexts)
    mask = 0 if config is None else TEAM_NUM_CONTEXTS
    status, team = _native.rocshmem_team_split_strided(parent, start, stride, size, config, mask)
    if status != _native.ROCSHMEM_SUCCESS:
        raise RuntimeError(f"rocshmem_team_split_strided(parent={parent}, start={start}, "
                           f"stride={stride}, size={size}) failed with status {status} "
                           "(the library printed why)")
    return team if team != 0 else INVALID


def destroy(team):
    """Collective over `team`; INVALID does nothing."""
    _native.rocshmem_team_destroy(team)


def live():
    """This PE's teams from splits that are not destroyed, in creation order."""
    return _native._teams_live()


def destroy_all():
    """Destroys every live team, in creation order (collective: see above)."""
    for team in sorted(live()):
        destroy(team)
