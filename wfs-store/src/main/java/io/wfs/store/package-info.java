/**
 * The block store: volumes of 4 KB-aligned append-only extents, 3-way replication, GC of the
 * extents with the most deleted bytes first. See docs/store.md and docs/architecture.md.
 */
package io.wfs.store;
