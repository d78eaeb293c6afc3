package io.wfs.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.wfs.fuse.WfsMount;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Real applications on a {@code wfs local} mount (started with the real launcher): git clone and
 * git fsck, tar x and a checksum comparison, sqlite3 in WAL and rollback-journal modes with
 * PRAGMA integrity_check, fio with crc32c verification, a short dbench, rsync -a and diff -r.
 * Then the whole local cluster is stopped and started again on its folder and every result is
 * checked again, and {@code wfs fsck} finds the namespace and the blocks clean.
 */
// Longer than the 10-minute default of the ITs (pom.xml): twenty-odd programs on the mount (each may take up to
// 10 minutes here), a restart, and all checked again.
@Timeout(value = 30, unit = TimeUnit.MINUTES)
@RunsAlone
class ApplicationsIT {
    /**
     * Each a transaction with its own fsyncs and locks: 200 per journal mode exercise both as well as
     * more would, with the WAL checkpointed into the database every 50 pages (several times).
     */
    private static final int SQL_TRANSACTIONS = 200;

    private record Result(int exit, String output) {
    }

    private static Result sh(Path cwd, String script) throws Exception {
        Process p = new ProcessBuilder("bash", "-euo", "pipefail", "-c", script).directory(cwd.toFile())
                .redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(10, TimeUnit.MINUTES), "timed out: " + script);
        return new Result(p.exitValue(), out);
    }

    /** The cluster under test, whose log a failed command's message quotes. */
    private static WfsLocalCommand underTest;

    private static void ok(Path cwd, String script) throws Exception {
        long start = System.nanoTime();
        Result r = sh(cwd, script);
        // Where the test's time goes, in its output file (it is one of the suite's longest).
        System.out.printf("applications: %.1f s: %s%n", (System.nanoTime() - start) / 1e9,
                script.length() > 70 ? script.substring(0, 70) + "…" : script);
        assertEquals(0, r.exit(), () -> script + "\n" + r.output()
                + (underTest == null ? "" : "\nwfs local's warnings and errors:\n" + underTest.problems(40)));
    }

    @Test
    void gitTarSqliteFioDbenchRsyncRunOnTheMountAndSurviveARestart() throws Exception {
        try (MiniCluster cluster = MiniCluster.builder().localCommand().start()) {
            WfsLocalCommand local = cluster.localCommand();
            underTest = local;
            Path mnt = local.mountPoint();
            Path work = Files.createDirectories(cluster.dir().resolve("work"));
            WfsLocalCommand.Result start = local.start();
            assertEquals(0, start.exit(), start.output());
            prepareSources(work);
            // git: clone a local repository onto the mount, then check every object.
            ok(work, "git clone -q src-repo '" + mnt + "/repo' && git -C '" + mnt + "/repo' fsck --full");
            // tar: unpack a tarball and compare checksums with the source tree.
            ok(work, "mkdir '" + mnt + "/untar' && tar xf tree.tar -C '" + mnt + "/untar' && "
                    + "(cd tree && find . -type f -print0 | sort -z | xargs -0 sha256sum) > tree.sums && "
                    + "(cd '" + mnt + "/untar/tree' && sha256sum --quiet -c '" + work + "/tree.sums')");
            // sqlite3: thousands of transactions in WAL and in rollback-journal mode.
            for (String mode : List.of("wal", "delete")) {
                ok(work, "sqlite3 '" + mnt + "/" + mode + ".db' < sql-" + mode + ".sql");
                assertEquals("ok\n" + SQL_TRANSACTIONS, sh(work, "sqlite3 '" + mnt + "/" + mode + ".db' 'PRAGMA integrity_check; "
                        + "SELECT count(*) FROM t;'").output().strip());
            }
            // fio: sequential and random writes, every block verified with crc32c.
            ok(work, "fio --name=seq --directory='" + mnt + "' --rw=write --bs=1M --size=24M --verify=crc32c "
                    + "--do_verify=1 --end_fsync=1 --output=/dev/null && fio --name=rand --directory='" + mnt
                    + "' --rw=randwrite --bs=4k --size=8M --verify=crc32c --do_verify=1 --end_fsync=1 --output=/dev/null");
            // dbench: a short run of its file-server load.
            ok(work, "mkdir '" + mnt + "/dbench' && dbench -D '" + mnt + "/dbench' -t 4 2 > dbench.log");
            // rsync -a of a part of this machine's /usr/share/doc (files, folders, symlinks), then diff -r.
            ok(work, "rsync -a docs/ '" + mnt + "/docs/' && diff -r --no-dereference docs '" + mnt + "/docs'");

            WfsLocalCommand.Result stop = local.stop();
            assertEquals(0, stop.exit(), stop.output());
            assertFalse(WfsMount.isMounted(mnt));
            assertEquals(0, local.start().exit());
            ok(work, "git -C '" + mnt + "/repo' fsck --full");
            ok(work, "cd '" + mnt + "/untar/tree' && sha256sum --quiet -c '" + work + "/tree.sums'");
            for (String mode : List.of("wal", "delete")) {
                assertEquals("ok\n" + SQL_TRANSACTIONS, sh(work, "sqlite3 '" + mnt + "/" + mode + ".db' 'PRAGMA integrity_check; "
                        + "SELECT count(*) FROM t;'").output().strip());
            }
            ok(work, "diff -r --no-dereference docs '" + mnt + "/docs'");
            // After all of it, namespace and blocks: wfs fsck finds nothing wrong (issue 19).
            WfsLocalCommand.Result fsck = WfsLocalCommand.wfsWith(
                    java.util.Map.of("WFS_LOCAL_DIR", local.data().toString()), "fsck", "--no-progress");
            assertEquals(0, fsck.exit(), fsck.output());
            assertTrue(fsck.output().contains(": clean"), fsck.output());
        }
    }

    /** A git repository, a tarball of a generated tree and SQL scripts. */
    private static void prepareSources(Path work) throws Exception {
        Path tree = work.resolve("tree");
        Random r = new Random(5);
        for (int i = 0; i < 200; i++) {
            Path f = tree.resolve("p" + (i % 6)).resolve("q" + (i % 4)).resolve("f" + i + ".bin");
            Files.createDirectories(f.getParent());
            byte[] b = new byte[r.nextInt(i % 40 == 0 ? 1 << 20 : 20_000)];
            r.nextBytes(b);
            Files.write(f, b);
        }
        ok(work, "tar cf tree.tar tree");
        // About 1,400 files of /usr/share/doc: the whole folder (5,000 files) doubled this test's time.
        ok(work, "mkdir docs && cp -a /usr/share/doc/[a-k]* docs/");
        ok(work, "mkdir src-repo && cd src-repo && git init -q && cp -r ../tree . && "
                + "git -c user.email=t@wfs -c user.name=t add -A && git -c user.email=t@wfs -c user.name=t commit -qm one && "
                + "echo more > more.txt && git -c user.email=t@wfs -c user.name=t add more.txt && "
                + "git -c user.email=t@wfs -c user.name=t commit -qm two");
        for (String mode : List.of("wal", "delete")) {
            StringBuilder sql = new StringBuilder("PRAGMA journal_mode=" + mode + ";\nPRAGMA wal_autocheckpoint=50;\n"
                    + "CREATE TABLE t(id INTEGER PRIMARY KEY, v TEXT);\n");
            for (int i = 0; i < SQL_TRANSACTIONS; i++) {
                sql.append("BEGIN; INSERT INTO t(v) VALUES('row ").append(i).append(" ").append("x".repeat(i % 200))
                        .append("'); COMMIT;\n");
            }
            Files.writeString(work.resolve("sql-" + mode + ".sql"), sql);
        }
    }
}
