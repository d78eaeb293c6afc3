/**
 * The Java client library: route cache, meta and store RPC, path resolution, write buffering,
 * read-ahead. See docs/client.md and docs/architecture.md.
 */
package io.wfs.client;
