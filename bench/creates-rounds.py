#!/usr/bin/env python3
"""bench/creates-rounds.py DIR ROUND: one round of bench/creates-ab.sh: 4 processes make 10,000
empty files (open O_CREAT|O_EXCL + close) over 10 new directories DIR/rROUND-d0..9; prints the rate."""
import os, sys, time, multiprocessing as mp
def work(args):
    d, n, tag = args
    for i in range(n):
        fd = os.open(os.path.join(d, "%s-%d" % (tag, i)), os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
        os.close(fd)
    return n
if __name__ == "__main__":
    root, rnd = sys.argv[1], sys.argv[2]
    dirs = [os.path.join(root, "r%s-d%d" % (rnd, j)) for j in range(10)]
    for d in dirs: os.makedirs(d)
    jobs = [(dirs[(p*3+k) % 10], 250, "p%dk%d" % (p, k)) for p in range(4) for k in range(10)]
    t = time.time()
    with mp.Pool(4) as pool:
        n = sum(pool.map(work, jobs, chunksize=10))
    print("round %s: %d creates in %.2fs = %.0f/s" % (rnd, n, time.time() - t, n / (time.time() - t)))
