/**
 * The jnr-fuse adapter over wfs-client ({@code wfs mount}). See shared/DESIGN.md "Client and
 * FUSE", shared/TECH-NOTES.md "FUSE" and issue 6.
 */
package io.wfs.fuse;
