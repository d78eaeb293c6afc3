#!/usr/bin/env python3
"""Quick figures of a mounted file system (issue 6): sequential 1 MiB write/read, small-file
create+write+close and stat rates, single getattr and 4 KiB read latency. Run it on WFS and
on a peer (bindfs, a local folder) on the same machine; it prints one table row per figure.
Usage: bench/fs-quick.py DIR [--big-mib 512] [--files 2000]
The random 4 KiB IOPS figures come from fio (see docs/benchmarks.md for the command)."""
import argparse, os, statistics, sys, time

def seq_write(path, mib):
    buf = os.urandom(1 << 20)
    t = time.perf_counter()
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
    for _ in range(mib):
        os.write(fd, buf)
    os.fsync(fd)
    os.close(fd)
    return mib / (time.perf_counter() - t)

def seq_read(path, mib):
    t = time.perf_counter()
    fd = os.open(path, os.O_RDONLY)
    n = 0
    while True:
        b = os.read(fd, 1 << 20)
        if not b:
            break
        n += len(b)
    os.close(fd)
    assert n == mib << 20, n
    return mib / (time.perf_counter() - t)

def small_files(d, count):
    os.makedirs(d, exist_ok=True)
    data = os.urandom(4096)
    t = time.perf_counter()
    for i in range(count):
        fd = os.open(os.path.join(d, "f%06d" % i), os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
        os.write(fd, data)
        os.close(fd)
    create = count / (time.perf_counter() - t)
    t = time.perf_counter()
    for i in range(count):
        os.stat(os.path.join(d, "f%06d" % i))
    stat = count / (time.perf_counter() - t)
    return create, stat

def latencies(path, rounds=2000):
    stat_us, read_us = [], []
    fd = os.open(path, os.O_RDONLY)
    for i in range(rounds):
        t = time.perf_counter(); os.stat(path); stat_us.append((time.perf_counter() - t) * 1e6)
        t = time.perf_counter(); os.pread(fd, 4096, (i * 4096) % (1 << 20)); read_us.append((time.perf_counter() - t) * 1e6)
    os.close(fd)
    return statistics.median(stat_us), statistics.median(read_us)

def main():
    p = argparse.ArgumentParser()
    p.add_argument("dir")
    p.add_argument("--big-mib", type=int, default=512)
    p.add_argument("--files", type=int, default=2000)
    a = p.parse_args()
    work = os.path.join(a.dir, "fs-quick-%d" % os.getpid())
    os.makedirs(work)
    big = os.path.join(work, "big")
    w = seq_write(big, a.big_mib)
    r = seq_read(big, a.big_mib)
    create, stat = small_files(os.path.join(work, "small"), a.files)
    lstat, lread = latencies(big)
    print("seq_write_MBps=%.0f seq_read_MBps=%.0f small_create_per_s=%.0f stat_per_s=%.0f "
          "getattr_p50_us=%.0f read4k_p50_us=%.0f" % (w, r, create, stat, lstat, lread))
    os.system("rm -rf '%s'" % work)

if __name__ == "__main__":
    main()
