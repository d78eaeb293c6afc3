/**
 * The block store: volumes of 4 KB-aligned append-only extents, 3-way replication, GC of the
 * extents with the most deleted bytes first. See shared/DESIGN.md "Store tier" and issue 5.
 */
package io.wfs.store;
