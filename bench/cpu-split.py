#!/usr/bin/env python3
"""CPU time of one process split by thread role while a command runs (issue 8's profile).

  cpu-split.py PID -- COMMAND [ARGS...]

Reads utime+stime of every thread of PID from /proc before and after COMMAND, groups the
threads by name into roles (FUSE, client, meta + Raft, store, manager, JVM), and prints a
JSON object: CPU seconds per role, the wall time, and the CPU of threads that ended during
the run (libfuse starts and retires its worker threads). Made for `wfs local`, where every
server, the client and the FUSE mount share one JVM.
"""
import json, os, subprocess, sys, time

ROLES = [
    ("fuse", ("jnr-fuse", "fuse")),
    ("client", ("wfs-client", "wfs-session", "wfs-route", "meta-client")),
    ("store", ("store-",)),
    ("manager", ("manager-",)),
    # jraft and its bolt RPC serve the meta groups (and the idle manager group).
    ("meta", ("meta-", "JRaft", "Append-Entries", "Bolt", "bolt", "raft-", "rocksdb", "ReadOnlyService",
              "RpcTaskScanner", "Rpc-netty", "http-meta", "g")),
    ("jvm", ("GC Thread", "G1 ", "C1 Compil", "C2 Compil", "VM Thread", "VM Periodic", "Sweeper", "Common-Cleaner")),
]
TICK = os.sysconf("SC_CLK_TCK")


def role(name):
    for r, prefixes in ROLES:
        if any(name.startswith(p) for p in prefixes):
            return r
    return "other"


def threads(pid):
    out = {}
    for tid in os.listdir("/proc/%d/task" % pid):
        try:
            with open("/proc/%d/task/%s/stat" % (pid, tid)) as f:
                raw = f.read()
            name = raw[raw.index("(") + 1:raw.rindex(")")]
            fields = raw[raw.rindex(")") + 2:].split()
            out[tid] = (name, (int(fields[11]) + int(fields[12])) / TICK)
        except (FileNotFoundError, ProcessLookupError, ValueError):
            pass
    return out


def process_cpu(pid):
    """(user, kernel) CPU seconds of the whole process, ended threads included."""
    with open("/proc/%d/stat" % pid) as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return int(fields[11]) / TICK, int(fields[12]) / TICK


def main():
    if len(sys.argv) < 4 or sys.argv[2] != "--":
        sys.exit("usage: cpu-split.py PID -- COMMAND [ARGS...]")
    pid = int(sys.argv[1])
    before, total_before = threads(pid), process_cpu(pid)
    t = time.perf_counter()
    result = subprocess.run(sys.argv[3:], stdout=subprocess.PIPE, check=True, text=True)
    wall = time.perf_counter() - t
    after, total_after = threads(pid), process_cpu(pid)
    split = {}
    for tid, (name, cpu) in after.items():
        used = cpu - before.get(tid, (name, 0.0))[1]
        split[role(name)] = split.get(role(name), 0.0) + used
    user, kernel = total_after[0] - total_before[0], total_after[1] - total_before[1]
    split["ended threads"] = max(0.0, user + kernel - sum(split.values()))
    print(json.dumps({"wall_s": round(wall, 2), "cpu_s": {k: round(v, 2) for k, v in sorted(split.items())},
                      "cpu_total_s": round(user + kernel, 2), "cpu_user_s": round(user, 2),
                      "cpu_kernel_s": round(kernel, 2), "command_output": result.stdout.strip()}))


if __name__ == "__main__":
    main()
