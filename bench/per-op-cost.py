#!/usr/bin/env python3
"""What one file operation costs on a mounted file system, counted rather than timed.

  per-op-cost.py MOUNT [--files N] [--procs P] [--only create,write,read]

Runs three workloads of P processes on MOUNT (a fresh folder each): empty creates
(open(O_CREAT|O_EXCL) + close), 4 KiB files written (create, one write, close) and the same files
read back after the page cache is dropped (open, read, close). For each it prints one JSON line:
files per second and the machine's context switches per file (/proc/stat, so run it on a quiet
machine), and, when `perf` can record the kernel's fuse:fuse_request_send tracepoint, the FUSE
requests the kernel sent per file, by opcode, counted in a second pass of the same workload (so
perf does not slow the timed one). Made for issue 16's question "where is the floor":
a request the kernel sends is a round trip through the mount's threads that no server work can
save. Needs root (drop_caches, perf).
"""
import argparse, json, os, re, shutil, subprocess, sys, tempfile, time
from multiprocessing import Pool

DATA = os.urandom(4096)


def _create(job):
    folder, n = job
    for i in range(n):
        os.close(os.open(os.path.join(folder, "f%d" % i), os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o644))


def _write(job):
    folder, n = job
    for i in range(n):
        fd = os.open(os.path.join(folder, "f%d" % i), os.O_CREAT | os.O_WRONLY | os.O_TRUNC, 0o644)
        os.write(fd, DATA)
        os.close(fd)


def _read(job):
    folder, n = job
    for i in range(n):
        fd = os.open(os.path.join(folder, "f%d" % i), os.O_RDONLY)
        os.read(fd, 8192)
        os.close(fd)


def context_switches():
    with open("/proc/stat") as f:
        for line in f:
            if line.startswith("ctxt "):
                return int(line.split()[1])
    return 0


def timed(fn, jobs, files):
    """Files per second and context switches per file of fn over jobs, nothing else running."""
    with Pool(len(jobs)) as pool:
        before = context_switches()
        start = time.perf_counter()
        pool.map(fn, jobs)
        wall = time.perf_counter() - start
        switches = context_switches() - before
    return {"files_per_s": round(files / wall), "context_switches_per_file": round(switches / files, 1)}


def traced(fn, jobs, files):
    """FUSE requests per file of fn over jobs, by opcode (a second pass, under `perf record`)."""
    data = tempfile.NamedTemporaryFile(prefix="per-op-cost-", suffix=".data", delete=False).name
    perf = subprocess.Popen(["perf", "record", "-q", "-e", "fuse:fuse_request_send", "-a", "-o", data],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    time.sleep(1.0)  # perf needs a moment to attach before the workload starts
    with Pool(len(jobs)) as pool:
        pool.map(fn, jobs)
    perf.send_signal(2)
    perf.wait()
    script = subprocess.run(["perf", "script", "-i", data], capture_output=True, text=True).stdout
    os.unlink(data)
    counts = {}
    for op in re.findall(r"\((FUSE_[A-Z_]+)\)", script):
        counts[op] = counts.get(op, 0) + 1
    return {k[5:].lower(): round(v / files, 2) for k, v in sorted(counts.items(), key=lambda kv: -kv[1]) if v >= files / 20}


def folders(base, prefix, procs, per):
    jobs = [(os.path.join(base, "%s%d" % (prefix, i)), per) for i in range(procs)]
    for folder, _ in jobs:
        os.mkdir(folder)
    return jobs


def drop_caches():
    subprocess.run(["sync"], check=True)
    with open("/proc/sys/vm/drop_caches", "w") as f:
        f.write("3\n")


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("mount")
    p.add_argument("--files", type=int, default=4000)
    p.add_argument("--procs", type=int, default=4)
    p.add_argument("--only", default="create,write,read")
    a = p.parse_args()
    trace = shutil.which("perf") is not None and os.geteuid() == 0
    if trace and subprocess.run(["perf", "list", "fuse:fuse_request_send"], capture_output=True,
                                text=True).stdout.find("fuse_request_send") < 0:
        trace = False
    base = tempfile.mkdtemp(prefix="per-op-cost-", dir=a.mount)
    per = a.files // a.procs
    files = per * a.procs
    only = a.only.split(",")
    try:
        if "create" in only:
            out = {"workload": "create", "files": files}
            out.update(timed(_create, folders(base, "c", a.procs, per), files))
            if trace:
                out["fuse_requests_per_file"] = traced(_create, folders(base, "ct", a.procs, per), files)
            print(json.dumps(out), flush=True)
        if "write" in only or "read" in only:
            written = folders(base, "w", a.procs, per)
            out = {"workload": "write 4 KiB", "files": files}
            out.update(timed(_write, written, files))
            if "write" in only:
                if trace:
                    out["fuse_requests_per_file"] = traced(_write, folders(base, "wt", a.procs, per), files)
                print(json.dumps(out), flush=True)
        if "read" in only:
            out = {"workload": "read 4 KiB (cold)", "files": files}
            drop_caches()
            out.update(timed(_read, written, files))
            if trace:
                drop_caches()
                out["fuse_requests_per_file"] = traced(_read, written, files)
            print(json.dumps(out), flush=True)
    finally:
        shutil.rmtree(base, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
