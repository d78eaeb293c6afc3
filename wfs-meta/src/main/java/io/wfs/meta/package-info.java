/**
 * The metadata server: the in-memory, slot-sharded namespace, one jraft state machine per meta
 * group. See shared/DESIGN.md "Metadata tier" and issue 3.
 */
package io.wfs.meta;
