/**
 * The manager: the topology authority (slot map, meta groups, store nodes, volumes, route
 * version), replicated with sofa-jraft. See shared/DESIGN.md "Manager" and issue 4.
 */
package io.wfs.manager;
