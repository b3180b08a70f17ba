#!/bin/sh
# Prints a TCP port for ROCSHMEM_MASTER_PORT that nothing on this host uses.
#
#   free_port.sh [SEED]    (SEED: any number, by default this shell's PID)
#
# The unique-id bootstrap's environment mode needs a fixed port, chosen before
# the job starts.  The port is taken below the kernel's ephemeral range
# (net.ipv4.ip_local_port_range): any port in that range may be handed out at
# any moment as the local end of some other test's connection or as UCX's
# listener, and then PE 0's bind fails with "Address already in use".  Ports
# bound now (/proc/net/tcp and tcp6, any state) are skipped, starting from
# SEED so that tests running side by side start far apart.
seed=${1:-$$}
low=32768
if read -r first _ </proc/sys/net/ipv4/ip_local_port_range 2>/dev/null; then low=$first; fi
base=10000
[ "$low" -gt $((base + 1000)) ] || base=1024
span=$((low - base))
cat /proc/net/tcp /proc/net/tcp6 2>/dev/null |
  awk -v seed="$seed" -v base="$base" -v span="$span" '
    function hex(s,   i, v) {
      v = 0
      for (i = 1; i <= length(s); i++) v = v * 16 + index("0123456789ABCDEF", toupper(substr(s, i, 1))) - 1
      return v
    }
    $2 ~ /:/ { split($2, a, ":"); used[hex(a[2])] = 1 }
    END {
      for (k = 0; k < span; k++) {
        p = base + (seed + k) % span
        if (!(p in used)) { print p; exit 0 }
      }
      exit 1
    }'
