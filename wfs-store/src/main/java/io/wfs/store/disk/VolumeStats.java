package io.wfs.store.disk;

/** Fill of one volume replica: live blocks and bytes, deleted bytes awaiting GC, bytes on disk. */
public record VolumeStats(int volume, long liveBlocks, long liveBytes, long deletedBytes, long diskBytes, int extents) {
}
