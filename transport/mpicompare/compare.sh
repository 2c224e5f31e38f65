#!/bin/sh
# ccplay's TCP ring AllReduce against Open MPI's MPI_Allreduce (ring forced)
# on loopback, P = 2 and 4, sizes 1 KiB … MAX (×4), interleaved (for each
# repetition, size and P: ours, then Open MPI), REPS repetitions. Prints the
# raw times, then per (P, size) the median time and busbw of each and the
# ratio of median busbw ours / Open MPI, with the min–max spread.
#
#   sh transport/mpicompare/compare.sh            (from the repository root)
#   REPS=5 MAX=268435456 sh transport/mpicompare/compare.sh
#   MIN=1048576 PS="2 4" BASE=/tmp/old/ccplay sh transport/mpicompare/compare.sh
#
# MIN and MAX bound the sizes (bytes), PS lists the group sizes, WARMUP is
# the untimed calls before each timed run (both sides; nccl-tests' 5); BASE, a
# ccplay binary built from another revision, is run too (before ours, same
# interleaving) and reported as a third column, for before/after figures
# measured under the same load.
#
# Needs Debian's openmpi-bin and libopenmpi-dev (mpicc, mpirun).
set -eu
REPS=${REPS:-3}
MAX=${MAX:-268435456}
MIN=${MIN:-1024}
PS=${PS:-2 4}
BASE=${BASE:-}
WARMUP=${WARMUP:-5}
OUT=${OUT:-/tmp/ccplay-mpicompare}
mkdir -p "$OUT"
go build -o "$OUT/ccplay" ./cmd/ccplay
mpicc -O2 -o "$OUT/allreduce_mpi" transport/mpicompare/allreduce_mpi.c
MPIRUN="mpirun --allow-run-as-root --oversubscribe --bind-to none --mca pml ob1 --mca btl self,tcp \
  --mca btl_tcp_if_include lo --mca coll_tuned_use_dynamic_rules 1 --mca coll_tuned_allreduce_algorithm 4"
iters() { # fewer timed calls for large sizes
  if [ "$1" -le 1048576 ]; then echo 50; elif [ "$1" -le 16777216 ]; then echo 10; else echo 3; fi
}
BASEWARM= # a BASE from before --warmup runs its fixed one warm-up call
if [ -n "$BASE" ] && "$BASE" launch --help 2>&1 | grep -q -- --warmup; then
  BASEWARM="--warmup $WARMUP"
fi
RAW="$OUT/raw.txt"
: > "$RAW"
rep=1
while [ "$rep" -le "$REPS" ]; do
  size=$MIN
  while [ "$size" -le "$MAX" ]; do
    for p in $PS; do
      it=$(iters "$size")
      if [ -n "$BASE" ]; then
        "$BASE" launch -np "$p" --collective allreduce --algorithm ring \
          --count $((size / 8)) --repeat "$it" $BASEWARM --timeout 120s --json > "$OUT/launch.json"
        t=$(python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print("%.9f" % max(d["calls"][0]["mean_s"]))' "$OUT/launch.json")
        echo "base $p $size $t" | tee -a "$RAW"
      fi
      # ccplay: P rank processes (ccplay rank, started by launch), the slowest rank's mean over the calls
      "$OUT/ccplay" launch -np "$p" --collective allreduce --algorithm ring \
        --count $((size / 8)) --repeat "$it" --warmup "$WARMUP" --timeout 120s --json > "$OUT/launch.json"
      t=$(python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print("%.9f" % max(d["calls"][0]["mean_s"]))' "$OUT/launch.json")
      echo "ccplay $p $size $t" | tee -a "$RAW"
      $MPIRUN -np "$p" "$OUT/allreduce_mpi" "$size" "$it" "$WARMUP" | tee -a "$RAW"
    done
    size=$((size * 4))
  done
  rep=$((rep + 1))
done
echo
echo "# median of $REPS runs; busbw = size/time × 2(P−1)/P (GB/s = 1e9 B/s); spread = min–max busbw"
python3 - "$RAW" <<'PY'
import sys, statistics
rows = {}
for line in open(sys.argv[1]):
    impl, p, size, t = line.split()
    rows.setdefault((int(p), int(size)), {}).setdefault(impl, []).append(float(t))
base = any("base" in d for d in rows.values())
head = ("P", "size(B)", "ccplay(us)", "busbw", "spread", "mpi(us)", "busbw", "spread", "ratio")
if base:
    head += ("base(us)", "busbw", "spread", "ratio")
print(("%2s %10s %12s %9s %15s %12s %9s %15s %7s" + " %12s %9s %15s %7s" * base) % head)
for (p, size), d in sorted(rows.items()):
    f = 2 * (p - 1) / p
    def stats(ts):
        bw = sorted(size / t * f / 1e9 for t in ts)
        return statistics.median(ts) * 1e6, statistics.median(bw), "%.3f-%.3f" % (bw[0], bw[-1])
    a, b = stats(d["ccplay"]), stats(d["mpi"])
    line = "%2d %10d %12.1f %9.3f %15s %12.1f %9.3f %15s %7.2f" % (p, size, a[0], a[1], a[2], b[0], b[1], b[2], a[1] / b[1])
    if base:
        c = stats(d["base"])
        line += " %12.1f %9.3f %15s %7.2f" % (c[0], c[1], c[2], c[1] / b[1])
    print(line)
PY
