#!/bin/bash
# A real two-host run on one machine: two network namespaces joined by a veth
# pair, 2 PEs in each, launched by one mpirun across them.  Open MPI starts
# the remote daemon through a launch agent that runs it with `ip netns exec`
# (instead of ssh), and the PEs of different namespaces reach each other
# through UCX over TCP on the veth link.  Each namespace is its own node to
# rocshmem (its node identity includes the network namespace).
#
# Skipped, with the reason, where namespaces cannot be made (not root, no
# iproute2, no CAP_NET_ADMIN) or the library has no UCX.  The programs' own
# TAP cases are re-emitted, so every case counts.
. "${ROCTEST_SRCDIR:-.}/tests/functional/common/tap.sh"
builddir=${ROCTEST_BUILDDIR:-.}
# RMA, synchronization, and teams and active sets spanning the two hosts,
# whose synchronizations and collectives are MPI's there (sync/boot_comm.h).
# (sync/barrier once stalled here under heavy load, load average 14, in its
# all-to-all rounds of the library's own barrier, which the hosts no longer
# use.)
programs="tests/functional/rma/putmem_getmem tests/functional/sync/barrier
  tests/functional/team/team tests/functional/coll/active_set"

ns1=rocshmem-h1-$$ ns2=rocshmem-h2-$$
dev1=rsv1-$$ dev2=rsv2-$$
# Addresses of our own test hosts: a private /24 that exists only between
# the two namespaces made here.
ip1=10.231.$(( $$ % 200 )).1 ip2=10.231.$(( $$ % 200 )).2
agent=$(mktemp /tmp/rocshmem-nsagent.XXXXXX)

cleanup() {
  ip netns del "$ns1" 2>/dev/null
  ip netns del "$ns2" 2>/dev/null
  rm -f "$agent"
}
trap cleanup EXIT

skip_all() {
  echo "1..0 # SKIP $1"
  exit 0
}


[ "$(id -u)" = 0 ] || skip_all "network namespaces need root"
command -v ip >/dev/null || skip_all "iproute2 (ip) is not installed"
"$builddir/tools/rocshmem_info" --build | grep -q '^UCX: *no' &&
  skip_all "rocshmem was built without UCX"
ip netns add "$ns1" 2>/dev/null || skip_all "cannot create network namespaces here"
ip netns add "$ns2" &&
  ip link add "$dev1" type veth peer name "$dev2" &&
  ip link set "$dev1" netns "$ns1" && ip link set "$dev2" netns "$ns2" &&
  ip -n "$ns1" addr add "$ip1/24" dev "$dev1" && ip -n "$ns2" addr add "$ip2/24" dev "$dev2" &&
  ip -n "$ns1" link set "$dev1" up && ip -n "$ns2" link set "$dev2" up &&
  ip -n "$ns1" link set lo up && ip -n "$ns2" link set lo up ||
  skip_all "cannot set up the veth link between the namespaces"

# The launch agent: "HOST COMMAND..." -> COMMAND inside HOST's namespace,
# with UCX told which device is that host's.
cat > "$agent" <<AGENT
#!/bin/sh
host="\$1"; shift
case "\$host" in
  $ip1) ns=$ns1 dev=$dev1 ;;
  $ip2) ns=$ns2 dev=$dev2 ;;
  *) echo "rocshmem-nsagent: unknown host \$host" >&2; exit 1 ;;
esac
exec ip netns exec "\$ns" env UCX_NET_DEVICES="\$dev" sh -c "\$*"
AGENT
chmod 700 "$agent"

export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
export OMPI_MCA_rmaps_base_oversubscribe=1
for prog in $programs; do
  tap_run_program "two hosts (2 namespaces x 2 PEs, UCX over TCP): $prog" \
    timeout 180 ip netns exec "$ns1" env UCX_NET_DEVICES="$dev1" UCX_TLS=tcp,self \
    "$builddir/oshmem_compat/oshrun" --mca plm_rsh_agent "$agent" --mca btl self,tcp \
    --mca oob_tcp_if_include "$ip1/24" --mca btl_tcp_if_include "$ip1/24" -x UCX_TLS \
    -x ROCTEST_PES_PER_NODE=2 \
    --host "$ip1:2,$ip2:2" -np 4 "$builddir/$prog"
done
tap_finish
