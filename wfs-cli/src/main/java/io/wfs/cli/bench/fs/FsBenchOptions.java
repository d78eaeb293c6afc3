package io.wfs.cli.bench.fs;

/**
 * What {@code wfs bench DIR} runs: each of {@code threads} workers writes and reads one big file
 * of {@code bigFileBytes} in {@code blockBytes} requests, then {@code smallFiles} files of
 * {@code smallFileBytes}, which it then reads and stats.
 */
public record FsBenchOptions(long bigFileBytes, int blockBytes, long smallFileBytes, int smallFiles, int threads,
        boolean dropCaches, boolean keep) {
    public FsBenchOptions {
        if (bigFileBytes < 0 || smallFileBytes < 0 || smallFiles < 0) {
            throw new IllegalArgumentException("sizes and counts must not be negative");
        }
        if (blockBytes < 1 || blockBytes > (64 << 20)) {
            throw new IllegalArgumentException("--block-size must be between 1 byte and 64 MiB");
        }
        if (threads < 1 || threads > 256) {
            throw new IllegalArgumentException("--threads must be between 1 and 256");
        }
    }
}
