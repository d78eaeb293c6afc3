#!/usr/bin/env python3
"""POSIX conformance cases in the spirit of pjdfstest, run in a fresh folder of the file system
under test. Prints one line per case: its name and the outcome ("ok", a value, or an errno
name). PosixConformanceIT runs it on a local folder and on a WFS mount and compares the lines.
Must run as root: some cases switch to an unprivileged uid in a child process."""
import errno, os, stat, sys

BASE = sys.argv[1]
NOBODY = 65534
results = []

def outcome(fn):
    try:
        r = fn()
        return "ok" if r is None else str(r)
    except OSError as e:
        return errno.errorcode.get(e.errno, str(e.errno))

def case(name, fn):
    results.append("%s: %s" % (name, outcome(fn)))

def as_user(fn, uid=NOBODY, gid=NOBODY):
    """Runs fn in a child with uid/gid; the child's outcome comes back through a pipe."""
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(r)
        try:
            os.setgroups([])
            os.setgid(gid)
            os.setuid(uid)
            out = outcome(fn)
        except BaseException as e:  # noqa
            out = "child failed: %r" % e
        os.write(w, out.encode())
        os._exit(0)
    os.close(w)
    out = os.read(r, 4096).decode()
    os.close(r)
    os.waitpid(pid, 0)
    return out

def user_case(name, fn):
    results.append("%s: %s" % (name, as_user(fn)))

def p(*parts):
    return os.path.join(BASE, *parts)

def mode_of(path):
    return oct(stat.S_IMODE(os.lstat(path).st_mode))

def touch(path, mode=0o644):
    fd = os.open(path, os.O_WRONLY | os.O_CREAT, mode)
    os.close(fd)

os.umask(0)
# --- mkdir / rmdir
case("mkdir", lambda: os.mkdir(p("d"), 0o755))
case("mkdir mode", lambda: mode_of(p("d")))
case("mkdir exists", lambda: os.mkdir(p("d")))
case("mkdir missing parent", lambda: os.mkdir(p("nope", "x")))
case("mkdir name 255", lambda: os.mkdir(p("n" * 255)))
case("mkdir name 256", lambda: os.mkdir(p("n" * 256)))
case("rmdir name 255", lambda: os.rmdir(p("n" * 255)))
case("mkdir under file", lambda: (touch(p("f0")), os.mkdir(p("f0", "x")))[1])
case("nlink parent", lambda: (os.mkdir(p("d", "sub")), os.lstat(p("d")).st_nlink)[1])
case("rmdir not empty", lambda: os.rmdir(p("d")))
case("rmdir file", lambda: os.rmdir(p("f0")))
case("rmdir missing", lambda: os.rmdir(p("missing")))
case("rmdir", lambda: os.rmdir(p("d", "sub")))
case("nlink after rmdir", lambda: os.lstat(p("d")).st_nlink)
# --- open / create
case("open creat excl", lambda: os.close(os.open(p("f1"), os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o640)))
case("open creat excl exists", lambda: os.open(p("f1"), os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o640))
case("create mode", lambda: mode_of(p("f1")))
case("open missing", lambda: os.open(p("missing"), os.O_RDONLY))
case("open dir for write", lambda: os.open(p("d"), os.O_WRONLY))
def trunc():
    with open(p("f1"), "wb") as f:
        f.write(b"x" * 1000)
    os.close(os.open(p("f1"), os.O_WRONLY | os.O_TRUNC))
    return os.lstat(p("f1")).st_size
case("open trunc", trunc)
def append():
    with open(p("f1"), "wb") as f:
        f.write(b"abc")
    fd = os.open(p("f1"), os.O_WRONLY | os.O_APPEND)
    os.lseek(fd, 0, os.SEEK_SET)
    os.write(fd, b"def")
    os.close(fd)
    with open(p("f1"), "rb") as f:
        return f.read().decode()
case("open append", append)
# --- unlink / link / symlink
case("link", lambda: os.link(p("f1"), p("f1-link")))
case("link nlink", lambda: os.lstat(p("f1")).st_nlink)
case("link exists", lambda: os.link(p("f1"), p("f1-link")))
case("link dir", lambda: os.link(p("d"), p("d-link")))
case("unlink", lambda: os.unlink(p("f1-link")))
case("unlink nlink", lambda: os.lstat(p("f1")).st_nlink)
case("unlink missing", lambda: os.unlink(p("missing")))
case("unlink dir", lambda: os.unlink(p("d")))
case("symlink", lambda: os.symlink("f1", p("s1")))
case("readlink", lambda: os.readlink(p("s1")))
case("symlink exists", lambda: os.symlink("f1", p("s1")))
case("symlink is link", lambda: stat.S_ISLNK(os.lstat(p("s1")).st_mode))
case("symlink loop", lambda: (os.symlink("loop2", p("loop1")), os.symlink("loop1", p("loop2")), open(p("loop1")))[2])
case("readlink of file", lambda: os.readlink(p("f1")))
# --- rename
case("rename file", lambda: os.rename(p("f1"), p("f2")))
case("rename old gone", lambda: os.lstat(p("f1")))
case("rename over file", lambda: (touch(p("f3")), os.rename(p("f3"), p("f2")))[1])
case("rename dir into itself", lambda: os.rename(p("d"), p("d", "inner")))
case("rename dir over file", lambda: os.rename(p("d"), p("f2")))
case("rename file over dir", lambda: os.rename(p("f2"), p("d")))
case("rename over nonempty dir", lambda: (os.mkdir(p("e")), os.mkdir(p("e", "x")), os.mkdir(p("e2")),
                                          os.rename(p("e2"), p("e")))[3])
case("rename dir over empty dir", lambda: (os.mkdir(p("e3")), os.rename(p("e3"), p("e", "x")))[1])
case("rename missing", lambda: os.rename(p("missing"), p("x")))
case("rename dir nlink", lambda: (os.mkdir(p("m")), os.rename(p("m"), p("d", "m")), os.lstat(p("d")).st_nlink)[2])
# --- truncate / size / holes
def holes():
    with open(p("h"), "wb") as f:
        f.seek(100000)
        f.write(b"end")
    with open(p("h"), "rb") as f:
        data = f.read()
    return "%d %d" % (len(data), data.count(0))
case("holes", holes)
case("truncate grow", lambda: (os.truncate(p("h"), 200000), os.lstat(p("h")).st_size)[1])
case("truncate shrink", lambda: (os.truncate(p("h"), 10), os.lstat(p("h")).st_size)[1])
case("truncate dir", lambda: os.truncate(p("d"), 0))
case("truncate missing", lambda: os.truncate(p("missing"), 0))
case("ftruncate", lambda: (lambda fd: (os.ftruncate(fd, 5), os.fstat(fd).st_size, os.close(fd))[1])(os.open(p("h"), os.O_RDWR)))
# --- chmod / chown / utimes
case("chmod", lambda: (os.chmod(p("f2"), 0o600), mode_of(p("f2")))[1])
case("chmod suid", lambda: (os.chmod(p("f2"), 0o4755), mode_of(p("f2")))[1])
case("chown clears suid", lambda: (os.chown(p("f2"), NOBODY, NOBODY), mode_of(p("f2")))[1])
case("chown ids", lambda: (lambda s: "%d:%d" % (s.st_uid, s.st_gid))(os.lstat(p("f2"))))
case("chmod missing", lambda: os.chmod(p("missing"), 0o644))
case("utime", lambda: (os.utime(p("h"), ns=(1_000_000_000_123, 2_000_000_000_456)), os.lstat(p("h")).st_mtime_ns)[1])
case("utime atime", lambda: os.lstat(p("h")).st_atime_ns)
case("utime omit", lambda: (os.utime(p("h"), ns=(5_000_000_000, 2_000_000_000_456)), os.lstat(p("h")).st_mtime_ns)[1])
# --- mknod / fifo
case("mkfifo", lambda: (os.mkfifo(p("fifo"), 0o644), stat.S_ISFIFO(os.lstat(p("fifo")).st_mode))[1])
case("mknod char", lambda: (os.mknod(p("chr"), 0o644 | stat.S_IFCHR, os.makedev(1, 3)),
                            os.major(os.lstat(p("chr")).st_rdev), os.minor(os.lstat(p("chr")).st_rdev))[1:])
case("mkfifo exists", lambda: os.mkfifo(p("fifo")))
# --- xattrs
case("setxattr", lambda: os.setxattr(p("h"), "user.k", b"v1"))
case("getxattr", lambda: os.getxattr(p("h"), "user.k"))
case("setxattr create exists", lambda: os.setxattr(p("h"), "user.k", b"v2", os.XATTR_CREATE))
case("setxattr replace missing", lambda: os.setxattr(p("h"), "user.other", b"v2", os.XATTR_REPLACE))
case("listxattr", lambda: sorted(os.listxattr(p("h"))))
case("removexattr", lambda: os.removexattr(p("h"), "user.k"))
case("getxattr missing", lambda: os.getxattr(p("h"), "user.k"))
# --- permissions as an unprivileged user
os.mkdir(p("priv"), 0o700)
touch(p("priv", "secret"), 0o600)
os.mkdir(p("pub"), 0o777)
touch(p("pub", "ro"), 0o444)
os.mkdir(p("sticky"), 0o1777)
touch(p("sticky", "roots"), 0o666)
user_case("user: open in 0700 dir", lambda: os.open(p("priv", "secret"), os.O_RDONLY))
user_case("user: list 0700 dir", lambda: os.listdir(p("priv")))
user_case("user: create in 0777 dir", lambda: os.close(os.open(p("pub", "mine"), os.O_CREAT | os.O_WRONLY, 0o644)))
user_case("user: write read-only file", lambda: os.open(p("pub", "ro"), os.O_WRONLY))
user_case("user: chmod others' file", lambda: os.chmod(p("pub", "ro"), 0o666))
user_case("user: chown own file", lambda: os.chown(p("pub", "mine"), 0, 0))
user_case("user: unlink in sticky dir", lambda: os.unlink(p("sticky", "roots")))
user_case("user: mkdir in 0755 dir", lambda: os.mkdir(p("d", "byuser")))
user_case("user: utime others' file", lambda: os.utime(p("pub", "ro"), ns=(1, 1)))
case("owner of created file", lambda: (lambda s: "%d:%d" % (s.st_uid, s.st_gid))(os.lstat(p("pub", "mine"))))
# --- issue 18's family, for root and two unprivileged users (the second with a supplementary group):
# hard links of every file type and their link counts seen from every name, rename over links, FIFO
# permission checks by class, set-id clearing on write by a non-owner, open unlinked files, and
# permission checks through descriptors after chmod. Each user works in a folder of its own; the
# case names end with "(uid N)".
OTHER = 1002  # owns the files the users write to but do not own; none of the users below

def in_child(uid, gid, groups, fn):
    """Runs fn (which appends to results) in a child with those ids; its lines come back through a pipe."""
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(r)
        del results[:]
        try:
            os.setgroups(groups)
            os.setgid(gid)
            os.setuid(uid)
            fn()
        except BaseException as e:  # noqa
            results.append("child failed: %r" % e)
        os.write(w, "\n".join(results).encode())
        os._exit(0)
    os.close(w)
    chunks = []
    while True:
        b = os.read(r, 65536)
        if not b:
            break
        chunks.append(b)
    os.close(r)
    os.waitpid(pid, 0)
    results.extend(x for x in b"".join(chunks).decode().split("\n") if x)

def nlinks(*paths):
    return " ".join(str(os.lstat(x).st_nlink) for x in paths)

def shape(path):
    s = os.lstat(path)
    return "%s %o %d %d:%d" % (stat.S_IFMT(s.st_mode) >> 12, stat.S_IMODE(s.st_mode), s.st_nlink, s.st_uid, s.st_gid)

def make(path, kind):
    if kind == "reg":
        touch(path, 0o644)
    elif kind == "fifo":
        os.mkfifo(path, 0o644)
    elif kind == "sock":
        os.mknod(path, 0o644 | stat.S_IFSOCK)
    elif kind == "chr":
        os.mknod(path, 0o644 | stat.S_IFCHR, os.makedev(1, 3))
    else:
        os.mknod(path, 0o644 | stat.S_IFBLK, os.makedev(7, 0))

def links(q, tag, kinds):
    for kind in kinds:
        n0, n1, n2 = q(kind + "0"), q(kind + "1"), q(kind + "2")
        case("link %s create%s" % (kind, tag), lambda: (make(n0, kind), nlinks(n0))[1])
        case("link %s new name%s" % (kind, tag), lambda: (os.link(n0, n1), nlinks(n1))[1])
        case("link %s old name%s" % (kind, tag), lambda: nlinks(n0))
        case("link %s third name%s" % (kind, tag), lambda: (os.link(n1, n2), nlinks(n2))[1])
        case("link %s every name%s" % (kind, tag), lambda: nlinks(n0, n1, n2))
        case("link %s chmod other name%s" % (kind, tag), lambda: (os.chmod(n1, 0o201), shape(n0))[1])
        case("link %s unlink first%s" % (kind, tag), lambda: (os.unlink(n0), nlinks(n1, n2))[1])
        case("link %s unlinked name%s" % (kind, tag), lambda: nlinks(n0))
        r = q(kind + "r")
        case("link %s rename over link%s" % (kind, tag), lambda: (make(r, kind), os.rename(r, n2), nlinks(n1, n2))[2])
        case("link %s rename link over link%s" % (kind, tag), lambda: (os.link(n1, r), os.rename(r, n1), nlinks(n1))[2])

def fifo_opens(q, tag, uid, gid):
    # Each class gets nothing on its own FIFO and everything elsewhere: only the right class counts.
    for cls, owner, group, mode in (("owner", uid, gid, 0o077), ("group", 0, gid, 0o707), ("other", 0, 0, 0o770),
                                    ("supplementary group", 0, 1003, 0o060)):
        f = q("fifo-" + cls)
        case("fifo %s rdwr%s" % (cls, tag), lambda: os.close(os.open(f, os.O_RDWR)))
        case("fifo %s read nonblock%s" % (cls, tag), lambda: os.close(os.open(f, os.O_RDONLY | os.O_NONBLOCK)))
        case("fifo %s write nonblock%s" % (cls, tag), lambda: os.open(f, os.O_WRONLY | os.O_NONBLOCK))
    f = q("fifo-own")
    case("fifo own 0477 rdwr%s" % tag, lambda: (os.mkfifo(f, 0o644), os.chmod(f, 0o477), os.close(os.open(f, os.O_RDWR)))[2])
    case("fifo own 0277 read nonblock%s" % tag, lambda: (os.chmod(f, 0o277), os.close(os.open(f, os.O_RDONLY | os.O_NONBLOCK)))[1])
    case("fifo own 0477 read nonblock%s" % tag, lambda: (os.chmod(f, 0o477), os.close(os.open(f, os.O_RDONLY | os.O_NONBLOCK)))[1])

def prepare_fifos(q, uid, gid):
    for cls, owner, group, mode in (("owner", uid, gid, 0o077), ("group", 0, gid, 0o707), ("other", 0, 0, 0o770),
                                    ("supplementary group", 0, 1003, 0o060)):
        os.mkfifo(q("fifo-" + cls), 0o600)
        os.chown(q("fifo-" + cls), owner, group)
        os.chmod(q("fifo-" + cls), mode)

def write_to(path, how):
    if how == "write":
        fd = os.open(path, os.O_WRONLY)
        os.write(fd, b"data")
        os.close(fd)
    elif how == "ftruncate":
        fd = os.open(path, os.O_WRONLY)
        os.ftruncate(fd, 1)
        os.close(fd)
    else:
        os.truncate(path, 2)
    return mode_of(path)

def set_ids(q, tag):
    for mode in (0o4777, 0o2777, 0o6777, 0o2767, 0o4755):
        for how in ("write", "ftruncate", "truncate"):
            f = q("setid-%o-%s" % (mode, how))
            case("setid %o %s by non-owner%s" % (mode, how, tag), lambda: write_to(f, how))

def prepare_set_ids(q):
    for mode in (0o4777, 0o2777, 0o6777, 0o2767, 0o4755):
        for how in ("write", "ftruncate", "truncate"):
            f = q("setid-%o-%s" % (mode, how))
            touch(f)
            os.chown(f, OTHER, OTHER)
            os.chmod(f, mode)

def unlinked_open(q, tag):
    f = q("gone")
    fd = os.open(f, os.O_CREAT | os.O_RDWR, 0o640)
    os.write(fd, b"abcdef")
    os.unlink(f)
    case("unlinked fstat%s" % tag, lambda: (lambda s: "%d %d %o" % (s.st_nlink, s.st_size, stat.S_IMODE(s.st_mode)))(os.fstat(fd)))
    case("unlinked read%s" % tag, lambda: os.pread(fd, 10, 0).decode())
    case("unlinked write%s" % tag, lambda: os.pwrite(fd, b"XY", 2))
    case("unlinked ftruncate%s" % tag, lambda: (os.ftruncate(fd, 3), os.pread(fd, 10, 0).decode())[1])
    case("unlinked fsync%s" % tag, lambda: os.fsync(fd))
    case("unlinked lstat%s" % tag, lambda: os.lstat(f))
    case("unlinked close%s" % tag, lambda: os.close(fd))
    case("unlinked name free%s" % tag, lambda: (touch(f), nlinks(f))[1])
    # Renamed over while open: the descriptor keeps the old file, the name shows the new one.
    new, old_ = q("new"), q("old")
    with open(old_, "w") as w:
        w.write("old")
    with open(new, "w") as w:
        w.write("new")
    fd = os.open(old_, os.O_RDONLY)
    case("renamed over open%s" % tag, lambda: (os.rename(new, old_), open(old_).read())[1])
    case("renamed over fstat%s" % tag, lambda: (lambda s: "%d %d" % (s.st_nlink, s.st_size))(os.fstat(fd)))
    case("renamed over read%s" % tag, lambda: os.pread(fd, 10, 0).decode())
    case("renamed over names%s" % tag, lambda: sorted(n for n in os.listdir(os.path.dirname(old_)) if n.startswith(".")))
    os.close(fd)
    # The folder of an unlinked open file can go too.
    sub = q("sub")
    os.mkdir(sub, 0o755)
    fd = os.open(os.path.join(sub, "x"), os.O_CREAT | os.O_RDWR, 0o600)
    os.write(fd, b"kept")
    os.unlink(os.path.join(sub, "x"))
    case("unlinked folder listing%s" % tag, lambda: os.listdir(sub))
    case("unlinked folder rmdir%s" % tag, lambda: os.rmdir(sub))
    case("unlinked folder read%s" % tag, lambda: os.pread(fd, 10, 0).decode())
    case("unlinked folder fstat%s" % tag, lambda: os.fstat(fd).st_nlink)
    os.close(fd)

def descriptors(q, tag):
    f = q("mode0")
    fd = os.open(f, os.O_CREAT | os.O_RDWR, 0)
    case("fd mode 0 ftruncate%s" % tag, lambda: os.ftruncate(fd, 0))
    case("fd mode 0 write%s" % tag, lambda: os.write(fd, b"hello"))
    case("fd mode 0 fsync%s" % tag, lambda: os.fsync(fd))
    case("fd mode 0 fallocate%s" % tag, lambda: (os.posix_fallocate(fd, 0, 100), os.fstat(fd).st_size)[1])
    case("fd mode 0 ftruncate again%s" % tag, lambda: (os.ftruncate(fd, 3), os.fstat(fd).st_size)[1])
    case("fd mode 0 fchmod%s" % tag, lambda: (os.fchmod(fd, 0o640), mode_of(f))[1])
    case("fd mode 0 close%s" % tag, lambda: os.close(fd))
    case("fd mode 0 content%s" % tag, lambda: open(f, "rb").read().decode())
    g = q("chmodded")
    fd2 = os.open(g, os.O_CREAT | os.O_RDWR, 0o600)
    os.chmod(g, 0o400)
    case("fd after chmod write%s" % tag, lambda: os.write(fd2, b"abc"))
    case("fd after chmod ftruncate%s" % tag, lambda: (os.ftruncate(fd2, 2), os.fstat(fd2).st_size)[1])
    case("fd after chmod fsync%s" % tag, lambda: os.fsync(fd2))
    case("fd after chmod fallocate%s" % tag, lambda: (os.posix_fallocate(fd2, 0, 10), os.fstat(fd2).st_size)[1])
    case("fd after chmod close%s" % tag, lambda: os.close(fd2))
    case("path after chmod open%s" % tag, lambda: os.open(g, os.O_WRONLY))
    case("path after chmod truncate%s" % tag, lambda: os.truncate(g, 0))
    fd3 = os.open(g, os.O_RDONLY)
    case("read-only fd write%s" % tag, lambda: os.write(fd3, b"x"))
    case("read-only fd ftruncate%s" % tag, lambda: os.ftruncate(fd3, 0))
    os.close(fd3)

def family(uid, gid, groups):
    tag = " (uid %d)" % uid
    top = p("family-%d" % uid)
    q = lambda name: os.path.join(top, name)
    os.mkdir(top, 0o755)
    os.chown(top, uid, gid)
    prepare_fifos(q, uid, gid)
    prepare_set_ids(q)
    kinds = ("reg", "fifo", "sock", "chr", "blk") if uid == 0 else ("reg", "fifo", "sock")
    def all_cases():
        links(q, tag, kinds)
        fifo_opens(q, tag, uid, gid)
        set_ids(q, tag)
        unlinked_open(q, tag)
        descriptors(q, tag)
    if uid == 0:
        all_cases()
    else:
        in_child(uid, gid, groups, all_cases)

family(0, 0, [])
family(NOBODY, NOBODY, [])
family(1001, 1001, [1003])
# --- readdir
case("readdir", lambda: sorted(os.listdir(p("d"))))
for line in results:
    print(line)
