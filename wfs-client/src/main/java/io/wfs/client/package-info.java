/**
 * The Java client library: route cache, meta and store RPC, path resolution, write buffering,
 * read-ahead. See shared/DESIGN.md "Client" and issue 6.
 */
package io.wfs.client;
