# Renders published nccl-tests numbers into the layouts of nccl-tests' own
# printf formats (see core/nccltests/testdata/README.md for sources).
import json
ztan = """8 2 135.8 0.00 0.00 0 123.5 0.00 0.00 0
16 4 123.2 0.00 0.00 0 122.3 0.00 0.00 0
32 8 123.3 0.00 0.00 0 122.7 0.00 0.00 0
64 16 123.4 0.00 0.00 0 122.9 0.00 0.00 0
128 32 123.0 0.00 0.00 0 122.7 0.00 0.00 0
256 64 123.6 0.00 0.00 0 122.7 0.00 0.00 0
512 128 126.6 0.00 0.01 0 123.4 0.00 0.01 0
1024 256 147.1 0.01 0.01 0 123.1 0.01 0.02 0
2048 512 125.8 0.02 0.03 0 124.6 0.02 0.03 0
4096 1024 126.9 0.03 0.06 0 125.6 0.03 0.06 0
8192 2048 131.6 0.06 0.12 0 130.6 0.06 0.12 0
16384 4096 138.6 0.12 0.22 0 137.6 0.12 0.22 0
32768 8192 155.2 0.21 0.40 0 153.1 0.21 0.40 0
65536 16384 159.4 0.41 0.77 0 157.6 0.42 0.78 0
131072 32768 159.3 0.82 1.54 0 169.0 0.78 1.45 0
262144 65536 167.1 1.57 2.94 0 163.9 1.60 3.00 0
524288 131072 174.2 3.01 5.64 0 171.0 3.07 5.75 0
1048576 262144 203.2 5.16 9.68 0 207.2 5.06 9.49 0
2097152 524288 254.0 8.26 15.48 0 252.9 8.29 15.55 0
4194304 1048576 364.6 11.50 21.57 0 356.6 11.76 22.05 0
8388608 2097152 571.9 14.67 27.50 0 563.5 14.89 27.91 0
16777216 4194304 977.6 17.16 32.18 0 951.6 17.63 33.06 0
33554432 8388608 1059.9 31.66 59.36 0 1054.0 31.84 59.69 0
67108864 16777216 1261.6 53.20 99.74 0 1270.2 52.83 99.06 0
134217728 33554432 1652.2 81.24 152.32 0 1636.7 82.01 153.76 0
268435456 67108864 2360.9 113.70 213.19 0 2359.9 113.75 213.28 0
536870912 134217728 3817.5 140.63 263.69 0 3828.0 140.25 262.97 0
1073741824 268435456 6759.0 158.86 297.86 0 6737.4 159.37 298.82 0
2147483648 536870912 12646 169.81 318.40 0 12641 169.88 318.52 0
4294967296 1073741824 24361 176.31 330.58 0 24365 176.27 330.51 0
8589934592 2147483648 47535 180.71 338.82 0 47743 179.92 337.35 0"""
rccl = """64 1 33.75 0.00 0.00 0 33.61 0.00 0.00 0
128 2 33.65 0.00 0.00 0 33.78 0.00 0.00 0
256 4 33.72 0.01 0.01 0 33.83 0.01 0.01 0
512 8 33.97 0.02 0.01 0 33.72 0.02 0.01 0
1024 16 33.89 0.03 0.03 0 33.93 0.03 0.03 0
2048 32 34.12 0.06 0.06 0 34.09 0.06 0.06 0
4096 64 34.50 0.12 0.11 0 34.58 0.12 0.11 0
8192 128 34.81 0.24 0.22 0 34.78 0.24 0.22 0"""
def rows(t):
    return [l.split() for l in t.strip().splitlines()]
def tstr(us):
    us=float(us)
    if us >= 10000: return "%7.0f" % us
    if us >= 100: return "%7.1f" % us
    return "%7.2f" % us

# 1. nccl-tests 2.13 layout (#wrong, redop, root): ztan H100 16 ranks.
out = []
out.append("# nThread 1 nGpus 1 minBytes 8 maxBytes 8589934592 step: 2(factor) warmup iters: 5 iters: 20 agg iters: 1 validation: 1 graph: 0\n")
out.append("#\n# Using devices\n")
for r in range(16):
    host = "node-a" if r < 8 else "node-b"
    out.append("#  Rank %2d Group  0 Pid %6d on %10s device %2d [0x%02x] NVIDIA H100 80GB HBM3\n" % (r, 1000+r, host, r%8, r%8))
out.append("node-a:1000:1000 [0] NCCL INFO Bootstrap : Using eth0:10.0.0.1<0>\n")  # a debug line the parser must skip
out.append("#\n")
out.append("# %10s  %12s  %8s  %6s  %6s           out-of-place                       in-place          \n" % ("", "", "", "", ""))
out.append("# %10s  %12s  %8s  %6s  %6s  %7s  %6s  %6s %6s  %7s  %6s  %6s %6s\n" % ("size", "count", "type", "redop", "root", "time", "algbw", "busbw", "#wrong", "time", "algbw", "busbw", "#wrong"))
out.append("# %10s  %12s  %8s  %6s  %6s  %7s  %6s  %6s  %5s  %7s  %6s  %6s  %5s\n" % ("(B)", "(elements)", "", "", "", "(us)", "(GB/s)", "(GB/s)", "", "(us)", "(GB/s)", "(GB/s)", ""))
for f in rows(ztan):
    line = "%12d  %12d  %8s  %6s  %6s" % (int(f[0]), int(f[1]), "float", "sum", "%6i" % -1)
    line += "  %7s  %6.2f  %6.2f  %5g" % (tstr(f[2]), float(f[3]), float(f[4]), float(f[5]))
    line += "  %7s  %6.2f  %6.2f  %5g" % (tstr(f[6]), float(f[7]), float(f[8]), float(f[9]))
    out.append(line + "\n")
out.append("# Out of bounds values : 0 OK\n# Avg bus bandwidth    : 70.742 \n#\n")
open("all_reduce_perf_16x_h100.txt", "w").write("".join(out))

# 2. the pre-2.13 layout of all_gather_perf (no redop, no root; "error").
out = ["# nThread 1 nGpus 1 minBytes 64 maxBytes 1048576 step: 2(factor) warmup iters: 5 iters: 250 validation: 1\n", "#\n# Using devices\n"]
for r in range(16):
    out.append("#   Rank %2d Pid %6d on %10s device %2d [0x%02x] AMD Instinct MI250X\n" % (r, 2000+r, "node-c" if r < 8 else "node-d", r%8, r%8))
out.append("#\n")
out.append("# %10s  %12s  %8s            out-of-place                       in-place          \n" % ("", "", ""))
out.append("# %10s  %12s  %8s  %7s  %6s  %6s  %5s  %7s  %6s  %6s  %5s\n" % ("size", "count", "type", "time", "algbw", "busbw", "error", "time", "algbw", "busbw", "error"))
out.append("# %10s  %12s  %8s  %7s  %6s  %6s  %5s  %7s  %6s  %6s  %5s\n" % ("(B)", "(elements)", "", "(us)", "(GB/s)", "(GB/s)", "", "(us)", "(GB/s)", "(GB/s)", ""))
for f in rows(rccl):
    line = "%12d  %12d  %8s" % (int(f[0]), int(f[1]), "float")
    line += "  %7.2f  %6.2f  %6.2f  %5.0e" % (float(f[2]), float(f[3]), float(f[4]), float(f[5]))
    line += "  %7.2f  %6.2f  %6.2f  %5.0e" % (float(f[6]), float(f[7]), float(f[8]), float(f[9]))
    out.append(line + "\n")
out.append("#\n")
open("all_gather_perf_16x_mi250x_error.txt", "w").write("".join(out))

# 3. the -J report (file version 3 of src/util.cu, nccl-tests 2.19) of run 1.
devices = [{"rank": r, "group": 0, "pid": 1000+r, "hostname": "node-a" if r < 8 else "node-b", "device": r%8, "device_hex": "0x%02x" % (r%8), "device_info": "NVIDIA H100 80GB HBM3"} for r in range(16)]
res = []
def var(t, a, b, w):
    return {"time": float(t), "alg_bw": float(a), "bus_bw": float(b), "nwrong": float(w)}
for f in rows(ztan):
    res.append({"size": int(f[0]), "count": int(f[1]), "type": "float", "redop": "sum", "root": "%6i" % -1,
                "out_of_place": var(*f[2:6]), "in_place": var(*f[6:10]), "actual_iterations": 20, "experiment_name": ""})
doc = {"version": 3, "start_time": "2025-01-01 00:00:00", "args": ["/opt/src/nccl-tests/build/all_reduce_perf", "-b", "8", "-e", "8G", "-f", "2", "-g", "1", "-J", "all_reduce.json"],
       "env": [], "nccl_version": 22105,
       "config": {"nthreads": 1, "ngpus": 1, "minimum_bytes": 8, "maximum_bytes": 8589934592, "step_factor": 2, "warmup_iters": 5, "iterations": 20, "aggregated_iterations": 1, "validation": 1, "graph": 0, "blocking_collectives": False, "per_iter_timing": False, "per_iter_skip": 0, "parallel_init": False, "devices": devices},
       "results": res, "out_of_bounds": {"count": 0, "okay": True}, "average_bus_bandwidth": {"bandwidth": 70.742, "okay": "unchecked"}, "errors": [], "end_time": "2025-01-01 00:00:09"}
s = json.dumps(doc, separators=(",", ":"))
open("all_reduce_perf_16x_h100.json", "w").write(s + "\n")
