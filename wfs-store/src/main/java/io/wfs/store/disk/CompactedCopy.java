package io.wfs.store.disk;

/** A live block GC copied: where it was (packed location) and its record in the target extent. */
public record CompactedCopy(long oldLocation, IndexRecord copy) {
}
