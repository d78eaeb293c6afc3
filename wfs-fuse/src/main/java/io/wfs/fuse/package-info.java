/**
 * The jnr-fuse adapter over wfs-client ({@code wfs mount}). See docs/client.md, "FUSE", and
 * docs/architecture.md.
 */
package io.wfs.fuse;
