/**
 * The manager: the topology authority (slot map, meta groups, store nodes, volumes, route
 * version), replicated with sofa-jraft. See docs/manager.md and docs/architecture.md.
 */
package io.wfs.manager;
