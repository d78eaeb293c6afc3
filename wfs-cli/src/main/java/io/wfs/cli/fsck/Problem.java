package io.wfs.cli.fsck;

/** The kinds of damage {@code wfs fsck} reports (docs/reliability.md). */
public enum Problem {
    DANGLING_ENTRY("entries naming an inode that does not exist"),
    WRONG_NLINK("inodes whose link count differs from the entries naming them"),
    UNREACHABLE("inodes with links that no entry names (leaked)"),
    DIRECTORY_LINKS("directories named by other than exactly one entry"),
    WRONG_PARENT("directories whose parent pointer is not the directory naming them"),
    DETACHED("directories not reachable from the root (a cycle or a lost subtree)"),
    EXPIRED_LOCK("lock flags or cross-group intents older than the sweep's horizon"),
    LOCK_WITHOUT_INTENT("lock flags no cross-group intent explains (the sweep never clears them)"),
    UNTRACKED_ORPHAN("inodes without links the group does not list as orphans (never released)"),
    UNHELD_ORPHAN("orphans no live session holds open (not released)"),
    SLICE_PAST_EOF("files with data past their size (a slice a truncate should have cut)"),
    MISSING_BLOCK("slices whose block a live replica of their volume does not hold"),
    UNKNOWN_VOLUME("slices naming a volume the cluster's route does not have"),
    UNDER_REPLICATED("volumes with fewer replicas on live stores than the cluster keeps");

    private final String description;

    Problem(String description) {
        this.description = description;
    }

    public String description() {
        return description;
    }
}
