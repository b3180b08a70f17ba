"""Team split/translate/sync/destroy, TeamConfig and the package registry
(2 PEs)."""
import pytest


def test_split_of_every_pe_reversed(rs, me, npes):
    status, team = rs.rocshmem_team_split_strided(rs.WORLD, npes - 1, -1, npes, None, 0)
    assert status == rs.ROCSHMEM_SUCCESS and team > 0
    assert rs.rocshmem_team_my_pe(team) == npes - 1 - me
    assert rs.rocshmem_team_n_pes(team) == npes
    for j in range(npes):
        assert rs.rocshmem_team_translate_pe(team, j, rs.WORLD) == npes - 1 - j
        assert rs.rocshmem_team_translate_pe(rs.WORLD, j, team) == npes - 1 - j
    assert rs.rocshmem_team_sync(team) == 0
    rs.rocshmem_barrier(team)
    rs.rocshmem_team_destroy(team)
    with pytest.raises(ValueError, match="not a live team"):
        rs.rocshmem_team_my_pe(team)


def test_non_member_gets_invalid_natively_and_from_the_package(rs, me, npes):
    status, team = rs._rocshmem4py.rocshmem_team_split_strided(rs.WORLD, 0, 1, 1, None, 0)
    assert status == 0 and (team > 0) == (me == 0) and (team == rs.INVALID) == (me != 0)
    if team > 0:
        assert rs.rocshmem_team_n_pes(team) == 1 and rs.rocshmem_team_my_pe(team) == 0
        assert rs.rocshmem_team_translate_pe(team, 0, rs.WORLD) == 0
        rs.rocshmem_team_destroy(team)
    else:
        assert rs.rocshmem_team_translate_pe(rs.WORLD, me, rs.WORLD) == me
    package_team = rs.teams.split_strided(rs.WORLD, npes - 1, 1, 1)
    assert (package_team == rs.INVALID) == (me != npes - 1)
    if package_team != rs.INVALID:
        assert rs.teams.live() == [package_team]
    rs.teams.destroy(package_team)  # INVALID does nothing
    assert rs.teams.live() == []


def test_queries_on_invalid_return_minus_one(rs, me):
    assert rs.rocshmem_team_my_pe(rs.INVALID) == -1
    assert rs.rocshmem_team_n_pes(rs.INVALID) == -1
    assert rs.rocshmem_team_translate_pe(rs.INVALID, 0, rs.WORLD) == -1
    assert rs.rocshmem_team_translate_pe(rs.WORLD, me, rs.INVALID) == -1
    assert rs.rocshmem_team_translate_pe(rs.WORLD, 99, rs.WORLD) == -1
    rs.rocshmem_team_destroy(rs.INVALID)


def test_team_config(rs):
    config = rs.TeamConfig(num_contexts=3)
    assert config.num_contexts == 3 and repr(config) == "TeamConfig(num_contexts=3)"
    config.num_contexts = 2
    assert rs.TeamConfig().num_contexts == 0
    status, team = rs.rocshmem_team_split_strided(rs.WORLD, 0, 1, 2, config, 1)
    assert status == 0 and team > 0
    rs.rocshmem_team_destroy(team)
    assert rs.teams.split_strided(rs.WORLD, 0, 1, 2, num_contexts=1) > 0
    rs.teams.destroy_all()
    assert rs.teams.live() == []


def test_refused_arguments_report_a_status(rs):
    # The library refuses (and prints why) without a collective: every PE gets it.
    status, team = rs.rocshmem_team_split_strided(rs.WORLD, 0, 1, 5, None, 0)
    assert status != 0 and team == rs.INVALID
    status, team = rs.rocshmem_team_split_strided(rs.WORLD, 0, 1, 2, rs.TeamConfig(-1), 1)
    assert status != 0 and team == rs.INVALID
    with pytest.raises(RuntimeError, match="failed with status"):
        rs.teams.split_strided(rs.WORLD, 3, 1, 1)


def test_nested_split_and_ids_in_creation_order(rs, me, npes):
    outer = rs.teams.split_strided(rs.WORLD, 0, 1, npes)
    inner = rs.teams.split_strided(outer, 0, 1, npes)
    assert 0 < outer < inner and rs.teams.live() == [outer, inner]
    assert rs.rocshmem_team_translate_pe(inner, me, outer) == me
    rs.teams.destroy_all()
    assert rs.teams.live() == []
