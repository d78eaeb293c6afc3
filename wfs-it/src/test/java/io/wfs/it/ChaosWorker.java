package io.wfs.it;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

/**
 * One thread of the chaos workload on one mount, in a tree of its own ({@code c<k>} with four
 * subdirectories, which hash to different meta groups): creates with and without fsync, appends,
 * overwrites, truncates, renames within and across directories, hard links, unlinks (also of a
 * file it holds open, whose bytes it then reads through the descriptor), mkdir and rmdir, and
 * POSIX locks. Every operation the file system answers goes into the {@link ChaosLedger}: as
 * acknowledged, or as failed (its names become unknown). A contradiction it sees at once (an
 * acknowledged name answering ENOENT, an unlinked open file reading other bytes) is a
 * {@link #violations() violation}.
 */
final class ChaosWorker implements Runnable {
    private final Path mount;
    private final ChaosLedger ledger;
    private final Random random;
    private final boolean fsyncEverything;
    private final List<String> violations = new ArrayList<>();
    private volatile boolean stop;
    private int nextName;

    /**
     * A worker in {@code mount/<ledger root>}, its choices drawn from {@code seed}; with
     * {@code fsyncEverything} it only creates files and fsyncs each (a client that may be killed:
     * what it acknowledged before fsync may be lost).
     */
    ChaosWorker(Path mount, ChaosLedger ledger, long seed, boolean fsyncEverything) {
        this.mount = mount;
        this.ledger = ledger;
        this.random = new Random(seed);
        this.fsyncEverything = fsyncEverything;
    }

    /** Makes the worker's tree (before any fault). */
    void prepare() throws IOException {
        Files.createDirectory(mount.resolve(ledger.root()));
        ledger.directoryMade(ledger.root());
        for (int d = 0; d < 4; d++) {
            String dir = ledger.root() + "/d" + d;
            Files.createDirectory(mount.resolve(dir));
            ledger.directoryMade(dir);
        }
    }

    void stop() {
        stop = true;
    }

    List<String> violations() {
        synchronized (violations) {
            return List.copyOf(violations);
        }
    }

    @Override
    public void run() {
        while (!stop) {
            int dice = random.nextInt(100);
            if (fsyncEverything || dice < 28) {
                create();
            } else if (dice < 38) {
                change(Change.APPEND);
            } else if (dice < 46) {
                change(Change.OVERWRITE);
            } else if (dice < 52) {
                change(Change.TRUNCATE);
            } else if (dice < 64) {
                rename();
            } else if (dice < 70) {
                link();
            } else if (dice < 80) {
                unlink();
            } else if (dice < 85) {
                unlinkWhileOpen();
            } else if (dice < 88) {
                mkdir();
            } else if (dice < 90) {
                rmdir();
            } else {
                lockAndWrite();
            }
        }
    }

    private String freshName() {
        List<String> dirs = ledger.directories();
        dirs.remove(ledger.root());
        return dirs.get(random.nextInt(dirs.size())) + "/f" + nextName++;
    }

    private String anyFile() {
        List<String> names = ledger.fileNames();
        return names.isEmpty() ? null : names.get(random.nextInt(names.size()));
    }

    private byte[] data() {
        int dice = random.nextInt(10);
        int size = dice < 6 ? random.nextInt(4097) : dice < 9 ? 4096 + random.nextInt(60 * 1024) : 65536 + random.nextInt(448 * 1024);
        byte[] b = new byte[size];
        random.nextBytes(b);
        return b;
    }

    private void create() {
        String name = freshName();
        byte[] data = data();
        boolean fsync = fsyncEverything || random.nextBoolean();
        try (FileChannel ch = FileChannel.open(mount.resolve(name), StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
            writeFully(ch, data, 0);
            if (fsync) {
                ch.force(true);
            }
        } catch (IOException e) {
            ledger.failed(e, null, name);
            return;
        }
        ledger.fileWritten(name, new ChaosLedger.Inode(data));
    }

    private enum Change { APPEND, OVERWRITE, TRUNCATE }

    private void change(Change kind) {
        String name = anyFile();
        if (name == null) {
            return;
        }
        ChaosLedger.Inode inode = ledger.inode(name);
        byte[] old = inode.data;
        byte[] updated;
        try (RandomAccessFile f = new RandomAccessFile(mount.resolve(name).toFile(), "rw")) {
            switch (kind) {
                case APPEND -> {
                    byte[] more = data();
                    f.seek(old.length);
                    f.write(more);
                    updated = Arrays.copyOf(old, old.length + more.length);
                    System.arraycopy(more, 0, updated, old.length, more.length);
                }
                case OVERWRITE -> {
                    byte[] patch = data();
                    int at = old.length == 0 ? 0 : random.nextInt(old.length);
                    f.seek(at);
                    f.write(patch);
                    updated = Arrays.copyOf(old, Math.max(old.length, at + patch.length));
                    System.arraycopy(patch, 0, updated, at, patch.length);
                }
                default -> {
                    int size = random.nextBoolean() ? random.nextInt(old.length + 1) : old.length + random.nextInt(100_000);
                    f.setLength(size);
                    updated = Arrays.copyOf(old, size);
                }
            }
            if (random.nextInt(3) == 0) {
                f.getFD().sync();
            }
        } catch (IOException e) {
            expectPresent(name, e);
            ledger.failed(e, inode, name);
            return;
        }
        ledger.changed(inode, updated);
    }

    private void rename() {
        String from = anyFile();
        if (from == null) {
            return;
        }
        // Half onto a fresh name, half over another file of the worker (replacing it).
        String to = random.nextBoolean() ? freshName() : anyFile();
        if (to == null || to.equals(from) || ledger.inode(to) == ledger.inode(from)) {
            to = freshName();
        }
        String target = to;
        if (acknowledged(() -> Files.move(mount.resolve(from), mount.resolve(target), StandardCopyOption.REPLACE_EXISTING),
                from, ledger.inode(from), from, target)) {
            ledger.renamed(from, target);
        }
    }

    private void link() {
        String existing = anyFile();
        if (existing == null) {
            return;
        }
        String name = freshName();
        if (acknowledged(() -> Files.createLink(mount.resolve(name), mount.resolve(existing)), existing,
                ledger.inode(existing), existing, name)) {
            ledger.linked(existing, name);
        }
    }

    private void unlink() {
        String name = anyFile();
        if (name == null) {
            return;
        }
        if (acknowledged(() -> Files.delete(mount.resolve(name)), name, null, name)) {
            ledger.unlinked(name);
        }
    }

    /** Opens a file, unlinks it, and reads it through the descriptor: the bytes must still be all there. */
    private void unlinkWhileOpen() {
        String name = anyFile();
        if (name == null) {
            return;
        }
        ChaosLedger.Inode inode = ledger.inode(name);
        try (FileChannel ch = FileChannel.open(mount.resolve(name), StandardOpenOption.READ)) {
            try {
                Files.delete(mount.resolve(name));
            } catch (IOException e) {
                expectPresent(name, e);
                ledger.failed(e, null, name);
                return;
            }
            ledger.unlinked(name);
            ByteBuffer buf = ByteBuffer.allocate(inode.data.length + 1);
            while (buf.hasRemaining() && ch.read(buf) > 0) {
                // until EOF
            }
            buf.flip();
            byte[] read = new byte[buf.remaining()];
            buf.get(read);
            if (!inode.unknown && !Arrays.equals(read, inode.data)) {
                violation("open file " + name + " read " + read.length + " bytes after its unlink, "
                        + inode.data.length + " acknowledged");
            }
        } catch (IOException e) {
            // The open or a read failed under a fault: nothing was unlinked, or the unlink is recorded.
            if (ledger.inode(name) == inode) {
                expectPresent(name, e);
                ledger.failed(e, inode, name);
            }
        }
    }

    private void mkdir() {
        String dir = freshName();
        if (acknowledged(() -> Files.createDirectory(mount.resolve(dir)), null, null, dir)) {
            ledger.directoryMade(dir);
        }
    }

    /** Removes a directory this worker made that holds nothing it knows of (not one of its four). */
    private void rmdir() {
        List<String> dirs = ledger.directories();
        for (String dir : dirs) {
            if (dir.matches(".*/f\\d+") && ledger.fileNames().stream().noneMatch(f -> f.startsWith(dir + "/"))
                    && dirs.stream().noneMatch(d -> d.startsWith(dir + "/"))) {
                if (acknowledged(() -> Files.delete(mount.resolve(dir)), null, null, dir)) {
                    ledger.directoryRemoved(dir);
                }
                return;
            }
        }
    }

    /** Takes a POSIX write lock on a file, appends under it, releases it. */
    private void lockAndWrite() {
        String name = anyFile();
        if (name == null) {
            return;
        }
        ChaosLedger.Inode inode = ledger.inode(name);
        byte[] more = new byte[1 + random.nextInt(512)];
        random.nextBytes(more);
        try (FileChannel ch = FileChannel.open(mount.resolve(name), StandardOpenOption.WRITE);
             FileLock lock = ch.lock()) {
            writeFully(ch, more, inode.data.length);
        } catch (IOException e) {
            expectPresent(name, e);
            ledger.failed(e, inode, name);
            return;
        }
        byte[] updated = Arrays.copyOf(inode.data, inode.data.length + more.length);
        System.arraycopy(more, 0, updated, inode.data.length, more.length);
        ledger.changed(inode, updated);
    }

    /** A file system call that may fail. */
    @FunctionalInterface
    private interface Call {
        void run() throws IOException;
    }

    /**
     * Runs {@code call}; true when the file system acknowledged it. Otherwise its outcome is
     * unknown: {@code names} (and {@code inode}'s content) go unknown in the ledger, and an ENOENT
     * for {@code mustExist}, a name the ledger holds, is a violation.
     */
    private boolean acknowledged(Call call, String mustExist, ChaosLedger.Inode inode, String... names) {
        try {
            call.run();
            return true;
        } catch (IOException e) {
            if (mustExist != null) {
                expectPresent(mustExist, e);
            }
            ledger.failed(e, inode, names);
            return false;
        }
    }

    private static void writeFully(FileChannel ch, byte[] data, long at) throws IOException {
        ByteBuffer buf = ByteBuffer.wrap(data);
        long pos = at;
        while (buf.hasRemaining()) {
            pos += ch.write(buf, pos);
        }
    }

    /** An acknowledged name answering ENOENT is a lost name, whatever fault is going on. */
    private void expectPresent(String name, IOException e) {
        if (e instanceof NoSuchFileException || e.getMessage() != null && e.getMessage().contains("No such file")) {
            violation(name + " (acknowledged) answered ENOENT: " + e);
        }
    }

    private void violation(String what) {
        synchronized (violations) {
            violations.add(what);
        }
    }
}
