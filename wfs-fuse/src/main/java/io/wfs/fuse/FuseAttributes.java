package io.wfs.fuse;

import io.wfs.common.msg.meta.InodeAttr;
import ru.serce.jnrfuse.struct.FileStat;

/** Fills stat(2) from WFS attributes. */
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
}
