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
# --- readdir
case("readdir", lambda: sorted(os.listdir(p("d"))))
for line in results:
    print(line)
