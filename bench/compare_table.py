#!/usr/bin/env python3
"""Turns the results folder of bench/compare.sh into the Markdown table with the ratios
WFS / MooseFS and WFS / bindfs, and the targets of issues 16 (metadata, small files,
applications) and 17 (the data path) marked met or missed."""
import argparse, datetime, glob, json, os

SYSTEMS = [("local", "local dir"), ("bindfs", "bindfs"), ("moosefs", "MooseFS"), ("wfs", "WFS")]


def load(path):
    try:
        with open(path) as f:
            return json.load(f)
    except (OSError, ValueError):
        return None


def fio(results, fs, name, what):
    doc = load(os.path.join(results, "%s.fio.%s.json" % (fs, name)))
    if not doc:
        return None
    if not doc.get("jobs"):
        return None
    job = doc["jobs"][0]
    side = job["write"] if "write" in name else job["read"]
    if what == "lat_us":
        return side["clat_ns"]["mean"] / 1000.0
    return side["bw"] / 1024.0 if what == "mib" else side["iops"]


def figure_rows(results):
    def wl(fs, file, key):
        doc = load(os.path.join(results, "%s.%s.json" % (fs, file)))
        return None if not doc else doc.get(key)
    rows = []
    for key, label in (("create", "create empty files /s"), ("stat", "stat /s"), ("unlink", "unlink /s"),
                       ("mkdir", "mkdir /s"), ("rmdir", "rmdir /s")):
        target = ("mfs", {"create": 1.5, "stat": 3.0}.get(key, 1.0))
        rows.append(("metadata: " + label, lambda fs, k=key: wl(fs, "meta", k + "_per_s"), target))
    for size, name, want in ((4096, "4 KiB", 2.0), (131072, "128 KiB", 1.5)):
        rows.append(("small %s: write files/s" % name, lambda fs, s=size: wl(fs, "small%d" % s, "write_files_per_s"),
                     ("mfs", want)))
        rows.append(("small %s: random read files/s" % name,
                     lambda fs, s=size: wl(fs, "small%d" % s, "read_files_per_s"), ("mfs", want)))
    # Issue 17, item 5: a training job's second epoch, WFS through a mount with the local read cache on.
    rows.append(("second epoch 128 KiB: epoch 1 random read files/s", lambda fs: wl(fs, "epochs", "epoch1_files_per_s"),
                 None))
    rows.append(("second epoch 128 KiB: epoch 2 random read files/s (WFS: read cache)",
                 lambda fs: wl(fs, "epochs", "epoch2_files_per_s"), ("local", 0.8)))
    rows.append(("applications: git clone --no-local + sync, s", lambda fs: wl(fs, "apps", "git_clone_s"), ("time", 1.0)))
    rows.append(("applications: tar x + sync, s", lambda fs: wl(fs, "apps", "tar_x_s"), ("time", 1.0)))
    rows.append(("database: pgbench TPC-B-like, 2 clients, tps", lambda fs: wl(fs, "database", "pgbench_tps"),
                 ("mfs", 2.0)))
    rows.append(("fio O_DIRECT rand read 4 KiB, 1 job, mean latency µs",
                 lambda fs: fio(results, fs, "directread1", "lat_us"), ("latency", 125)))
    for jobs in (1, 4):
        rows.append(("fio seq write 1 MiB, %d job(s), MiB/s" % jobs, lambda fs, j=jobs: fio(results, fs, "seqwrite%d" % j, "mib"),
                     ("seq", 0.7)))
        rows.append(("fio seq read 1 MiB, %d job(s), MiB/s" % jobs, lambda fs, j=jobs: fio(results, fs, "seqread%d" % j, "mib"),
                     ("seq", 0.7)))
        rows.append(("fio rand read 4 KiB, %d job(s), IOPS" % jobs, lambda fs, j=jobs: fio(results, fs, "randread%d" % j, "iops"),
                     ("mfs", 2.0)))
        rows.append(("fio rand write 4 KiB, %d job(s), IOPS" % jobs, lambda fs, j=jobs: fio(results, fs, "randwrite%d" % j, "iops"),
                     ("mfs", 1.5)))
    return rows


def fmt(v):
    if v is None:
        return "—"
    return "{:,.0f}".format(v) if v >= 100 else "{:,.1f}".format(v)


def ratio(a, b):
    return None if a is None or not b else a / b


def parse_snapshot(path):
    try:
        with open(path) as f:
            return {k: float(v) for k, v in (kv.split("=") for kv in f.read().split())}
    except (OSError, ValueError):
        return None


def memory_lines(results, small_files):
    """Memory grown per file over the 4 KiB small-file phase (the first, on a fresh namespace)."""
    lines = []
    b, a = parse_snapshot(os.path.join(results, "wfs.mem.before")), parse_snapshot(os.path.join(results, "wfs.mem.after"))
    if a and b and "meta_namespace_array_bytes" in a:
        per = (a["meta_namespace_array_bytes"] - b["meta_namespace_array_bytes"]) / small_files
        inodes = a["meta_namespace_inodes"] - b["meta_namespace_inodes"]
        lines.append("| WFS: meta server heap per file (namespace arrays of one replica, `meta.namespace.array_bytes`) "
                     "| %.1f B | %s | %d files of 4 KiB, +%d inodes (files and their directories) |"
                     % (per, "met (≤ 160 B)" if per <= 160 else "missed (> 160 B)", small_files, inodes))
    b, a = parse_snapshot(os.path.join(results, "moosefs.mem.before")), parse_snapshot(os.path.join(results, "moosefs.mem.after"))
    if a and b and "master_rss_bytes" in a:
        per = (a["master_rss_bytes"] - b["master_rss_bytes"]) / small_files
        lines.append("| MooseFS: master RSS growth per file | %.1f B | — | %d files of 4 KiB; RSS grows in pages, "
                     "so a small phase can read 0 |" % (per, small_files))
    return lines


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("results")
    ap.add_argument("--small-files", type=int, required=True)
    ap.add_argument("--machine", default="")
    args = ap.parse_args()
    present = [(k, n) for k, n in SYSTEMS if glob.glob(os.path.join(args.results, k + ".*"))]
    print("# WFS side by side with a local folder, bindfs and MooseFS\n")
    print("Date: %s UTC. Machine: %s. Command: `bench/compare.sh`.\n"
          % (datetime.datetime.utcnow().strftime("%Y-%m-%d %H:%M"), args.machine))
    header = "| figure | " + " | ".join(n for _, n in present) + " | WFS / MooseFS | WFS / bindfs | target |"
    print(header)
    print("|" + "---|" * (header.count("|") - 1))
    for label, get, target in figure_rows(args.results):
        vals = {k: get(k) for k, _ in present}
        r_mfs, r_bind = ratio(vals.get("wfs"), vals.get("moosefs")), ratio(vals.get("wfs"), vals.get("bindfs"))
        verdict = ""
        if target:
            kind, want = target
            r = r_bind if kind == "seq" else r_mfs
            peer = "bindfs" if kind == "seq" else "MooseFS"
            if kind == "local":
                r_local = ratio(vals.get("wfs"), vals.get("local"))
                if r_local is not None:
                    verdict = "%s: %.2f× local dir (target ≥ %.2g×)" % ("met" if r_local >= want else "missed", r_local, want)
            elif kind == "latency":
                if vals.get("wfs") is not None:
                    verdict = "%s %d µs" % ("met <" if vals["wfs"] < want else "missed: ≥", want)
            elif r is not None and kind == "time":
                # A duration: WFS must take less time than MooseFS.
                verdict = "%s MooseFS" % ("met: faster than" if r < want else "missed: slower than")
            elif r is not None:
                verdict = "%s %.2g× %s" % ("met ≥" if r >= want else "missed: <", want, peer)
        print("| %s | %s | %s | %s | %s |" % (label, " | ".join(fmt(vals[k]) for k, _ in present),
                                            "—" if r_mfs is None else "%.2f" % r_mfs,
                                            "—" if r_bind is None else "%.2f" % r_bind, verdict))
    apps_in = load(os.path.join(args.results, "apps.input.json"))
    if apps_in:
        print("\nApplications' input: a one-commit git repository and a tar file of the same %d files of "
              "/usr/include (%.1f MiB), cloned and unpacked from the local disk." % (apps_in["files"], apps_in["tar_mib"]))
    epochs = load(os.path.join(args.results, "wfs.epochs.json"))
    if epochs and "cache_files" in epochs:
        print("\nSecond epoch: WFS read through a second mount with `--cache-dir` (the read cache); %d files "
              "were in its folder when epoch 2 began (one a 128 KiB file)." % epochs["cache_files"])
    bindfs_epochs = load(os.path.join(args.results, "bindfs.epochs.json"))
    if bindfs_epochs and epochs:
        print("bindfs ran the same phase as a FUSE pass-through to the local disk: what a FUSE file system's "
              "second epoch reaches on this machine with no work of its own.")
    mem = memory_lines(args.results, args.small_files)
    if mem:
        print("\n| memory | value | target | note |\n|---|---|---|---|")
        print("\n".join(mem))


if __name__ == "__main__":
    main()
