"""Teams at the package level: WORLD (ROCSHMEM_TEAM_WORLD) is 0 and INVALID
(ROCSHMEM_TEAM_INVALID) is -1, and a split returns INVALID to the PEs
outside the new team (the native call does too: no path hands a non-member
0, which is the world team).  Every call taking a team takes both.

Every team made by a split is tracked by the native module (ids 1, 2, 3 ...
in creation order, never reused), so finalize can destroy the ones left
over: collectively, in creation order, which is the same relative order on
every PE that shares two teams (team splits are collective over the parent),
so no two PEs wait for each other in different teams.

rocshmem_team_split_strided and rocshmem_team_destroy here are rocSHMEM's
package-level forms: (status, team) from a split, and destroying one of the
predefined handles does nothing.
"""
from . import _rocshmem4py as _native

WORLD = ROCSHMEM_TEAM_WORLD = 0
INVALID = ROCSHMEM_TEAM_INVALID = -1
TEAM_NUM_CONTEXTS = 1  # ROCSHMEM_TEAM_NUM_CONTEXTS: the config_mask bit of num_contexts
_PREDEFINED = (WORLD, INVALID)


def rocshmem_team_split_strided(parent, start, stride, size, config=None, mask=0):
    """Collective over `parent`: (status, team) for the team of its PEs
    start, start + stride, ... (size of them); team is ROCSHMEM_TEAM_INVALID
    on PEs outside it and when the library refuses the arguments (status is
    then not ROCSHMEM_SUCCESS)."""
    return _native.rocshmem_team_split_strided(parent, start, stride, size, config, mask)


def rocshmem_team_destroy(team):
    """Collective over `team`; ROCSHMEM_TEAM_WORLD and ROCSHMEM_TEAM_INVALID
    are predefined and left alone."""
    if team not in _PREDEFINED:
        _native.rocshmem_team_destroy(team)


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
    return team


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
