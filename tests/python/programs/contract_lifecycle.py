"""Under mpirun -np N: rocSHMEM's init_with_mpi(mpi_comm=...) and
finalize_with_mpi, with teams left over (one of every PE, one nested in it
of PE 0 only, one of the even PEs): non-members get ROCSHMEM_TEAM_INVALID,
and finalize_with_mpi destroys the leftovers, in sorted order, and ends
cleanly; a second finalize_with_mpi does nothing."""
from mpi4py import MPI

import rocshmem4py as rs

rs.init_with_mpi(mpi_comm=MPI.COMM_WORLD)
me, n = rs.rocshmem_my_pe(), rs.rocshmem_n_pes()
assert (me, n) == (MPI.COMM_WORLD.Get_rank(), MPI.COMM_WORLD.Get_size())
WORLD, INVALID = rs.ROCSHMEM_TEAM_WORLD, rs.ROCSHMEM_TEAM_INVALID
made = []
for parent, start, stride, size in ((WORLD, 0, 1, n), (None, 0, 1, 1), (WORLD, 0, 2, (n + 1) // 2)):
    status, team = rs.rocshmem_team_split_strided(made[0] if parent is None else parent,
                                                  start, stride, size)
    assert status == rs.ROCSHMEM_SUCCESS
    made.append(team)
everyone, first, evens = made
assert everyone not in (WORLD, INVALID)
assert (first == INVALID) == (me != 0) and (evens == INVALID) == (me % 2 == 1)
leaked = sorted(team for team in made if team != INVALID)
assert rs.teams.live() == leaked

destroyed = []
destroy = rs.teams.destroy
rs.teams.destroy = lambda team: (destroyed.append(team), destroy(team))
rs.finalize_with_mpi()
assert destroyed == leaked, (destroyed, leaked)
assert not rs._rocshmem4py._initialized()
rs.finalize_with_mpi()  # nothing to finalize: a no-op
assert destroyed == leaked
print(f"PE {me} of {n}: contract lifecycle OK, drained {destroyed}")
