package io.wfs.fuse;

import io.wfs.common.msg.meta.InodeAttr;
import io.wfs.client.WfsFileSystem;
import ru.serce.jnrfuse.struct.FileStat;
import ru.serce.jnrfuse.struct.Statvfs;

/** Fills stat(2) from WFS attributes, and statfs(2) from the cluster's totals. */
final class FuseAttributes {
    private static final long NS = 1_000_000_000L;

    private FuseAttributes() {
    }

    static void fill(InodeAttr a, FileStat st) {
        st.st_ino.set(a.ino());
        st.st_mode.set(a.mode());
        st.st_nlink.set(a.nlink());
        st.st_uid.set(a.uid());
        st.st_gid.set(a.gid());
        st.st_size.set(a.size());
        st.st_rdev.set(a.rdev());
        st.st_blksize.set(4096);
        st.st_blocks.set((a.size() + 511) / 512);
        st.st_atim.tv_sec.set(a.atimeNs() / NS);
        st.st_atim.tv_nsec.set(a.atimeNs() % NS);
        st.st_mtim.tv_sec.set(a.mtimeNs() / NS);
        st.st_mtim.tv_nsec.set(a.mtimeNs() % NS);
        st.st_ctim.tv_sec.set(a.ctimeNs() / NS);
        st.st_ctim.tv_nsec.set(a.ctimeNs() % NS);
    }

    static void fill(WfsFileSystem.Usage u, Statvfs st) {
        long block = 4096;
        st.f_bsize.set(block);
        st.f_frsize.set(block);
        st.f_blocks.set(Math.max(u.capacityBytes(), u.usedBytes()) / block);
        st.f_bfree.set(u.freeBytes() / block);
        st.f_bavail.set(u.freeBytes() / block);
        // Inodes live in memory on the metadata servers: report plenty, and what is used, unless a
        // quota limits them.
        long files = u.inodeLimit() > 0 ? Math.max(u.inodeLimit(), u.usedInodes()) : Math.max(1L << 32, u.usedInodes() * 2);
        st.f_files.set(files);
        st.f_ffree.set(files - u.usedInodes());
        st.f_favail.set(files - u.usedInodes());
        st.f_namemax.set(255);
    }
}
