package io.wfs.client.cache;

/** Where cached bytes come from: a block of a volume, from an offset in it (the cluster is the cache folder's). */
record CacheKey(int volume, long blockId, int offset) {
}
