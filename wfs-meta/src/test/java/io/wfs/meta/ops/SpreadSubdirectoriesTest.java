package io.wfs.meta.ops;

import static io.wfs.meta.ops.MetaTester.ROOT;
import static io.wfs.meta.ops.MetaTester.n;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.msg.meta.CreateDelegationReply;
import io.wfs.common.msg.meta.DelegateCreatesRequest;
import io.wfs.common.msg.meta.GetXattrRequest;
import io.wfs.common.msg.meta.MetaHeader;
import io.wfs.common.msg.meta.RemoveXattrRequest;
import io.wfs.common.msg.meta.SetXattrRequest;
import io.wfs.common.posix.DirectorySpread;
import org.junit.jupiter.api.Test;

/** The directory-spread mark: which grants reserve numbers for directories (docs/metadata.md, "Asynchronous mkdir"). */
class SpreadSubdirectoriesTest {
    private final MetaTester t = new MetaTester();
    private long seq;

    private int directoryNumbers(MetaTester tester, long dir) {
        seq++;
        CreateDelegationReply grant = tester.run(new DelegateCreatesRequest(
                new MetaHeader(0, 0, new int[0]).withSequence(42, seq, seq - 1), dir));
        assertEquals(DelegateCreatesOp.RANGE, grant.count(), "files are delegated either way");
        return grant.directoryCount();
    }

    @Test
    void theRootAndAMarkedDirectoryGrantNoNumbersForDirectories() {
        long volumes = t.mkdir(ROOT, "volumes", 0755).ino();
        long plain = t.mkdir(ROOT, "plain", 0755).ino();
        assertEquals(0, directoryNumbers(t, ROOT), "the root's directories are always placed by the servers");
        assertEquals(DelegateCreatesOp.RANGE, directoryNumbers(t, volumes));

        t.run(new SetXattrRequest(t.h(), volumes, DirectorySpread.name(), DirectorySpread.on(), 0));
        assertEquals(0, directoryNumbers(t, volumes));
        assertEquals(DelegateCreatesOp.RANGE, directoryNumbers(t, plain), "only the marked directory");
        assertEquals(0, directoryNumbers(t.restoredFromSnapshot(), volumes), "the mark is in the snapshot");

        t.run(new RemoveXattrRequest(t.h(), volumes, DirectorySpread.name()));
        assertEquals(DelegateCreatesOp.RANGE, directoryNumbers(t, volumes), "removing the mark turns it off");
    }

    @Test
    void theMarkIsRootsOnADirectoryWithTheValueOne() {
        long dir = t.mkdir(ROOT, "d", 0777).ino();
        long file = t.create(ROOT, "f", 0644).ino();
        t.fails(WfsErrorCode.ENOTDIR, new SetXattrRequest(t.h(), file, DirectorySpread.name(), DirectorySpread.on(), 0));
        t.fails(WfsErrorCode.EINVAL, new SetXattrRequest(t.h(), dir, DirectorySpread.name(), n("0"), 0));
        t.fails(WfsErrorCode.EINVAL, new SetXattrRequest(t.h(), dir, DirectorySpread.name(), new byte[0], 0));
        t.as(1000, 100);
        t.fails(WfsErrorCode.EPERM, new SetXattrRequest(t.h(), dir, DirectorySpread.name(), DirectorySpread.on(), 0));
        t.as(0, 0);
        // Nothing refused was stored.
        t.fails(WfsErrorCode.ENODATA, new GetXattrRequest(t.h(), dir, DirectorySpread.name()));
        t.fails(WfsErrorCode.ENODATA, new GetXattrRequest(t.h(), file, DirectorySpread.name()));
        assertEquals(DelegateCreatesOp.RANGE, directoryNumbers(t, dir));
    }
}
