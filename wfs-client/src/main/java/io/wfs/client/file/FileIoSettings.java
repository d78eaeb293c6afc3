package io.wfs.client.file;

import io.wfs.client.ClientConfigKeys;
import io.wfs.common.config.WfsConfig;

/**
 * The sizes that shape a client's reads and writes (ClientConfigKeys, where each is explained).
 *
 * @param blockSize largest block one upload sends (client.block-size)
 * @param fileBuffer dirty bytes of one file before it is uploaded without waiting for close (client.file-buffer)
 * @param uploadsInFlight full-size blocks one flush sends at once (client.uploads-in-flight)
 * @param readChunk unit of reads from the stores (client.read-chunk)
 * @param cachedChunks chunks the memory read cache keeps (client.read-cache-chunks)
 * @param openPrefetch largest file whose bytes are fetched as it opens for reading (client.open-prefetch; 0: none)
 */
public record FileIoSettings(int blockSize, long fileBuffer, int uploadsInFlight, int readChunk, int cachedChunks,
                             long openPrefetch) {
    public static FileIoSettings from(WfsConfig config) {
        return new FileIoSettings(Math.toIntExact(config.get(ClientConfigKeys.BLOCK_SIZE)),
                config.get(ClientConfigKeys.FILE_BUFFER), config.get(ClientConfigKeys.UPLOADS_IN_FLIGHT),
                Math.toIntExact(config.get(ClientConfigKeys.READ_CHUNK)), config.get(ClientConfigKeys.READ_CACHE_CHUNKS),
                config.get(ClientConfigKeys.OPEN_PREFETCH));
    }
}
