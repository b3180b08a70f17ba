#!/bin/bash
# Runs every GPU test on this machine's GPU(s) with 2 and 4 PEs, with MPS off
# and then on (several PEs share one GPU), and prints one TAP stream plus a
# summary line "N passed, N failed".  With the defaults it fits one
# 10-minute call of the GPU machine (see tests/README.md for the times); the
# variables below choose a slice.
#
#   here:   bash tests/gpu/stage.sh BUILD_DIR build-gpu-tests   (a --with-cuda build)
#   there:  bash tests/gpu/run_gpu_tests.sh build-gpu-tests
#
# STAGED is a folder made by stage.sh (lib/, bin/) or a build tree itself.
# Environment: NPS (default "2 4"), MPS_MODES (default "off on"), TEST_TIMEOUT
# (seconds per run, default 300), GPU_SETS (default "all": every GPU; else a
# space-separated list of CUDA_VISIBLE_DEVICES values, each a pass of its
# own, e.g. "0 0,1" = one GPU, then two).  PE i runs on GPU (node-local rank
# i) mod (visible GPUs): with 2 GPUs, 2 PEs get one GPU each, 4 PEs two each.
# PROXY_MODES: ROCSHMEM_GPU_PROXY values (default "auto all" with MPS on,
# "auto" with MPS off).  auto, the default, where these same-node PEs use
# IPC; all, where every device RMA/AMO to another PE goes through the host
# proxy: without MPS the PEs' processes take turns on the GPU, and every
# request through the proxy waits for its process's turn (amo took 143 s
# on 2 PEs and 173 s on 4, coll on 4 more than 300 s), so by default only
# the proxy program itself goes through it with MPS off; or "nodes": every
# PE its own emulated node (ROCSHMEM_PES_PER_NODE=1, UCX_TLS=tcp,self), so
# peers' GPU heaps are reached only over UCX: host calls and the proxy ask
# the target PE to do the work (a library built with UCX; stage.sh brings
# UCX along).  It is slow: coll on 4 PEs took 273 s on the H200 machine
# (every device transfer a TCP round trip through both hosts).  "direct":
# nodes again, against the UCX with GPU support that stage.sh carried as
# ucx-gpu/ (UCX_GPU=...; skipped without it, UCX_TLS=tcp,cuda_copy,self)
# with ROCSHMEM_GPU_NET_DIRECT=on: puts and gets land in the peers'
# registered GPU heaps through UCX, and every PE must report that path at
# init; then rma once with auto, where every PE must report the staged path
# (tcp registers no GPU memory).  coll also
# runs once more with ROCSHMEM_GPU_COLL_PUSH=0 (every size on the pull path)
# and once with ROCSHMEM_GPU_COLL_PUSH=4096 on PE 0 only (every PE must take
# 4096).  The proxy test forces all itself and runs once per size, with its
# finalize-report child (`proxy --leftover`).  PROGS: the programs to run
# (default every one: "rma amo sync stream coll ctx module proxy errors
# waits"; errors and waits run their cases once per GPU set and PE count, in
# the first MPS mode).
set -u
staged=$(cd "${1:?usage: $0 STAGED_OR_BUILD_DIR}" && pwd)
if [ -d "$staged/bin" ]; then bin=$staged/bin lib=$staged/lib
else bin=$staged/tests/gpu lib=$staged/.libs; fi
export LD_LIBRARY_PATH="$lib:${LD_LIBRARY_PATH:-}"
# UCX's modules, when stage.sh brought UCX along
if [ -d "$lib/ucx" ] && [ -z "${UCX_MODULE_DIR:-}" ]; then export UCX_MODULE_DIR=$lib/ucx; fi
export NVSHMEM_DISABLE_NVLS=1 OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
export OMPI_MCA_rmaps_base_oversubscribe=1
mps_control=${MPS_CONTROL:-/usr/local/nvidia/bin/nvidia-cuda-mps-control}
[ -x "$mps_control" ] || mps_control=$(command -v nvidia-cuda-mps-control || true)

nvidia-smi -L 2>/dev/null | sed 's/^/# /'
nvidia-smi topo -m 2>/dev/null | sed 's/^/# /'
passed=0 failed=0 n=0
progs=${PROGS:-rma amo sync stream coll ctx module proxy errors waits}
want() { case " $progs " in *" $1 "*) return 0 ;; esac; return 1; }
run_one() { # MODE NP PROG [ARGS]
  local mode=$1 np=$2 prog=$3
  shift 3
  local out rc label="$prog np=$np GPUs $gpus MPS $mode${ROCSHMEM_GPU_PROXY:+ proxy $ROCSHMEM_GPU_PROXY}${ROCSHMEM_PES_PER_NODE:+ nodes of $ROCSHMEM_PES_PER_NODE PE}${ROCSHMEM_GPU_COLL_PUSH:+ coll push $ROCSHMEM_GPU_COLL_PUSH}"
  # PE0_ENV: VAR=VALUE set for PE 0 only (the others keep the environment).
  local launch=(-np "$np" "$bin/$prog" "$@")
  if [ -n "${PE0_ENV:-}" ]; then
    label="$label, PE 0 only $PE0_ENV"
    launch=(-np 1 env "$PE0_ENV" "$bin/$prog" "$@" : -np $((np - 1)) "$bin/$prog" "$@")
  fi
  local t0=$SECONDS
  out=$(timeout "${TEST_TIMEOUT:-300}" mpirun --bind-to none "${launch[@]}" 2>&1)
  rc=$?
  local secs=$((SECONDS - t0))
  pkill -9 -f "$bin/$prog" 2>/dev/null
  local ok=$(echo "$out" | grep -c '^ok ') bad=$(echo "$out" | grep -c '^not ok ')
  n=$((n + 1))
  # EXPECT_LOG: a line every PE must print (with ROCSHMEM_DEBUG_LEVEL=2 set
  # by the caller): which path init chose, say.
  if [ -n "${EXPECT_LOG:-}" ]; then
    local pes_logged=$(echo "$out" | grep -F "$EXPECT_LOG" | grep -o '^rocshmem\[PE [0-9]*\]' | sort -u | wc -l)
    if [ "$pes_logged" -ne "$np" ]; then
      bad=$((bad + 1))
      out="$out
'$EXPECT_LOG' printed by $pes_logged of $np PEs"
    fi
  fi
  if [ "$rc" -eq 0 ] && [ "$bad" -eq 0 ] && [ "$ok" -gt 0 ]; then
    passed=$((passed + ok))
    echo "ok $n - $label ($ok cases, ${secs} s)"
  else
    failed=$((failed + bad + 1))
    echo "not ok $n - $label (exit $rc, $ok ok, $bad not ok, ${secs} s)"
    echo "$out" | tail -n 25 | sed 's/^/#   /'
  fi
}
# One TAP line for a check of a whole job: "ok" with OK_TEXT when GOOD is 1,
# else "not ok" with FAIL_TEXT and the tail of the job's output.
tap_check() { # GOOD OK_TEXT FAIL_TEXT OUTPUT
  n=$((n + 1))
  if [ "$1" = 1 ]; then
    passed=$((passed + 1))
    echo "ok $n - $2"
  else
    failed=$((failed + 1))
    echo "not ok $n - $3"
    echo "$4" | tail -n 25 | sed 's/^/#   /'
  fi
}
# Bad input (tests/gpu/errors.cu): for each case the library prints a line
# naming the call and the argument, a kernel's launch fails, and the job
# exits non-zero (one job per case).  A case may need an environment (every
# PE its own node: a library built with UCX; skipped otherwise).
has_ucx() { ldd "$lib/librocshmem.so" 2>/dev/null | grep -q libucp; }
run_errors() { # NP
  local c env out rc re
  while read -r c env; do
    if [[ " $env" = *" ROCSHMEM_PES_PER_NODE="* ]] && ! has_ucx; then
      tap_check 1 "errors $c np=$1 # SKIP the library has no UCX (other nodes unreachable)"
      continue
    fi
    out=$(env $env timeout "${TEST_TIMEOUT:-300}" mpirun -np "$1" --bind-to none "$bin/errors" "$c" 2>&1 </dev/null)
    rc=$?
    pkill -9 -f "$bin/errors" 2>/dev/null
    re=$(echo "$out" | sed -n 's/^expect: //p' | head -1)
    local good=0
    if [ "$rc" -ne 0 ] && [ "$rc" -ne 124 ] && [ -n "$re" ] && echo "$out" | grep -q "^$re" &&
       echo "$out" | grep -q '^launch failed: \|^host call: ' &&
       ! echo "$out" | grep -q '^launch succeeded\|^call returned'; then good=1; fi
    tap_check "$good" "errors $c np=$1 GPUs $gpus${env:+ $env} (named the call and argument, failed, exit $rc)" \
      "errors $c np=$1 GPUs $gpus${env:+ $env} (exit $rc; wanted a line '$re')" "$out"
  done < <("$bin/errors" --list)
}
# Time limits of device waits (tests/gpu/waits.cu), one job per case: a
# hang case must print its line, fail its launch within the limit (2 s) plus
# WAITS_MARGIN seconds (default 3: the clock is looked at every 256 polls,
# the trap waits for the report) and exit non-zero; a ready case must
# succeed with the values waited for (and print its line, if it has one).
run_waits() { # NP
  local c kind env out rc re secs good
  while read -r c kind env; do
    if [[ " $env" = *" ROCSHMEM_PES_PER_NODE="* ]] && ! has_ucx; then
      tap_check 1 "waits $c np=$1 # SKIP the library has no UCX (other nodes unreachable)"
      continue
    fi
    out=$(env $env timeout 120 mpirun -np "$1" --bind-to none "$bin/waits" "$c" 2>&1 </dev/null)
    rc=$?
    pkill -9 -f "$bin/waits" 2>/dev/null
    re=$(echo "$out" | sed -n 's/^expect: //p' | head -1)
    good=0
    if [ "$kind" = hang ]; then
      secs=$(echo "$out" | sed -n 's/^launch failed after \([0-9.]*\) s: .*/\1/p' | head -1)
      if [ "$rc" -ne 0 ] && [ "$rc" -ne 124 ] && [ -n "$re" ] && echo "$out" | grep -q "^$re" &&
         [ -n "$secs" ] && awk -v s="$secs" -v m="${WAITS_MARGIN:-3}" 'BEGIN { exit !(s <= 2 + m) }'
      then good=1; fi
      tap_check "$good" "waits $c np=$1 GPUs $gpus $env (named the wait, failed after $secs s, exit $rc)" \
        "waits $c np=$1 GPUs $gpus $env (exit $rc, failed after '$secs' s; wanted a line '$re')" "$out"
    else
      if [ "$rc" -eq 0 ] && echo "$out" | grep -q '^launch succeeded' &&
         echo "$out" | grep -q '^values ok' && { [ -z "$re" ] || echo "$out" | grep -q "^$re"; }
      then good=1; fi
      tap_check "$good" "waits $c np=$1 GPUs $gpus $env (satisfied before the limit: returned the values)" \
        "waits $c np=$1 GPUs $gpus $env (exit $rc${re:+; wanted a line '$re'})" "$out"
    fi
  done < <("$bin/waits" --list)
}
# A kernel still posting to the proxy at rocshmem_finalize: every PE must
# report the requests it left, and return.
run_leftover() { # NP
  local out rc reports returned
  out=$(timeout "${TEST_TIMEOUT:-300}" mpirun -np "$1" --bind-to none "$bin/proxy" --leftover 2>&1)
  rc=$?
  pkill -9 -f "$bin/proxy" 2>/dev/null
  reports=$(echo "$out" | grep -c 'rocshmem_finalize: a kernel left [1-9][0-9]* proxy requests unfinished')
  returned=$(echo "$out" | grep -c 'rocshmem_finalize returned')
  local good=0
  if [ "$rc" -eq 0 ] && [ "$reports" -eq "$1" ] && [ "$returned" -eq "$1" ]; then good=1; fi
  tap_check "$good" "proxy --leftover np=$1 (every PE reported and returned)" \
    "proxy --leftover np=$1 (exit $rc, $reports reports, $returned returns)" "$out"
}
for gpus in ${GPU_SETS:-all}; do
if [ "$gpus" = all ]; then unset CUDA_VISIBLE_DEVICES; else export CUDA_VISIBLE_DEVICES=$gpus; fi
echo "# GPUs: $gpus"
first_mode=${MPS_MODES:-off on}; first_mode=${first_mode%% *}
for mode in ${MPS_MODES:-off on}; do
  if [ "$mode" = on ]; then
    if [ -z "$mps_control" ]; then echo "# MPS control not found: skipping MPS on"; continue; fi
    "$mps_control" -d && echo "# MPS started"
  fi
  for np in ${NPS:-2 4}; do
    if [ "$mode" = on ]; then proxies=${PROXY_MODES:-auto all}; else proxies=${PROXY_MODES:-auto}; fi
    for proxy in $proxies; do
      direct_log=
      if [ "$proxy" = direct ]; then
        if [ ! -d "$staged/ucx-gpu/lib" ]; then
          echo "# direct mode skipped: no ucx-gpu/ staged (stage.sh with UCX_GPU=PREFIX)"
          continue
        fi
        export ROCSHMEM_GPU_PROXY=auto ROCSHMEM_PES_PER_NODE=1 UCX_TLS=tcp,cuda_copy,self
        export ROCSHMEM_GPU_NET_DIRECT=on
        export LD_LIBRARY_PATH=$staged/ucx-gpu/lib:$LD_LIBRARY_PATH UCX_MODULE_DIR=$staged/ucx-gpu/lib/ucx
        direct_log="other nodes' GPU heaps: registered with UCX"
      elif [ "$proxy" = nodes ]; then
        export ROCSHMEM_GPU_PROXY=auto ROCSHMEM_PES_PER_NODE=1 UCX_TLS=${NODES_UCX_TLS:-tcp,self}
      else
        export ROCSHMEM_GPU_PROXY=$proxy
        unset ROCSHMEM_PES_PER_NODE UCX_TLS
      fi
      for prog in $progs; do
        case "$prog" in
          module) run_one "$mode" "$np" module "$bin/module_kernel.gpubin" ;;
          proxy | errors | waits) ;;
          coll) # init must choose the collectives' push path exactly when no PE uses the proxy
            if [ "$proxy" != auto ]; then want_log="device collectives: push path off (a PE uses the GPU proxy)"
            else want_log="device collectives: pushed when a PE receives up to 32768 bytes"; fi
            ROCSHMEM_DEBUG_LEVEL=2 EXPECT_LOG=$want_log run_one "$mode" "$np" coll ;;
          *) if [ -n "$direct_log" ]; then
               ROCSHMEM_DEBUG_LEVEL=2 EXPECT_LOG=$direct_log run_one "$mode" "$np" "$prog"
             else run_one "$mode" "$np" "$prog"; fi ;;
        esac
      done
      if [ "$proxy" = direct ]; then
        if want rma; then
          ROCSHMEM_GPU_NET_DIRECT=auto ROCSHMEM_DEBUG_LEVEL=2 \
            EXPECT_LOG="no network transport of this UCX registers GPU memory" run_one "$mode" "$np" rma
        fi
        unset ROCSHMEM_GPU_NET_DIRECT
        export LD_LIBRARY_PATH=${LD_LIBRARY_PATH#"$staged/ucx-gpu/lib:"}
        if [ -d "$lib/ucx" ]; then export UCX_MODULE_DIR=$lib/ucx; else unset UCX_MODULE_DIR; fi
      fi
    done
    unset ROCSHMEM_GPU_PROXY ROCSHMEM_PES_PER_NODE UCX_TLS
    # The collectives' pull path at every size (with IPC the push path takes
    # the small messages; under the proxy every size is pulled already).
    if want coll; then
      export ROCSHMEM_GPU_COLL_PUSH=0
      ROCSHMEM_DEBUG_LEVEL=2 EXPECT_LOG="device collectives: push path off (ROCSHMEM_GPU_COLL_PUSH=0 on some PE" \
        run_one "$mode" "$np" coll
      unset ROCSHMEM_GPU_COLL_PUSH
      # A limit set on one PE only: every PE must take the smallest, or
      # members would choose different paths for the same collective.
      ROCSHMEM_DEBUG_LEVEL=2 PE0_ENV=ROCSHMEM_GPU_COLL_PUSH=4096 \
        EXPECT_LOG="device collectives: pushed when a PE receives up to 4096 bytes" \
        run_one "$mode" "$np" coll
    fi
    if want proxy; then run_one "$mode" "$np" proxy; fi
    if want errors && [ "$mode" = "$first_mode" ]; then run_errors "$np"; fi
    if want waits && [ "$mode" = "$first_mode" ]; then run_waits "$np"; fi
  done
  if [ "$mode" = on ]; then echo quit | "$mps_control" >/dev/null 2>&1; fi
done
done
# Last, with every visible GPU and MPS stopped: the kernels these runs leave
# running die with their processes, and that cleanup can keep a GPU busy
# for the next job.
unset CUDA_VISIBLE_DEVICES
if want proxy; then for np in ${NPS:-2 4}; do run_leftover "$np"; done; fi
echo "1..$n"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
