package io.wfs.fuse;

import com.codahale.metrics.MetricRegistry;
import io.wfs.client.Caller;
import io.wfs.client.WfsFile;
import io.wfs.client.WfsFileSystem;
import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.msg.meta.DirEntry;
import io.wfs.common.msg.meta.InodeAttr;
import io.wfs.common.msg.meta.SetAttr;
import io.wfs.common.posix.Posix;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import jnr.ffi.Pointer;
import ru.serce.jnrfuse.FuseFillDir;
import ru.serce.jnrfuse.FuseStubFS;
import ru.serce.jnrfuse.struct.FileStat;
import ru.serce.jnrfuse.struct.FuseFileInfo;
import ru.serce.jnrfuse.struct.Statvfs;
import ru.serce.jnrfuse.struct.Timespec;

/**
 * The FUSE file system: each libfuse 2 callback maps to one {@link WfsFileSystem} call with the
 * caller from the FUSE context. Path-based calls resolve through the client's cache; calls with a
 * file handle use the open file and never the path (an open file may have lost its name; its
 * hidden name is {@link HiddenFiles}'). Other names of hard-linked files are kept current by
 * {@link OtherNames}. Record locks and flock are in {@link FuseLocks}, extended attributes in
 * {@link FuseXattrs}.
 */
public class WfsFuse extends FuseStubFS {
    final WfsFileSystem fs;
    final FuseErrors errors;
    final FuseHandles handles = new FuseHandles();
    private final FuseCallers callers = new FuseCallers();
    private final FuseLocks locks;
    private final FuseXattrs xattrs;
    private final OtherNames otherNames = new OtherNames(() -> mountPoint);
    private final HiddenFiles hidden;
    private final DirectoryListing listing;

    /** Threads of our own that serve the mount's requests (0: libfuse's workers; FuseLoops). */
    private final int loopThreads;
    private volatile FuseLoops loops;

    public WfsFuse(WfsFileSystem fs, MetricRegistry registry) {
        this(fs, registry, io.wfs.client.ClientConfigKeys.FUSE_THREADS.defaultValue());
    }

    public WfsFuse(WfsFileSystem fs, MetricRegistry registry, int loopThreads) {
        this.loopThreads = loopThreads;
        this.fs = fs;
        this.listing = new DirectoryListing(fs);
        this.errors = new FuseErrors(registry);
        this.locks = new FuseLocks(this);
        this.xattrs = new FuseXattrs(fs);
        this.hidden = new HiddenFiles(fs, handles, otherNames);
        acceptNullPathsAndUtimeSpecials();
    }

    /**
     * Mounts with libfuse's own worker threads when {@code loopThreads} is 0, else sets the mount
     * up and serves it from {@link FuseLoops}; either way in the background (as {@code blocking}
     * false), and {@link #umount} ends it.
     */
    @Override
    public void mount(Path mountPoint, boolean blocking, boolean debug, String[] fuseOpts) {
        if (loopThreads == 0) {
            super.mount(mountPoint, blocking, debug, fuseOpts);
            return;
        }
        if (!mounted.compareAndSet(false, true)) {
            throw new ru.serce.jnrfuse.FuseException("already mounted at " + this.mountPoint);
        }
        this.mountPoint = mountPoint;
        try {
            loops = FuseLoops.start(fuseOperations, FuseLoops.arguments(getFSName(), mountPoint, debug, fuseOpts), loopThreads, errors);
        } catch (RuntimeException e) {
            mounted.set(false);
            throw e;
        }
    }

    /** The mount's own loop threads, or null when libfuse runs its workers (client.fuse-threads=0). */
    FuseLoops loops() {
        return loops;
    }

    /**
     * Sets libfuse's flag_nullpath_ok and flag_utime_omit_ok bits, which jnr-fuse models only as
     * padding. Without nullpath_ok, libfuse itself answers ENOENT to reads and writes of an open file
     * that has no path (its folder went too); our file-handle calls never need the path.
     * With utime_omit_ok, utimens gets UTIME_NOW/UTIME_OMIT as the application sent them.
     */
    private void acceptNullPathsAndUtimeSpecials() {
        jnr.ffi.Pointer ops = jnr.ffi.Struct.getMemory(fuseOperations);
        long at;
        try {
            // Member.offset() is not public API in jnr-ffi; the struct layout is jnr-fuse's own.
            java.lang.reflect.Method offset = Class.forName("jnr.ffi.Struct$AbstractMember").getDeclaredMethod("offset");
            offset.setAccessible(true);
            at = (Long) offset.invoke(fuseOperations.flag_nullpath_ok);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot set the FUSE operation flags with this jnr-ffi", e);
        }
        // The C bit-field word: bit 0 nullpath_ok, bit 1 nopath, bit 2 utime_omit_ok (x86-64, little-endian).
        ops.putByte(at, (byte) (ops.getByte(at) | 0b101));
    }

    Caller caller() {
        return callers.of(getContext());
    }

    @Override
    public int getattr(String path, FileStat stat) {
        return errors.call("getattr", path, () -> {
            InodeAttr a = hidden.attrOf(caller(), path);
            otherNames.seen(path, a);
            FuseAttributes.fill(a, stat);
            return 0;
        });
    }

    @Override
    public int fgetattr(String path, FileStat stat, FuseFileInfo fi) {
        return errors.run("fgetattr", path, () -> {
            long fh = fi.fh.get();
            InodeAttr created = handles.attrOfJustCreated(fh);
            FuseAttributes.fill(created != null ? created : fs.getattr(handles.get(fh)), stat);
        });
    }

    @Override
    public int readlink(String path, Pointer buf, long size) {
        return errors.call("readlink", path, () -> {
            byte[] target = fs.readlink(caller(), path).getBytes(StandardCharsets.UTF_8);
            // readlink(2) truncates; libfuse wants the string NUL-terminated within size.
            int n = (int) Math.min(target.length, size - 1);
            buf.put(0, target, 0, n);
            buf.putByte(n, (byte) 0);
            return 0;
        });
    }

    @Override
    public int mknod(String path, long mode, long rdev) {
        return errors.run("mknod", path, () -> fs.mknod(caller(), path, (int) mode, rdev));
    }

    @Override
    public int mkdir(String path, long mode) {
        return errors.run("mkdir", path, () -> fs.mkdir(caller(), path, (int) mode));
    }

    @Override
    public int unlink(String path) {
        return errors.call("unlink", path, () -> {
            if (hidden.forget(path)) {
                return 0;
            }
            long ino = otherNames.before(path);
            fs.unlink(caller(), path);
            otherNames.unlinked(path, ino);
            return 0;
        });
    }

    @Override
    public int rmdir(String path) {
        return errors.run("rmdir", path, () -> fs.rmdir(caller(), path));
    }

    @Override
    public int symlink(String target, String path) {
        return errors.run("symlink", path, () -> fs.symlink(caller(), target, path));
    }

    @Override
    public int rename(String from, String to) {
        return errors.call("rename", from, () -> {
            if (HiddenFiles.isHiddenName(to) && hidden.hide(caller(), getContext().pid.get(), from, to)) {
                return 0;
            }
            long moved = otherNames.before(from);
            long replaced = otherNames.before(to);
            fs.rename(caller(), from, to, 0);
            otherNames.renamed(from, to, moved, replaced);
            return 0;
        });
    }

    @Override
    public int link(String existing, String path) {
        return errors.run("link", path, () -> otherNames.linked(existing, path, fs.link(caller(), existing, path)));
    }

    @Override
    public int chmod(String path, long mode) {
        return errors.call("chmod", path, () -> {
            // The kernel passes st_mode with its type bits; chmod changes only the permission bits.
            otherNames.changed(fs.setattr(caller(), path, SetAttr.NOTHING.withMode((int) mode & Posix.PERMISSION_BITS)).ino(),
                    path);
            return 0;
        });
    }

    @Override
    public int chown(String path, long uid, long gid) {
        return errors.call("chown", path, () -> {
            // -1 (as unsigned 32-bit) leaves that id unchanged.
            SetAttr change = SetAttr.NOTHING;
            if ((int) uid != -1) {
                change = change.withUid((int) uid);
            }
            if ((int) gid != -1) {
                change = change.withGid((int) gid);
            }
            if (!change.isEmpty()) {
                otherNames.changed(fs.setattr(caller(), path, change).ino(), path);
            }
            return 0;
        });
    }

    @Override
    public int truncate(String path, long size) {
        return errors.run("truncate", path,
                () -> otherNames.changed(fs.setattr(caller(), path, SetAttr.NOTHING.withSize(size)).ino(), path));
    }

    @Override
    public int ftruncate(String path, long size, FuseFileInfo fi) {
        return errors.run("ftruncate", path,
                () -> otherNames.changed(fs.setattr(handles.get(fi.fh.get()), SetAttr.NOTHING.withSize(size)).ino(), path));
    }

    @Override
    public int utimens(String path, Timespec[] times) {
        return errors.call("utimens", path, () -> {
            SetAttr change = SetAttr.NOTHING;
            long aNs = times[0].tv_nsec.longValue();
            long mNs = times[1].tv_nsec.longValue();
            if (aNs == Posix.UTIME_NOW) {
                change = change.withAtimeNow();
            } else if (aNs != Posix.UTIME_OMIT) {
                change = change.withAtime(times[0].tv_sec.get() * 1_000_000_000L + aNs);
            }
            if (mNs == Posix.UTIME_NOW) {
                change = change.withMtimeNow();
            } else if (mNs != Posix.UTIME_OMIT) {
                change = change.withMtime(times[1].tv_sec.get() * 1_000_000_000L + mNs);
            }
            otherNames.changed(fs.setattr(caller(), path, change).ino(), path);
            return 0;
        });
    }

    @Override
    public int open(String path, FuseFileInfo fi) {
        return errors.run("open", path, () -> fi.fh.set(handles.add(fs.open(caller(), path, fi.flags.get(), 0))));
    }

    @Override
    public int create(String path, long mode, FuseFileInfo fi) {
        return errors.run("create", path,
                () -> fi.fh.set(handles.addCreated(fs.open(caller(), path, fi.flags.get() | Posix.O_CREAT, (int) mode))));
    }

    @Override
    public int read(String path, Pointer buf, long size, long offset, FuseFileInfo fi) {
        return errors.call("read", path, () -> {
            byte[] out = new byte[(int) size];
            int n = fs.read(handles.get(fi.fh.get()), offset, out, out.length);
            buf.put(0, out, 0, n);
            return n;
        });
    }

    @Override
    public int write(String path, Pointer buf, long size, long offset, FuseFileInfo fi) {
        return errors.call("write", path, () -> {
            byte[] data = new byte[(int) size];
            buf.get(0, data, 0, data.length);
            return fs.writeHandedOver(handles.get(fi.fh.get()), offset, data);
        });
    }

    @Override
    public int flush(String path, FuseFileInfo fi) {
        return errors.run("flush", path, () -> fs.flush(handles.get(fi.fh.get())));
    }

    @Override
    public int fsync(String path, int isdatasync, FuseFileInfo fi) {
        return errors.run("fsync", path, () -> fs.fsync(handles.get(fi.fh.get())));
    }

    /** fsync of a directory: the creates this mount answered itself there are on the meta group (AsyncCreates). */
    @Override
    public int fsyncdir(String path, FuseFileInfo fi) {
        return errors.run("fsyncdir", path, () -> fs.fsyncdir(caller(), path));
    }

    @Override
    public int release(String path, FuseFileInfo fi) {
        return errors.call("release", path, () -> {
            WfsFile file = handles.remove(fi.fh.get());
            locks.released(file, fi);
            fs.release(file);
            // A write changed size and times, which the file's other names show too.
            otherNames.changed(file.ino(), path);
            return 0;
        });
    }

    @Override
    public int readdir(String path, Pointer buf, FuseFillDir filler, long offset, FuseFileInfo fi) {
        return errors.call("readdir", path, () -> {
            listing.fill(caller(), path, offset, (name, attr, nextOffset) -> {
                FileStat st = null;
                // Entries of another group carry stub attributes: the kernel then asks getattr for them.
                if (attr != null && !io.wfs.client.namespace.PathResolver.isStub(attr)) {
                    st = new FileStat(jnr.ffi.Runtime.getSystemRuntime());
                    FuseAttributes.fill(attr, st);
                }
                return filler.apply(buf, name, st, nextOffset) == 0;
            });
            return 0;
        });
    }

    @Override
    public int statfs(String path, Statvfs st) {
        return errors.run("statfs", path, () -> FuseAttributes.fill(fs.statfs(caller()), st));
    }

    @Override
    public int setxattr(String path, String name, Pointer value, long size, int flags) {
        return errors.call("setxattr", path, () -> xattrs.set(caller(), path, name, value, size, flags));
    }

    @Override
    public int getxattr(String path, String name, Pointer value, long size) {
        return errors.call("getxattr", path, () -> xattrs.get(caller(), path, name, value, size));
    }

    @Override
    public int listxattr(String path, Pointer list, long size) {
        return errors.call("listxattr", path, () -> xattrs.list(caller(), path, list, size));
    }

    @Override
    public int removexattr(String path, String name) {
        return errors.run("removexattr", path, () -> xattrs.remove(caller(), path, name));
    }

    /**
     * posix_fallocate (mode 0): the file grows to cover the range. Space is not reserved: blocks
     * are appended when written, so a later write can still meet ENOSPC (as on thin volumes).
     * KEEP_SIZE, PUNCH_HOLE and the other modes answer EOPNOTSUPP.
     */
    @Override
    public int fallocate(String path, int mode, long offset, long length, FuseFileInfo fi) {
        return errors.call("fallocate", path, () -> {
            if (mode != 0) {
                return -WfsErrorCode.EOPNOTSUPP.errno();
            }
            if (offset < 0 || length <= 0) {
                return -WfsErrorCode.EINVAL.errno();
            }
            WfsFile file = handles.get(fi.fh.get());
            if (fs.getattr(file).size() < offset + length) {
                otherNames.changed(fs.setattr(file, SetAttr.NOTHING.withSize(offset + length)).ino(), path);
            }
            return 0;
        });
    }

    @Override
    public int lock(String path, FuseFileInfo fi, int cmd, ru.serce.jnrfuse.struct.Flock flock) {
        return errors.call("lock", path, () -> locks.lock(fi, cmd, flock));
    }

    @Override
    public int flock(String path, FuseFileInfo fi, int op) {
        return errors.call("flock", path, () -> locks.flock(fi, op));
    }
}
