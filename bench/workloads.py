#!/usr/bin/env python3
"""The workloads of bench/compare.sh, run the same way on every file system (issue 8).

  workloads.py meta  DIR --files N --dirs D --procs P
      mdtest-like: P processes create, stat and unlink N empty files spread over D
      directories (each phase starts when the previous one ended everywhere), then mkdir
      and rmdir N directories the same way.
  workloads.py small DIR --files N --size BYTES --procs P [--drop-caches] [--keep]
      the AI-training pattern: P writers write N files of BYTES, the page cache is dropped,
      then P readers read every file once in one random order.
  workloads.py reread DIR --size BYTES --procs P [--seed S]
      a data set that `small --keep` left in DIR (perhaps through another mount of the same file
      system) read again: the page cache is dropped, P readers read every file once in a random
      order drawn from S.
  workloads.py epochs DIR --files N --size BYTES --procs P [--cache-dir CACHE]
      two epochs of a training job: P writers write N files of BYTES, the page cache is
      dropped, P readers read every file in one random order (epoch 1), the page cache is
      dropped again, and they read every file in another random order (epoch 2). With
      --cache-dir (a WFS mount's read cache folder), epoch 2 starts once the cache's writer
      is done (its file count stopped growing), and the count is reported.
  workloads.py apps DIR --git-src REPO --tar FILE
      real applications: `git clone --no-local REPO` into DIR, then `tar xf FILE` into DIR,
      each timed with the `sync` that makes it durable (seconds, lower is better).
  workloads.py database DIR [--scale S] [--clients C] [--seconds T]
      a database on the file system: PostgreSQL's initdb in DIR, `pgbench -i -s S`, then
      `pgbench -c C -T T` (TPC-B-like transactions, each committed with its WAL fsync);
      transactions per second. Needs root (it runs PostgreSQL as the postgres user).

Each prints one JSON object: rates in operations (or MiB) per second of wall time.
Only the standard library: the same script runs against any mount.
"""
import argparse, glob, json, multiprocessing as mp, os, random, shutil, subprocess, sys, tempfile, time


def _split(items, procs):
    return [items[p::procs] for p in range(procs)]


def _run_phase(pool, fn, chunks):
    t = time.perf_counter()
    done = sum(pool.map(fn, chunks))
    return done, time.perf_counter() - t


def _create_empty(p):
    os.close(os.open(p, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644))


# The metadata phases: one function per path, applied by _each in the worker processes.
_PHASES = {"create": _create_empty, "stat": os.stat, "unlink": os.unlink, "mkdir": os.mkdir, "rmdir": os.rmdir}


def _each(job):
    phase, paths = job
    for p in paths:
        _PHASES[phase](p)
    return len(paths)


def meta(args):
    root = os.path.join(args.dir, "wfsbench-meta-%d" % os.getpid())
    dirs = [os.path.join(root, "d%03d" % d) for d in range(args.dirs)]
    for d in dirs:
        os.makedirs(d)
    files = [os.path.join(dirs[i % args.dirs], "f%07d" % i) for i in range(args.files)]
    subdirs = [os.path.join(dirs[i % args.dirs], "s%07d" % i) for i in range(args.files)]
    out = {}
    with mp.Pool(args.procs) as pool:
        for name, items in (("create", files), ("stat", files), ("unlink", files), ("mkdir", subdirs),
                            ("rmdir", subdirs)):
            n, secs = _run_phase(pool, _each, [(name, c) for c in _split(items, args.procs)])
            out[name + "_per_s"] = round(n / secs, 1)
    shutil.rmtree(root)
    return out


def _write_files(job):
    paths, size = job
    data = os.urandom(size)
    for p in paths:
        fd = os.open(p, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view):]
        os.close(fd)
    return len(paths)


def _read_files(job):
    paths, size = job
    for p in paths:
        fd = os.open(p, os.O_RDONLY)
        got = 0
        while True:
            b = os.read(fd, 1 << 20)
            if not b:
                break
            got += len(b)
        os.close(fd)
        if got != size:
            raise RuntimeError("%s: read %d bytes, wrote %d" % (p, got, size))
    return len(paths)


def drop_caches():
    subprocess.run(["sync"], check=True)
    try:
        with open("/proc/sys/vm/drop_caches", "w") as f:
            f.write("3\n")
    except OSError as e:
        print("workloads: cannot drop the page cache (%s); reads may hit memory" % e, file=sys.stderr)


def _write_data_set(pool, args, kind, out):
    """args.files files of args.size bytes under DIR/wfsbench-KIND-PID, 1,000 a folder; their root and paths."""
    root = os.path.join(args.dir, "wfsbench-%s-%d" % (kind, os.getpid()))
    per_dir = 1000
    dirs = [os.path.join(root, "d%03d" % d) for d in range((args.files + per_dir - 1) // per_dir)]
    for d in dirs:
        os.makedirs(d)
    files = [os.path.join(dirs[i // per_dir], "%07d.bin" % i) for i in range(args.files)]
    n, secs = _run_phase(pool, _write_files, [(c, args.size) for c in _split(files, args.procs)])
    out["write_files_per_s"] = round(n / secs, 1)
    out["write_mib_per_s"] = round(n * args.size / secs / (1 << 20), 2)
    return root, files


def small(args):
    out = {}
    with mp.Pool(args.procs) as pool:
        root, files = _write_data_set(pool, args, "small", out)
        if args.drop_caches:
            drop_caches()
        order = files[:]
        random.Random(7).shuffle(order)
        n, secs = _run_phase(pool, _read_files, [(c, args.size) for c in _split(order, args.procs)])
        out["read_files_per_s"] = round(n / secs, 1)
        out["read_mib_per_s"] = round(n * args.size / secs / (1 << 20), 2)
    if args.keep:
        out["kept"] = root
    else:
        shutil.rmtree(root)
    return out


def reread(args):
    files = sorted(glob.glob(os.path.join(args.dir, "d[0-9][0-9][0-9]", "*.bin")))
    if not files:
        sys.exit("workloads: no data set (dNNN/*.bin) under %s" % args.dir)
    with mp.Pool(args.procs) as pool:
        drop_caches()
        random.Random(args.seed).shuffle(files)
        n, secs = _run_phase(pool, _read_files, [(c, args.size) for c in _split(files, args.procs)])
    return {"read_files_per_s": round(n / secs, 1), "read_mib_per_s": round(n * args.size / secs / (1 << 20), 2)}


def _count_files(folder):
    return sum(len(files) for _, _, files in os.walk(folder))


def _settled(folder, quiet_s=2.0, limit_s=300.0):
    """Waits until the number of files under folder stopped changing for quiet_s; returns it."""
    start, last, since = time.monotonic(), -1, time.monotonic()
    while time.monotonic() - start < limit_s:
        n = _count_files(folder)
        if n != last:
            last, since = n, time.monotonic()
        elif time.monotonic() - since >= quiet_s:
            break
        time.sleep(0.2)
    return last


def epochs(args):
    out = {}
    with mp.Pool(args.procs) as pool:
        root, files = _write_data_set(pool, args, "epochs", out)
        for epoch in (1, 2):
            if epoch == 2 and args.cache_dir:
                out["cache_files"] = _settled(args.cache_dir)
            drop_caches()
            order = files[:]
            random.Random(epoch).shuffle(order)
            n, secs = _run_phase(pool, _read_files, [(c, args.size) for c in _split(order, args.procs)])
            out["epoch%d_files_per_s" % epoch] = round(n / secs, 1)
            out["epoch%d_mib_per_s" % epoch] = round(n * args.size / secs / (1 << 20), 2)
    shutil.rmtree(root)
    return out


def _timed(*commands):
    t = time.perf_counter()
    for c in commands:
        subprocess.run(c, check=True, stdout=subprocess.DEVNULL)
    return round(time.perf_counter() - t, 2)


def apps(args):
    clone = os.path.join(args.dir, "wfsbench-clone-%d" % os.getpid())
    untar = os.path.join(args.dir, "wfsbench-untar-%d" % os.getpid())
    out = {"git_clone_s": _timed(["git", "clone", "-q", "--no-local", args.git_src, clone], ["sync"])}
    os.makedirs(untar)
    out["tar_x_s"] = _timed(["tar", "xf", args.tar, "-C", untar], ["sync"])
    shutil.rmtree(clone)
    shutil.rmtree(untar)
    return out


def _pg_bin(name):
    """A PostgreSQL server program: on PATH, else Debian's versioned folder."""
    found = shutil.which(name)
    if found:
        return found
    versions = sorted(glob.glob("/usr/lib/postgresql/*/bin/" + name))
    if not versions:
        sys.exit("PostgreSQL's %s is missing (Debian: apt-get install postgresql)" % name)
    return versions[-1]


def database(args):
    """pgbench (TPC-B-like, scale S, C clients, T seconds) on a PostgreSQL data folder in DIR, fsync on."""
    import pwd
    import re
    user = pwd.getpwnam("postgres")
    folder = os.path.join(args.dir, "wfsbench-pg-%d" % os.getpid())
    sock = tempfile.mkdtemp(prefix="wfsbench-pg-sock-")
    os.makedirs(folder)
    for path in (folder, sock):
        os.chown(path, user.pw_uid, user.pw_gid)
    data = os.path.join(folder, "data")

    def as_postgres(*cmd, **kw):
        return subprocess.run(["runuser", "-u", "postgres", "--"] + list(cmd), check=True, **kw)
    # --no-sync: initdb's own final flush only; the server below runs with fsync on, as shipped.
    as_postgres(_pg_bin("initdb"), "-D", data, "-A", "trust", "-U", "postgres", "--no-sync",
                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    port = str(20000 + os.getpid() % 20000)
    as_postgres(_pg_bin("pg_ctl"), "-D", data, "-w", "-t", "120", "-l", os.path.join(sock, "log"),
                "-o", "-k %s -c listen_addresses= -p %s" % (sock, port), "start", stdout=subprocess.DEVNULL)
    try:
        conn = ["-h", sock, "-p", port, "-U", "postgres"]
        as_postgres(_pg_bin("pgbench"), "-i", "-q", "-s", str(args.scale), *conn, "postgres",
                    stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        run = as_postgres(_pg_bin("pgbench"), "-c", str(args.clients), "-j", str(args.clients), "-T", str(args.seconds),
                          *conn, "postgres", stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        tps = re.search(r"tps = ([0-9.]+) \(without initial connection time\)", run.stdout)
        if not tps:
            sys.exit("no tps in pgbench's output:\n" + run.stdout)
        return {"pgbench_tps": float(tps.group(1)), "scale": args.scale, "clients": args.clients, "seconds": args.seconds}
    finally:
        subprocess.run(["runuser", "-u", "postgres", "--", _pg_bin("pg_ctl"), "-D", data, "-m", "fast", "-w", "stop"],
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        shutil.rmtree(folder, ignore_errors=True)
        shutil.rmtree(sock, ignore_errors=True)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="workload", required=True)
    m = sub.add_parser("meta")
    m.add_argument("dir")
    m.add_argument("--files", type=int, default=4000)
    m.add_argument("--dirs", type=int, default=10)
    m.add_argument("--procs", type=int, default=4)
    s = sub.add_parser("small")
    s.add_argument("dir")
    s.add_argument("--files", type=int, default=10000)
    s.add_argument("--size", type=int, default=4096)
    s.add_argument("--procs", type=int, default=4)
    s.add_argument("--drop-caches", action="store_true")
    s.add_argument("--keep", action="store_true", help="leave the files (the caller measures memory, then deletes)")
    r = sub.add_parser("reread")
    r.add_argument("dir")
    r.add_argument("--size", type=int, required=True)
    r.add_argument("--procs", type=int, default=4)
    r.add_argument("--seed", type=int, default=7)
    e = sub.add_parser("epochs")
    e.add_argument("dir")
    e.add_argument("--files", type=int, default=10000)
    e.add_argument("--size", type=int, default=131072)
    e.add_argument("--procs", type=int, default=4)
    e.add_argument("--cache-dir", help="the read cache folder of the mount under DIR (waited for before epoch 2)")
    a = sub.add_parser("apps")
    a.add_argument("dir")
    a.add_argument("--git-src", required=True, help="a git repository on a local disk")
    a.add_argument("--tar", required=True, help="a tar file on a local disk")
    db = sub.add_parser("database", help="pgbench on a PostgreSQL data folder in DIR (needs root and PostgreSQL)")
    db.add_argument("dir")
    db.add_argument("--scale", type=int, default=5)
    db.add_argument("--clients", type=int, default=2)
    db.add_argument("--seconds", type=int, default=30)
    args = ap.parse_args()
    if args.workload == "apps":
        print(json.dumps(apps(args)))
        return
    if args.workload == "database":
        print(json.dumps(database(args)))
        return
    for n in ("files", "procs"):
        if getattr(args, n, 1) < 1:
            ap.error("--%s must be at least 1" % n)
    result = {"meta": meta, "small": small, "reread": reread, "epochs": epochs}[args.workload](args)
    print(json.dumps(result))


if __name__ == "__main__":
    main()
