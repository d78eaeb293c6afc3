/**
 * The metadata server: the in-memory, slot-sharded namespace, one jraft state machine per meta
 * group. See docs/metadata.md, docs/meta-memory.md and docs/architecture.md.
 */
package io.wfs.meta;
