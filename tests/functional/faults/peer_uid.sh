#!/bin/sh
# Another user at the same-node descriptor socket: peer_uid.cc
# forks a leader and a member of the real exchange (shm_exchange_fds) and a
# process of another uid (ROCTEST_STRANGER_UID, default 65534) that either
# connects to the leader first or listens at the leader's name first.  Needs
# root to start that process; otherwise its cases are TAP SKIPs saying so.
. "${ROCTEST_SRCDIR:-.}/tests/functional/common/tap.sh"

prog=${ROCTEST_BUILDDIR:-.}/tests/functional/faults/peer_uid
tap_run_program "same-node socket, another uid" timeout -k 5 "${ROCTEST_TIMEOUT:-120}" "$prog"
tap_finish
